package org.jlbh.junit.internal.judge.attribution;

import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * One run's late samples of one probe (those over a budget), each put down to a {@link Cause}. Immutable: its arrays
 * are never changed once built, by it or by its readers.
 *
 * @param run           1-based run
 * @param limitNanos    the budget the samples were late against, in nanoseconds
 * @param notKept       the late samples beyond the timeline's capacity, not attributed: they count as the code's
 * @param originalNanos the latencies the verdict replaces (made later by pauses not the code's), in nanoseconds
 * @param codeOnlyNanos what each is replaced by, index for index: its latency without those pauses
 * @param causes        per late sample the timeline kept, its {@link Cause#ordinal()}; -1 for one within this budget
 * @param delays        what made the samples late besides the code
 */
public record RunAttribution(int run, long limitNanos, long notKept, long[] originalNanos, long[] codeOnlyNanos,
                             byte[] causes, Delays delays) {

    /** @return a run whose {@code over} late samples could not be attributed: every one counts as the code's */
    static RunAttribution unattributed(int run, long limitNanos, long over) {
        return new RunAttribution(run, limitNanos, over, new long[0], new long[0], new byte[0], Delays.NONE);
    }

    /** @return how many late samples were put down to the cause, those not kept as the code's */
    public long count(Cause cause) {
        long kept = IntStream.range(0, causes.length).filter(i -> causes[i] == cause.ordinal()).count();
        return cause == Cause.CODE ? kept + notKept : kept;
    }

    /** @return how many late samples were put down to the platform, a safepoint or a collection's older objects */
    public long excused() {
        return Arrays.stream(Cause.values()).filter(cause -> !cause.codes()).mapToLong(this::count).sum();
    }

    /** @return what the {@code i}th late sample the timeline kept was put down to; empty when within this budget */
    public Optional<Cause> cause(int i) {
        return causes[i] < 0 ? Optional.empty() : Optional.of(Cause.values()[causes[i]]);
    }

    /**
     * Exchanges, in a copy of the run's histogram of the probe, the replaced latencies for their code-only values,
     * never removing more samples at a value than it holds there.
     */
    void replaceIn(Histogram histogram) {
        if (originalNanos.length == 0) {
            return;
        }
        Histogram replaced = empty(histogram);
        Histogram replacements = empty(histogram);
        for (int i = 0; i < originalNanos.length; i++) {
            long value = originalNanos[i];
            if (value >= 0 && value <= histogram.getMaxValue()) {
                replaced.recordValue(value);
                replacements.recordValue(Math.min(codeOnlyNanos[i], value));
            }
        }
        Histogram held = empty(histogram);
        replaced.recordedValues().forEach(value -> held.recordValueWithCount(value.getValueIteratedTo(),
                Math.min(value.getCountAtValueIteratedTo(), histogram.getCountAtValue(value.getValueIteratedTo()))));
        histogram.subtract(held);
        histogram.add(replacements);
    }

    private static Histogram empty(Histogram like) {
        Histogram empty = like.copy();
        empty.reset();
        return empty;
    }
}
