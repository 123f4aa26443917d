package org.jlbh.junit;

import org.assertj.core.api.AbstractAssert;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Assertions on one probe's results over all runs; obtain through {@link JLBHResultAssert#endToEnd()} or
 * {@link JLBHResultAssert#probe(String)}.
 */
public class ProbeResultAssert extends AbstractAssert<ProbeResultAssert, JLBHResult.ProbeResult> {
    private final JLBHResult result;

    ProbeResultAssert(JLBHResult.ProbeResult actual, JLBHResult result) {
        super(actual, ProbeResultAssert.class);
        this.result = result;
    }

    /**
     * Verifies that the median run's value at the percentile is at most {@code maxMicros}.
     * <p>With runs at p99.9 of 40, 45 and 90 µs, {@code hasPercentileAtMostMicros(99.9, 50)} passes (median 45)
     * and {@code hasPercentileAtMostMicros(99.9, 42)} fails with
     * {@code end to end p99.9 was 45.000 µs, budget 42 µs (runs: 40.000, 45.000, 90.000 µs; 10,000/s;
     * coordinated omission on)}.
     *
     * @param percentile a percentile in (0, 100]
     * @param maxMicros  the most it may be, in microseconds
     * @return this
     */
    public ProbeResultAssert hasPercentileAtMostMicros(double percentile, double maxMicros) {
        return hasPercentileAtMostMicros(percentile, maxMicros, Verdict.MEDIAN_RUN);
    }

    /**
     * Verifies that the value at the percentile is at most {@code maxMicros}, judged over the runs as the verdict
     * says. Fails too when a run has too few samples for the percentile (it needs {@code 10 / (1 − p/100)}), or
     * when there is no run.
     *
     * @param percentile a percentile in (0, 100]
     * @param maxMicros  the most it may be, in microseconds
     * @param verdict    which runs must be within the budget
     * @return this
     */
    public ProbeResultAssert hasPercentileAtMostMicros(double percentile, double maxMicros, Verdict verdict) {
        isNotNull();
        Percentiles.requireValid(percentile);
        List<? extends RunResult> runs = actual.eachRunSummary();
        String what = actual.name() + " p" + Percentiles.label(percentile);
        if (runs.isEmpty()) {
            failWithMessage("%s could not be judged: no run was measured", what);
        }
        for (RunResult run : runs) {
            if (!run.supports(percentile)) {
                failWithMessage("%s could not be judged: run %d has %,d samples, and p%s needs at least %,d",
                        what, run.run(), run.count(), Percentiles.label(percentile),
                        Percentiles.minimumSamples(percentile));
            }
        }
        List<Double> values = runValuesNanos(percentile);
        double judged = verdict.judge(values);
        if (judged > maxMicros * 1_000) {
            String runsText = values.stream().map(ReportFormat::micros).collect(Collectors.joining(", "));
            String where = verdict == Verdict.EVERY_RUN && runs.size() > 1
                    ? " in run " + (values.indexOf(judged) + 1) + " (every run must be within budget)" : "";
            failWithMessage("%s", String.format(Locale.ROOT, "%s was %s \u00b5s%s, budget %s \u00b5s (runs: %s \u00b5s; %s; coordinated omission %s)",
                    what, ReportFormat.micros(judged), where, ReportFormat.plain(maxMicros), runsText,
                    ReportFormat.rate(result.targetThroughputPerSecond()),
                    result.accountedForCoordinatedOmission() ? "on" : "off"));
        }
        return this;
    }

    /**
     * @param run 1-based run number
     * @return assertions on that run's distribution; fails when there is no such run
     */
    public RunResultAssert run(int run) {
        isNotNull();
        if (run < 1 || run > actual.eachRunSummary().size()) {
            failWithMessage("Expected run %d of %s but there are %d runs", run, actual.name(), actual.eachRunSummary().size());
        }
        return new RunResultAssert(actual.eachRunSummary().get(run - 1), actual.name());
    }

    /**
     * @param percentile a percentile every run supports
     * @param verdict    how the runs are judged
     * @return the value the verdict judges, in nanoseconds; call after {@link #hasPercentileAtMostMicros} passed
     */
    double judgedNanos(double percentile, Verdict verdict) {
        return verdict.judge(runValuesNanos(percentile));
    }

    private List<Double> runValuesNanos(double percentile) {
        List<Double> values = new ArrayList<>();
        for (RunResult run : actual.eachRunSummary()) {
            values.add((double) run.percentile(percentile).toNanos());
        }
        return values;
    }
}
