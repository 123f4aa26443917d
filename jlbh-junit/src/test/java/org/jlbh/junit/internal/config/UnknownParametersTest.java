package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class UnknownParametersTest {

    @Test
    void eachUnknownJlbhNameIsWarnedOfOnceNamingTheNearestParameter() {
        assertThat(UnknownParameters.warnings(List.of("jlbh.retries", "jlbh.mode", "jlbh.remeasure", "java.version",
                "jlbh.baseline.tolerence", "jlbh.retries", "user.dir"))).containsExactly(
                "jlbh.baseline.tolerence is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + "jlbh.baseline.tolerance?",
                "jlbh.remeasure is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + "jlbh.remeasure.undecided?",
                "jlbh.retries is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + "jlbh.retry.failed?");
    }

    @Test
    void everyParameterIsKnownAndNothingElseIs() throws IllegalAccessException {
        List<String> declared = new ArrayList<>();
        for (Field field : LatencyTestConfiguration.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                declared.add((String) field.get(null));
            }
        }
        assertThat(UnknownParameters.KNOWN).containsExactlyInAnyOrderElementsOf(declared);
        assertThat(UnknownParameters.warnings(declared)).isEmpty();
    }

    @Test
    void theDistanceCountsSingleCharacterEdits() {
        assertThat(UnknownParameters.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(UnknownParameters.distance("", "abc")).isEqualTo(3);
        assertThat(UnknownParameters.distance("jlbh.mode", "jlbh.mode")).isZero();
        assertThat(UnknownParameters.distance("jlbh.nodes", "jlbh.mode")).isEqualTo(2);
    }
}
