package org.jlbh.junit.internal.run;

import java.util.List;
import java.util.Optional;

/**
 * What was seen beside one measured run that can make samples late without the code being slower: the scheduler's
 * evidence about the harness thread, and the JVM's pauses. Immutable.
 *
 * @param scheduler      the scheduler's evidence over the measurement (it may say there is none, and why)
 * @param pauses         the JVM's pauses that overlap the run, in order
 * @param jvmUnavailable when there is no JVM evidence, why; else empty
 * @param jvmAccuracyNanos how far a pause's placement on the nanoTime line may be off, in nanoseconds
 */
public record RunEvidence(SchedulerEvidence scheduler, List<JvmPause> pauses, Optional<String> jvmUnavailable,
                          long jvmAccuracyNanos) {

    /** Copies the pauses. */
    public RunEvidence {
        pauses = List.copyOf(pauses);
    }

    /**
     * @param why why there is no evidence
     * @return evidence of nothing, saying why
     */
    public static RunEvidence none(String why) {
        return new RunEvidence(SchedulerEvidence.none(why), List.of(), Optional.of(why), 0);
    }
}
