package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.ConfigurationError;
import org.jlbh.junit.internal.config.DeclarationRules;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.config.TestSettingsReader;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.report.SweepTable;
import org.jlbh.junit.internal.run.AbandonedBodies;
import org.jlbh.junit.internal.run.Measurement;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.LiveEvidence;
import org.jlbh.junit.internal.run.evidence.StallSource;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/**
 * Prepares a latency test before its setup runs: its declaration and settings validated (a configuration error fails
 * it before anything runs), its measurement made, so that its probe and context parameters can be resolved, and the
 * {@link TestState} kept in its store. Stateless; thread-safe.
 */
public final class TestPreparation {

    private TestPreparation() {
    }

    /**
     * @param context a test's context
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException when the test is declared or
     *                                                                         configured wrongly
     */
    public static void prepare(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Optional<LatencyTest> latencyTest = AnnotationSupport.findAnnotation(method, LatencyTest.class);
        Optional<LatencyTemplate> latencyTemplate = AnnotationSupport.findAnnotation(method, LatencyTemplate.class);
        if (latencyTest.isEmpty() && latencyTemplate.isEmpty()) {
            return; // registered for the whole class (an annotation meta-annotated with @LatencyTest on it): not ours
        }
        DeclarationRules.check(method);
        List<LatencyBudget> budgets = AnnotationSupport.findRepeatableAnnotations(method, LatencyBudget.class);
        Configuration configuration = Stores.configuration(context).require(ConfigurationError.where(method));
        TestSettings settings;
        Optional<SweepRate> sweep = Optional.empty();
        if (latencyTest.isPresent()) {
            DeclarationRules.requireNotATemplate(method);
            settings = TestSettingsReader.read(context.getRequiredTestClass(), method, "", latencyTest.get(),
                    budgets, configuration);
        } else {
            LatencyTemplate template = latencyTemplate.get();
            int index = DeclarationRules.invocationIndex(method, context.getUniqueId());
            Optional<Sweep> swept = Sweep.of(method, template);
            if (swept.isPresent()) {
                DeclarationRules.requireNoOtherTemplate(method);
            }
            String label = swept.map(s -> Sweep.label(s.rate(index))).orElseGet(() -> {
                String shown = context.getDisplayName();
                return shown.startsWith("[" + index + "]") ? shown : "[" + index + "] " + shown;
            });
            context.getStore(Stores.NAMESPACE).put(TestState.InvocationName.class, new TestState.InvocationName(label));
            int throughput = swept.map(s -> s.rate(index)).orElse(template.throughput());
            settings = TestSettingsReader.read(context.getRequiredTestClass(), method, label, template, throughput,
                    budgets, configuration);
            sweep = swept.map(s -> new SweepRate(s, throughput, Stores.shared(Stores.classContext(context),
                    new TestState.SweptMethod(method), SweepTable.class, () -> new SweepTable(s, template.verdict()))));
        }
        TestSettings prepared = withPairsNeeded(settings);
        StallSource stalls = context.getStore(Stores.NAMESPACE).getOrDefault(StallSource.class, StallSource.class,
                StallSource.OS_JITTER);
        AbandonedBodies abandoned = Stores.shared(context.getRoot(), AbandonedBodies.class, AbandonedBodies::new);
        EvidenceSource evidence = evidence(context, configuration);
        Optional<Measurement> base = configuration.paired().map(paired ->
                Measurement.prepare(prepared, stalls, evidence, abandoned));
        context.getStore(Stores.NAMESPACE).put(TestState.class, new TestState(prepared,
                Measurement.prepare(prepared, stalls, evidence, abandoned), sweep, base));
    }

    /**
     * In the paired mode, a test whose runs are sized takes in each attempt the fewest runs whose rounds its comparison
     * judges with: every percentile compared, of end to end and of each probe, counted as a row of its own (the most
     * rows it can have), {@link PairedComparison#FAMILY_ALPHA} split over them (8 rounds, 15 runs, for p50, p90 and
     * p99).
     *
     * @param settings a test's settings
     * @return them, with the pairs needed where they are paired and their runs sized
     */
    static TestSettings withPairsNeeded(TestSettings settings) {
        if (!settings.run().sizing().runs() || settings.configuration().paired().isEmpty()) {
            return settings;
        }
        int rows = settings.configuration().baselinePercentiles().size() * (1 + settings.run().probes().size());
        int runs = PairedComparison.fewestRuns(rows);
        return new TestSettings(settings.identity(), settings.configuration(), settings.run().withRuns(runs),
                settings.budgets());
    }

    /**
     * @return where the evidence that attributes late samples comes from: one injected into the store (tests), none
     *         when {@code jlbh.evidence = off}, else this machine's, shared by the test run
     */
    private static EvidenceSource evidence(ExtensionContext context, Configuration configuration) {
        EvidenceSource injected = context.getStore(Stores.NAMESPACE).get(EvidenceSource.class, EvidenceSource.class);
        if (injected != null) {
            return injected;
        }
        if (!configuration.evidence()) {
            return EvidenceSource.OFF;
        }
        return Stores.shared(context.getRoot(), LiveEvidence.class, LiveEvidence::new);
    }
}
