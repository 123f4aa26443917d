package org.jlbh.junit.internal.run;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;

/**
 * The {@link NanoSampler} a test method receives for a probe: passes each sample to the probe of the current
 * measurement, so that one parameter serves every attempt, and a late one (over the probe's smallest budget) to its
 * {@link LatencyTimeline} too. Retargeted only between measurements; thread-safe as the probe it passes to.
 */
public final class ProbeHandle implements NanoSampler {
    private final String name;
    private final LatencyTimeline timeline;
    private final long lateNanos;
    private volatile NanoSampler target;

    /** A handle of the probe {@code name}, its late samples going to {@code timeline} too. */
    public ProbeHandle(String name, LatencyTimeline timeline) {
        this.name = name;
        this.timeline = timeline;
        this.lateNanos = timeline.lateNanos();
    }

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
