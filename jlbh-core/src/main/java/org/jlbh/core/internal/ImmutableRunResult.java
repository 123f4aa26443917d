package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.Percentiles;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** One probe's distribution in one run, backed by its own histogram copy. Immutable and thread-safe. */
public final class ImmutableRunResult implements JLBHResult.RunResult {
    private final String probe;
    private final int run;
    private final Histogram histogram;
    private final long outOfRange;
    private final long strayBeforeRun;
    private volatile Map<Percentile, Duration> referenceView;

    /**
     * @param probe          the probe's name, for messages
     * @param run            1-based run number
     * @param histogram      the run's samples in nanoseconds; owned by this object from now on
     * @param outOfRange     samples clamped into the recordable range
     * @param strayBeforeRun samples from other threads that arrived before the run began
     */
    public ImmutableRunResult(String probe, int run, Histogram histogram, long outOfRange, long strayBeforeRun) {
        this.probe = probe;
        this.run = run;
        this.histogram = histogram;
        this.outOfRange = outOfRange;
        this.strayBeforeRun = strayBeforeRun;
    }

    @Override
    public Map<Percentile, Duration> percentiles() {
        Map<Percentile, Duration> map = referenceView;
        if (map == null) {
            map = new EnumMap<>(Percentile.class);
            for (Percentile p : Percentile.values()) {
                if (supports(p.value()) && ReferencePercentiles.listed(p.value(), count())) {
                    map.put(p, percentile(p.value()));
                }
            }
            map = Collections.unmodifiableMap(map);
            referenceView = map;
        }
        return map;
    }

    @Override
    public Duration percentile(double percentile) {
        Percentiles.requireValid(percentile);
        if (!supports(percentile)) {
            throw new IllegalStateException(String.format(
                    "p%s of %s in run %d needs at least %,d samples; the run has %,d",
                    Percentiles.label(percentile), probe, run, Percentiles.minimumSamples(percentile), count()));
        }
        return Duration.ofNanos(percentile == 100 ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile));
    }

    @Override
    public boolean supports(double percentile) {
        return Percentiles.supported(percentile, count());
    }

    @Override
    public int run() {
        return run;
    }

    @Override
    public long count() {
        return histogram.getTotalCount();
    }

    @Override
    public Duration min() {
        requireSamples();
        return Duration.ofNanos(histogram.getMinValue());
    }

    @Override
    public Duration mean() {
        requireSamples();
        return Duration.ofNanos(Math.round(histogram.getMean()));
    }

    @Override
    public Duration max() {
        requireSamples();
        return Duration.ofNanos(histogram.getMaxValue());
    }

    @Override
    public long outOfRangeSamples() {
        return outOfRange;
    }

    @Override
    public long strayBeforeRun() {
        return strayBeforeRun;
    }

    @Override
    public Histogram histogram() {
        return histogram.copy();
    }

    /** @return the histogram itself, for reports inside the harness; callers must not modify it */
    public Histogram histogramView() {
        return histogram;
    }

    private void requireSamples() {
        if (count() == 0) {
            throw new IllegalStateException(probe + " has no samples in run " + run);
        }
    }

    @Override
    public String toString() {
        return probe + " run " + run + " (" + count() + " samples)";
    }
}
