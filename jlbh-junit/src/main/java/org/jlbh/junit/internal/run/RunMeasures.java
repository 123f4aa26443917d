package org.jlbh.junit.internal.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

/**
 * What the extension's own meters saw during one measured run. Immutable.
 *
 * @param run            1-based run
 * @param allocatedBytes bytes the harness threads allocated over the run's iterations; empty when the run did not
 *                       complete them or the JVM cannot measure it
 * @param gc             garbage collections during the run, in order
 * @param stalls         the platform's stalls as OS jitter saw them; empty when OS jitter was not recorded
 * @param timelines      each probe's timeline, end to end among them; empty when the run's was not recorded
 * @param evidence       what the scheduler and the JVM said beside the run
 */
public record RunMeasures(int run, OptionalLong allocatedBytes, List<GcEvent> gc, Optional<PlatformStalls> stalls,
                          Map<String, RunTimeline> timelines, RunEvidence evidence) {

    public RunMeasures {
        gc = List.copyOf(gc);
        timelines = Map.copyOf(timelines);
    }

    /** @return these measures as run {@code run}'s: one side's share of a paired measurement */
    RunMeasures numbered(int run) {
        Map<String, RunTimeline> renumbered = new java.util.LinkedHashMap<>();
        timelines.forEach((probe, timeline) -> renumbered.put(probe, timeline.numbered(run)));
        return new RunMeasures(run, allocatedBytes, gc, stalls, renumbered, evidence);
    }
}
