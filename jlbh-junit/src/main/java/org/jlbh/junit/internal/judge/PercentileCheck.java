package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A latency budget checked against measured runs: the value at a percentile must be at most a number of
 * microseconds, judged over the runs as a {@link Verdict} says. The one budget check, which the extension and the
 * AssertJ assertions share; it never throws for a breach. It is judged only when every run has the samples for the
 * percentile ({@code 10 / (1 − p/100)}); otherwise it is not met and says why. Immutable; thread-safe.
 *
 * @param what           what is checked, e.g. {@code end to end p99.9}
 * @param runValuesNanos each run's value at the percentile, in nanoseconds, in run order; empty when not judged
 * @param judgedNanos    the value judged, in nanoseconds (the median or worst run's); NaN when not {@link #judged()}
 * @param unjudged       why it could not be judged, when it could not
 * @param where          said in a breach after the value, e.g. {@code  in run 2 (every run must be within budget)}
 * @param runs           said in a breach after the budget: each run's value, the rate, coordinated omission
 */
public record PercentileCheck(String what, double maxMicros, List<Double> runValuesNanos, double judgedNanos,
                              Optional<String> unjudged, String where, String runs) {

    public PercentileCheck {
        runValuesNanos = List.copyOf(runValuesNanos);
    }

    /**
     * @return the check of the probe (or end to end) of the result (for its rate and coordinated omission) over all
     *         its runs: at a percentile in (0, 100], at most {@code maxMicros}, judged as the verdict says
     * @throws IllegalArgumentException when the percentile is outside (0, 100]
     */
    public static PercentileCheck of(JLBHResult result, JLBHResult.ProbeResult probe, double percentile,
                                     double maxMicros, Verdict verdict) {
        Percentiles.requireValid(percentile);
        String what = probe.name() + " p" + Percentiles.label(percentile);
        List<RunResult> runs = probe.eachRunSummary();
        if (runs.isEmpty()) {
            return unjudged(what, maxMicros, "no run was measured");
        }
        for (RunResult run : runs) {
            if (!run.supports(percentile)) {
                return unjudged(what, maxMicros, String.format(Locale.ROOT, "run %d has %,d samples, and p%s needs at "
                        + "least %,d", run.run(), run.count(), Percentiles.label(percentile),
                        Percentiles.minimumSamples(percentile)));
            }
        }
        List<Double> values = runs.stream().map(run -> (double) run.percentile(percentile).toNanos()).toList();
        double judged = verdict.judge(values);
        String where = verdict == Verdict.EVERY_RUN && runs.size() > 1
                ? " in run " + (values.indexOf(judged) + 1) + " (every run must be within budget)" : "";
        String runsNote = String.format(Locale.ROOT, " (runs: %s \u00b5s; %s; coordinated omission %s)",
                values.stream().map(ReportFormat::micros).collect(Collectors.joining(", ")),
                ReportFormat.rate(result.targetThroughputPerSecond())
                        + ReportFormat.afterRate(result.arrivals(), result.threads()),
                result.accountedForCoordinatedOmission() ? "on" : "off");
        return new PercentileCheck(what, maxMicros, values, judged, Optional.empty(), where, runsNote);
    }

    /**
     * @return the check of one run of the named probe, the percentile and budget as for {@link #of}
     * @throws IllegalArgumentException when the percentile is outside (0, 100]
     */
    public static PercentileCheck ofRun(String probe, RunResult run, double percentile, double maxMicros) {
        Percentiles.requireValid(percentile);
        String what = probe + " p" + Percentiles.label(percentile) + " in run " + run.run();
        if (!run.supports(percentile)) {
            return unjudged(what, maxMicros, String.format(Locale.ROOT, "%,d samples, and it needs at least %,d",
                    run.count(), Percentiles.minimumSamples(percentile)));
        }
        double value = run.percentile(percentile).toNanos();
        return new PercentileCheck(what, maxMicros, List.of(value), value, Optional.empty(), "", "");
    }

    private static PercentileCheck unjudged(String what, double maxMicros, String why) {
        return new PercentileCheck(what, maxMicros, List.of(), Double.NaN, Optional.of(why), "", "");
    }

    /** @return whether the value could be judged: every run had the samples for the percentile */
    public boolean judged() {
        return unjudged.isEmpty();
    }

    /** @return whether the budget holds; false when the value could not be judged */
    public boolean met() {
        return judged() && judgedNanos <= limitNanos();
    }

    /** @return the budget in nanoseconds */
    public double limitNanos() {
        return Budget.nanos(maxMicros);
    }

    /** @return the value judged with its unit, e.g. {@code 45.000 µs}, or {@code not judged} */
    public String measured() {
        return judged() ? ReportFormat.micros(judgedNanos) + " \u00b5s" : "not judged";
    }

    /** @return why the budget does not hold, e.g. {@code end to end p99.9 was 45.000 µs, budget 42 µs (runs: ...)} */
    public Optional<String> breach() {
        if (met()) {
            return Optional.empty();
        }
        if (!judged()) {
            return Optional.of(what + " could not be judged: " + unjudged.get());
        }
        return Optional.of(String.format(Locale.ROOT, "%s was %s \u00b5s%s, budget %s \u00b5s%s", what,
                ReportFormat.micros(judgedNanos), where, ReportFormat.plain(maxMicros), runs));
    }
}
