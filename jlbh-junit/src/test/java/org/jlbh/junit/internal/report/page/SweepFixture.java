package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.ResultJsonTest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Results of a throughput sweep built by hand, for the sweep chart's tests: {@code RoundTripTest.roundTrip} at
 * 5,000, 10,000, 20,000 and 40,000/s, required 10,000/s, one run a rate, with a budget of end to end p99 ≤ 100 µs
 * that holds up to 10,000/s and breaks above; at 20,000/s the run has too few samples for p99.9.
 */
final class SweepFixture {
    static final Sweep SWEEP = new Sweep(List.of(5_000, 10_000, 20_000, 40_000), 10_000);
    static final String CLASS = "com.example.RoundTripTest";

    private SweepFixture() {
    }

    /** The four rates, highest first (the page reads them in file order, not rate order). */
    static List<ResultSnapshot> roundTrip() {
        return List.of(
                rate("roundTrip", SWEEP, 40_000, micros(1_000, 5_000, 10_000, 12_000, 20_000), Outcome.REPORTED,
                        check(99, 100, 10_000, false)),
                rate("roundTrip", SWEEP, 20_000, micros(15, 40, 150, Double.NaN, 300), Outcome.REPORTED,
                        check(99, 100, 150, false)),
                rate("roundTrip", SWEEP, 10_000, micros(12, 25, 60, 90, 150), Outcome.PASSED,
                        check(99, 100, 60, true)),
                rate("roundTrip", SWEEP, 5_000, micros(10, 20, 50, 80, 120), Outcome.PASSED,
                        check(99, 100, 50, true)));
    }

    /** @return p50, p90, p99, p99.9 (NaN: too few samples) and the worst, in microseconds */
    static double[] micros(double p50, double p90, double p99, double p999, double worst) {
        return new double[]{p50, p90, p99, p999, worst};
    }

    /** @return a latency check on end to end */
    static ResultSnapshot.CheckRecord check(double percentile, double maxMicros, double judgedMicros, boolean met) {
        return new ResultSnapshot.CheckRecord("end to end p" + percentile + " <= " + maxMicros + " µs",
                judgedMicros + " µs", met, Optional.of(new ResultSnapshot.LatencyRecord("end to end", percentile,
                maxMicros, judgedMicros)), met ? Optional.empty()
                : Optional.of(String.format(Locale.ROOT, "end to end p%s was %s µs, budget %s µs", percentile,
                judgedMicros, maxMicros)), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * @param method  the test method
     * @param sweep   its sweep
     * @param rate    the rate, per second
     * @param micros  end to end's {@link #micros}
     * @param outcome how the rate ended
     * @param checks  its reported attempt's checks
     * @return the rate's result: one run, its end to end and a "parse" probe at a tenth of it
     */
    static ResultSnapshot rate(String method, Sweep sweep, int rate, double[] micros, Outcome outcome,
                               ResultSnapshot.CheckRecord... checks) {
        String label = Sweep.label(rate);
        ResultSnapshot template = ResultJsonTest.everything();
        List<Budget> budgets = new ArrayList<>();
        for (ResultSnapshot.CheckRecord check : checks) {
            check.latency().ifPresent(latency -> budgets.add(new Budget(latency.probe(), latency.percentile(),
                    latency.maxMicros(), latency.maxMicros())));
        }
        double[] parse = new double[micros.length];
        for (int i = 0; i < micros.length; i++) {
            parse[i] = micros[i] / 10;
        }
        return new ResultSnapshot(
                new ResultSnapshot.Test(CLASS + "." + method + "-" + rate + "-s-", CLASS, CLASS, method, List.of(),
                        "RoundTripTest." + method + label, label),
                new ResultSnapshot.Settings(rate, "fixed rate", 1, 1_000, 0, 1, true, false, 10_000, Verdict.MEDIAN_RUN,
                        Mode.ENFORCE, Noise.STRICT, 0, budgets, OptionalLong.empty(), OptionalLong.empty(),
                        OptionalLong.empty(), String.format(Locale.ROOT, "%,d/s", rate), Optional.of(sweep)),
                template.environment(), new ResultSnapshot.Conclusion(outcome, 1, 1, "…"),
                List.of(new ResultSnapshot.AttemptRecord(1, outcome, List.of(checks))), Double.NaN, List.of(),
                List.of(probe("end to end", micros), probe("parse", parse)), Optional.empty(), Optional.empty());
    }

    private static ProbeFigures probe(String name, double[] micros) {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        String[] labels = {"50", "90", "99", "99.9"};
        for (int i = 0; i < labels.length; i++) {
            if (!Double.isNaN(micros[i])) {
                percentiles.put(labels[i], Math.round(micros[i] * 1e3));
            }
        }
        long worst = Math.round(micros[4] * 1e3);
        return new ProbeFigures(name, List.of(new RunFigures(1, 1_000, 1, worst / 2, worst, percentiles, List.of(),
                0)));
    }
}
