package org.jlbh.junit.internal.config;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.Arrivals;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** A test's annotations and the configuration combined, and validated, without the engine. */
class TestSettingsTest {

    static class Fixtures {
        @LatencyTest(throughput = 20_000, iterations = 10_000, warmUpIterations = 1_000, runs = 2, percentile = 99.9,
                maxMicros = 50)
        @LatencyBudget(probe = "parse", percentile = 50, maxMicros = 5)
        void valid(@Probe("parse") NanoSampler parse, IterationContext iteration) {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50, arrivals = Arrivals.POISSON,
                arrivalSeed = 42)
        void poisson() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50, runs = 0)
        void noRuns() {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        void duplicateProbe(@Probe("p") NanoSampler a, @Probe("p") NanoSampler b) {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        void probeNamedLikeOsJitter(@Probe("OS jitter") NanoSampler a) {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        void probeWhoseFileIsEndToEnds(@Probe("end-to-end") NanoSampler a) {
        }

        @LatencyTest(throughput = 1_000, iterations = 100, percentile = 50, maxMicros = 50)
        void probesWithOneFileName(@Probe("order/parse") NanoSampler a, @Probe("order parse") NanoSampler b) {
        }
    }

    private static TestSettings settings(String name, Map<String, String> parameters) {
        Method method = java.util.Arrays.stream(Fixtures.class.getDeclaredMethods())
                .filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
        Configuration configuration = Configuration.load(key -> Optional.ofNullable(parameters.get(key)))
                .require(ConfigurationError.where(method));
        return TestSettingsReader.read(Fixtures.class, method, "",
                AnnotationSupport.findAnnotation(method, LatencyTest.class).orElseThrow(),
                AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class), configuration);
    }

    @Test
    void theAnnotationsBudgetsProbesAndFactorsCombine() {
        TestSettings settings = settings("valid", Map.of("jlbh.iterations.factor", "2", "jlbh.budget.factor", "3"));

        assertThat(settings.run().iterations()).isEqualTo(20_000);
        assertThat(settings.run().warmUpIterations()).isEqualTo(2_000);
        assertThat(settings.budgets().latency()).containsExactly(new Budget("end to end", 99.9, 150, 50),
                new Budget("parse", 50, 15, 5));
        assertThat(settings.run().probes()).isEqualTo(Set.of("parse"));
        assertThat(settings.run().samplesItself()).isTrue();
        assertThat(settings.budgets().hasAllocationBudget()).isFalse();
        assertThat(settings.configuration().reportDir()).isEqualTo(Path.of("target/jlbh-reports"));
        assertThat(settings.describeRuns()).isEqualTo("20,000/s, 2,000 warm-up + 2 runs x 20,000 iterations, "
                + "coordinated omission on, verdict MEDIAN_RUN; budgets: end to end p99.9 <= 150 \u00b5s (50 \u00b5s "
                + "scaled by jlbh.budget.factor); parse p50 <= 15 \u00b5s (5 \u00b5s scaled by jlbh.budget.factor)");
    }

    @Test
    void poissonArrivalsReachTheHarnessAndTheDescription() {
        TestSettings settings = settings("poisson", Map.of());

        assertThat(settings.run().options().toString()).contains("arrivals=Poisson (seed 42)");
        assertThat(settings.describeRuns()).startsWith("1,000/s Poisson (seed 42) arrivals, warm-up until compiled");
        assertThat(settings("valid", Map.of()).run().options().toString()).contains("arrivals=fixed rate");
    }

    @Test
    void badAttributesAreConfigurationErrorsNamingMethodAttributeValueAndFix() {
        assertThatExceptionOfType(ExtensionConfigurationException.class).isThrownBy(() -> settings("noRuns", Map.of()))
                .withMessage("Configuration error: @LatencyTest on method [void org.jlbh.junit.internal.config."
                        + "TestSettingsTest$Fixtures.noRuns()] has 'runs' = 0. Fix: 'runs' must be positive (e.g. runs = 3, or leave it unset to measure until "
                        + "decided)");
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> settings("duplicateProbe", Map.of()))
                .withMessageContaining("names the probe \"p\" twice. Fix: give each @Probe parameter a name of "
                        + "its own, other than \"end to end\" and \"OS jitter\"");
    }

    /** Each probe has a histogram file named after it: no name may take another's, or the report's own. */
    @Test
    void aProbeNameTakingAReportsOwnNameOrAnothersFileIsAConfigurationError() {
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> settings("probeNamedLikeOsJitter", Map.of()))
                .withMessageContaining("names a probe \"OS jitter\", a name the report gives its own figures. Fix:");
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> settings("probeWhoseFileIsEndToEnds", Map.of()))
                .withMessageContaining("names probes \"end to end\" and \"end-to-end\", whose report files would "
                        + "have one name (\u2026end-to-end.hgrm). Fix:");
        assertThatExceptionOfType(ExtensionConfigurationException.class)
                .isThrownBy(() -> settings("probesWithOneFileName", Map.of()))
                .withMessageContaining("names probes \"order/parse\" and \"order parse\", whose report files "
                        + "would have one name (\u2026order-parse.hgrm). Fix:");
    }

    @Test
    void anIterationsFactorThatLeavesTooFewSamplesAbortsRatherThanPasses() {
        assertThatExceptionOfType(TestAbortedException.class)
                .isThrownBy(() -> settings("valid", Map.of("jlbh.iterations.factor", "0.5")))
                .withMessage("jlbh.iterations.factor = 0.5 leaves 5,000 iterations per run, too few to judge p99.9, "
                        + "which needs at least 10,000: not measured. To decide it: a factor of at least 1");
        assertThat(settings("valid", Map.of("jlbh.iterations.factor", "0.5", "jlbh.mode", "disabled")).run().iterations())
                .as("disabled tests are not measured, so nothing to abort").isEqualTo(5_000);
    }
}
