package org.jlbh.benchmarks.builds;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * One build, in the JVM it is given (the scenarios fork a fresh one each time): runs one latency test method through
 * the JUnit launcher, as Surefire would, with the configuration parameters given, and prints how it ended as
 * {@code OUTCOME SUCCESSFUL|FAILED|ABORTED} then {@code MESSAGE <the failure or abort message, one line>}.
 *
 * <p>Arguments: {@code <class> <method> [key=value ...]}, the pairs being JUnit configuration parameters.
 */
public final class LatencyBuild {

    private LatencyBuild() {
    }

    public static void main(String[] args) throws ClassNotFoundException {
        Class<?> testClass = Class.forName(args[0]);
        Map<String, String> parameters = new HashMap<>();
        for (int i = 2; i < args.length; i++) {
            String[] pair = args[i].split("=", 2);
            parameters.put(pair[0], pair[1]);
        }
        AtomicReference<TestExecutionResult> result = new AtomicReference<>();
        Launcher launcher = LauncherFactory.create();
        Method method = Arrays.stream(testClass.getDeclaredMethods()).filter(m -> m.getName().equals(args[1]))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no method " + args[1] + " in " + testClass));
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectMethod(testClass, method))
                .configurationParameters(parameters).build(), new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier identifier, TestExecutionResult finished) {
                if (identifier.isTest()) {
                    result.set(finished);
                }
            }
        });
        TestExecutionResult finished = result.get();
        if (finished == null) {
            System.out.println("OUTCOME ABORTED");
            System.out.println("MESSAGE the test did not run");
            return;
        }
        System.out.println("OUTCOME " + finished.getStatus());
        System.out.println("MESSAGE " + finished.getThrowable().map(Throwable::getMessage).orElse("")
                .replace('\n', ' ').replace('\r', ' '));
    }
}
