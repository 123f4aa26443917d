package org.jlbh.junit.internal.report;

import java.util.List;

/**
 * What the suite page ({@link HtmlReport}) draws: per test its verdict and, per probe, one percentile curve per run
 * with the budgets on that probe. Plain immutable values; thread-safe.
 */
public final class ChartData {

    private ChartData() {
    }

    /**
     * One test on the suite page.
     *
     * @param name          the test's display name, e.g. {@code OrderParserLatencyTest.parse}
     * @param verdict       one word: PASSED, FAILED, INCONCLUSIVE, REPORTED (breached in report mode) or ERROR
     * @param verdictDetail a sentence or the failure message; may be empty
     * @param settings      one line describing throughput, runs, iterations and coordinated omission
     * @param probes        the probes drawn, end to end first
     */
    public record Test(String name, String verdict, String verdictDetail, String settings, List<Probe> probes) {
        /**
         * Copies the probes.
         *
         * @param name          the test's display name
         * @param verdict       one word
         * @param verdictDetail a sentence or the failure message
         * @param settings      one line of settings
         * @param probes        the probes drawn
         */
        public Test {
            probes = List.copyOf(probes);
        }
    }

    /**
     * One probe's chart.
     *
     * @param name    e.g. {@code end to end}, a probe name, or {@code OS jitter}
     * @param runs    one curve per measured run, in run order
     * @param budgets the budgets set on this probe (may be empty)
     */
    public record Probe(String name, List<Run> runs, List<Budget> budgets) {
        /**
         * Copies the runs and budgets.
         *
         * @param name    the probe's name
         * @param runs    one curve per run
         * @param budgets the budgets on this probe
         */
        public Probe {
            runs = List.copyOf(runs);
            budgets = List.copyOf(budgets);
        }
    }

    /**
     * One run's percentile curve: {@code percentiles[i]} (in [0, 100], ascending) has the latency
     * {@code micros[i]}, in microseconds. Only percentiles the run's sample count supports are present.
     *
     * @param label   e.g. {@code run 1}
     * @param count   samples in the run
     * @param percentiles ascending percentiles
     * @param micros  latency at each percentile, microseconds, non-decreasing
     */
    public record Run(String label, long count, double[] percentiles, double[] micros) {
    }

    /**
     * A budget: the value at {@code percentile} may be at most {@code maxMicros}.
     *
     * @param percentile in (0, 100]
     * @param maxMicros  microseconds
     * @param met        whether the verdict found it met
     */
    public record Budget(double percentile, double maxMicros, boolean met) {
    }
}
