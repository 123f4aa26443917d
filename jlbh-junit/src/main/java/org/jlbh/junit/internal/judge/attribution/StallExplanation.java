package org.jlbh.junit.internal.judge.attribution;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * How the platform's stalls seen by the OS jitter measurement explain a budget's breach without scheduler evidence. A
 * stall of {@code S} ns at {@code R} iterations per ns (0 without coordinated omission) makes about
 * {@code (S − budget) × R + 1} samples late; a run's breach is explained when without them its percentile would hold,
 * the test's when every run that broke the budget's is, and one did. Immutable.
 *
 * @param runs each run that broke the budget, in run order
 */
public record StallExplanation(List<RunExplanation> runs) implements BreachExplanation {

    /** One run's breach explained: its stalls over the budget, the longest (ns), samples they and it made late. */
    public record RunExplanation(int run, int stalls, long worstNanos, double explainableSamples,
                                 long samplesOverBudget) {
        String describe() {
            return String.format(Locale.ROOT, "run %d: %d stall%s longer than the budget, worst %s \u00b5s, explain "
                    + "%,.0f of the %,d samples over budget", run, stalls, stalls == 1 ? "" : "s",
                    ReportFormat.micros(worstNanos), Math.min(explainableSamples, samplesOverBudget),
                    samplesOverBudget);
        }
    }

    public StallExplanation {
        runs = List.copyOf(runs);
    }

    /**
     * @param probe          the probe whose budget broke
     * @param percentile     the budget's percentile
     * @param limitNanos     the budget, in nanoseconds
     * @param samplesPerNano iterations due per nanosecond while a stall lasts; 0 without coordinated omission
     * @param stallsPerRun   per run, in run order, the platform's stalls, or empty where there is no evidence
     * @return the explanation when the stalls explain every run that broke the budget; else empty
     */
    public static Optional<StallExplanation> of(JLBHResult.ProbeResult probe, double percentile, double limitNanos,
                                                double samplesPerNano, List<Optional<PlatformStalls>> stallsPerRun) {
        long limit = (long) Math.floor(limitNanos);
        List<RunExplanation> explained = new ArrayList<>();
        for (RunResult run : probe.eachRunSummary()) {
            if (!run.supports(percentile)) {
                return Optional.empty();
            }
            if (run.percentile(percentile).toNanos() <= limit) {
                continue;
            }
            Optional<PlatformStalls> stalls = run.run() <= stallsPerRun.size()
                    ? stallsPerRun.get(run.run() - 1) : Optional.empty();
            if (stalls.isEmpty()) {
                return Optional.empty();
            }
            Histogram histogram = run.histogram();
            long over = histogram.getCountBetweenValues(limit + 1, Math.max(limit + 1, histogram.getMaxValue()));
            double allowed = run.count() * (100 - percentile) / 100;
            long[] longer = longer(stalls.get(), limit).toArray();
            double explainable = explainableSamples(stalls.get(), limit, samplesPerNano);
            if (longer.length == 0 || over - explainable > allowed) {
                return Optional.empty();
            }
            explained.add(new RunExplanation(run.run(), longer.length, LongStream.of(longer).max().orElseThrow(),
                    explainable, over));
        }
        return explained.isEmpty() ? Optional.empty() : Optional.of(new StallExplanation(explained));
    }

    /** @return how many samples the stalls make exceed the budget: {@code (S − budget) × R + 1} per longer stall */
    static double explainableSamples(PlatformStalls stalls, long limitNanos, double samplesPerNano) {
        return longer(stalls, limitNanos).mapToDouble(stall -> (stall - limitNanos) * samplesPerNano + 1)
                .reduce(0, Double::sum);
    }

    private static LongStream longer(PlatformStalls stalls, long limitNanos) {
        return IntStream.range(0, stalls.count()).mapToLong(stalls::nanos).filter(stall -> stall > limitNanos);
    }

    /** @return e.g. {@code inconclusive: the platform itself stalled (OS jitter beyond its median wake-up) in ...} */
    public String describe() {
        return "inconclusive: the platform itself stalled (OS jitter beyond its median wake-up) in every run that "
                + "broke the budget; " + runs.stream().map(RunExplanation::describe).collect(Collectors.joining("; "));
    }
}
