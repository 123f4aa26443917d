package com.example;

import org.junit.jupiter.api.Test;

class JUnitVersionTest {

    // says which JUnit ran the build, for verify.groovy
    @Test
    void printsTheJUnitVersion() {
        System.out.println("JUnit Jupiter API " + Test.class.getPackage().getImplementationVersion()
                + ", engine " + org.junit.platform.engine.TestEngine.class.getPackage().getImplementationVersion());
    }
}
