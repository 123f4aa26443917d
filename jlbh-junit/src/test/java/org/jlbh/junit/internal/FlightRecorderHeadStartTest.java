package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.LatencyTestConfiguration;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/** When the Flight Recorder is started ahead, at discovery: a selected class holds a latency test, evidence on. */
class FlightRecorderHeadStartTest {

    static class Plain {
        @Test
        void plain() {
        }
    }

    static class Latency {
        @LatencyTest(throughput = 1_000, percentile = 50, maxMicros = 1_000)
        void measured() {
        }
    }

    static class Outer {
        @Nested
        class Inner {
            @LatencyTest(throughput = 1_000, percentile = 50, maxMicros = 1_000)
            void measured() {
            }
        }
    }

    private static LauncherDiscoveryRequestBuilder select(Class<?> testClass) {
        return LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass));
    }

    @Test
    void aSelectedClassWithALatencyTestStartsTheRecorderAhead() {
        assertThat(FlightRecorderHeadStart.wanted(select(Latency.class).build())).isTrue();
        assertThat(FlightRecorderHeadStart.wanted(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(Latency.class, "measured")).build())).isTrue();
        assertThat(FlightRecorderHeadStart.wanted(select(Outer.class).build())).as("a @Nested class's").isTrue();
    }

    @Test
    void classesWithoutLatencyTestsDoNot() {
        assertThat(FlightRecorderHeadStart.wanted(select(Plain.class).build())).isFalse();
        assertThat(FlightRecorderHeadStart.wanted(LauncherDiscoveryRequestBuilder.request().build())).isFalse();
    }

    @Test
    void evidenceOffDoesNot() {
        LauncherDiscoveryRequest off = select(Latency.class)
                .configurationParameter(LatencyTestConfiguration.EVIDENCE, "off").build();
        assertThat(FlightRecorderHeadStart.wanted(off)).isFalse();
        LauncherDiscoveryRequest on = select(Latency.class)
                .configurationParameter(LatencyTestConfiguration.EVIDENCE, "on").build();
        assertThat(FlightRecorderHeadStart.wanted(on)).isTrue();
    }

    @Test
    void theJUnitLauncherFindsItThroughItsServiceLoader() {
        assertThat(ServiceLoader.load(LauncherDiscoveryListener.class).stream().map(ServiceLoader.Provider::type))
                .contains(FlightRecorderHeadStart.class, UnrunnableLatencyTests.class);
    }
}
