package org.jlbh.junit.internal.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.jlbh.junit.internal.run.evidence.PlatformStalls;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

/**
 * What the extension's own meters saw during one measured run, beside the harness's latency figures. Immutable.
 *
 * @param run            1-based run
 * @param allocatedBytes bytes the harness threads running the test body allocated over the run's iterations; empty when the
 *                       run did not complete its iterations or the JVM cannot measure it
 * @param gc             garbage collections during the run, in order
 * @param stalls         the platform's stalls as OS jitter saw them (a proxy for when there is no scheduler evidence);
 *                       empty when there is no evidence either way
 * @param timelines      each probe's timeline and late samples in the run, end to end among them; empty when the run's
 *                       timeline was not recorded
 * @param evidence       what the scheduler and the JVM said beside the run
 */
public record RunMeasures(int run, OptionalLong allocatedBytes, List<GcEvent> gc, Optional<PlatformStalls> stalls,
                          Map<String, RunTimeline> timelines, RunEvidence evidence) {

    /** Copies the collections. */
    public RunMeasures {
        gc = List.copyOf(gc);
        timelines = Map.copyOf(timelines);
    }

    /**
     * A run's measures with no timeline and no evidence.
     *
     * @param run            1-based run
     * @param allocatedBytes bytes allocated over the run's iterations, if measured
     * @param gc             garbage collections during the run
     * @param stalls         the platform's stalls as OS jitter saw them, if recorded
     * @return the measures
     */
    public static RunMeasures withoutEvidence(int run, OptionalLong allocatedBytes, List<GcEvent> gc,
                                              Optional<PlatformStalls> stalls) {
        return new RunMeasures(run, allocatedBytes, gc, stalls, Map.of(), RunEvidence.none("no evidence collected"));
    }
}
