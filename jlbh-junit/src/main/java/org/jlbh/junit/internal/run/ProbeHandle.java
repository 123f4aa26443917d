package org.jlbh.junit.internal.run;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;

/**
 * The {@link NanoSampler} a test method receives for a probe. It passes each sample to the probe of the current
 * measurement, so the same parameter serves every attempt when a test is measured again ({@code jlbh.retry.failed}), and
 * a late one (over the probe's smallest budget) to its {@link LatencyTimeline} too, with the time it ended: an
 * ordinary sample costs one comparison more. Retargeted only between measurements (a volatile field: a plain load on
 * x86); thread-safe as the probe it passes to.
 */
public final class ProbeHandle implements NanoSampler {
    private final String name;
    private final LatencyTimeline timeline;
    private final long lateNanos;
    private volatile NanoSampler target;

    /**
     * @param name     the probe's name
     * @param timeline its timeline
     */
    public ProbeHandle(String name, LatencyTimeline timeline) {
        this.name = name;
        this.timeline = timeline;
        this.lateNanos = timeline.lateNanos();
    }

    /** @return the probe's name */
    public String name() {
        return name;
    }

    /** @param target the probe of the next measurement */
    public void target(NanoSampler target) {
        this.target = target;
    }

    @Override
    public void sampleNanos(long durationNs) {
        target.sampleNanos(durationNs);
        if (durationNs > lateNanos) {
            timeline.recordLate(System.nanoTime(), durationNs);
        }
    }
}
