package org.jlbh.junit.internal.run.evidence;

import java.util.List;
import java.util.Optional;

/**
 * What was seen beside one measured run that can make samples late without the code being slower: the scheduler's
 * evidence about each harness thread, and the JVM's pauses. Immutable.
 *
 * @param schedulers       per harness thread that had a part in the run (in thread order), the scheduler's evidence
 *                         over the measurement; each may say there is none, and why; at least one
 * @param pauses           the JVM's pauses that overlap the run, in order
 * @param jvmUnavailable   when there is no JVM evidence, or not all of it, why; else empty
 * @param jvmAccuracyNanos how far a pause's placement on the nanoTime line may be off, in nanoseconds
 * @param machineStalls    the stalls of the whole machine a second thread saw during the run ({@link StallWitness}),
 *                         none of them in a JVM pause, in order; none without the JVM's evidence (a collection stops
 *                         the witness too, and is the code's)
 */
public record RunEvidence(List<SchedulerEvidence> schedulers, List<JvmPause> pauses, Optional<String> jvmUnavailable,
                          long jvmAccuracyNanos, List<MachineStall> machineStalls) {

    /** Copies the lists. */
    public RunEvidence {
        schedulers = List.copyOf(schedulers);
        if (schedulers.isEmpty()) {
            throw new IllegalArgumentException("a run's evidence needs a harness thread's scheduler evidence");
        }
        pauses = List.copyOf(pauses);
        machineStalls = jvmUnavailable.isPresent() ? List.of() : List.copyOf(machineStalls);
    }

    /** Evidence with no stall of the whole machine seen. */
    public RunEvidence(List<SchedulerEvidence> schedulers, List<JvmPause> pauses, Optional<String> jvmUnavailable,
                       long jvmAccuracyNanos) {
        this(schedulers, pauses, jvmUnavailable, jvmAccuracyNanos, List.of());
    }

    /**
     * Evidence of a run on one harness thread.
     *
     * @param scheduler        the scheduler's evidence about it
     * @param pauses           the JVM's pauses that overlap the run, in order
     * @param jvmUnavailable   when there is no JVM evidence, why
     * @param jvmAccuracyNanos how far a pause's placement may be off, in nanoseconds
     */
    public RunEvidence(SchedulerEvidence scheduler, List<JvmPause> pauses, Optional<String> jvmUnavailable,
                       long jvmAccuracyNanos) {
        this(List.of(scheduler), pauses, jvmUnavailable, jvmAccuracyNanos);
    }

    /**
     * @param why why there is no evidence
     * @return evidence of nothing, saying why
     */
    public static RunEvidence none(String why) {
        return new RunEvidence(SchedulerEvidence.none(why), List.of(), Optional.of(why), 0);
    }

    /** @return the first harness thread's scheduler evidence (the only one's, with one thread) */
    public SchedulerEvidence scheduler() {
        return schedulers.get(0);
    }

    /** @return whether every harness thread that ran iterations has the scheduler's evidence, and one did */
    public boolean schedulerAvailable() {
        return schedulerMissing().isEmpty() && schedulers.stream().anyMatch(SchedulerEvidence::available);
    }

    /** @return why some harness thread that ran iterations has no scheduler evidence (the first such reason), or empty */
    public Optional<String> schedulerMissing() {
        return schedulers.stream().filter(scheduler -> !scheduler.available() && !scheduler.idleThread())
                .findFirst().map(scheduler -> scheduler.unavailable().orElse("no scheduler evidence"));
    }

    /**
     * @param fromNanos a stretch's start, nanoTime
     * @param toNanos   its end
     * @return the scheduler's figures over it, summed over the harness threads
     */
    public SchedulerEvidence.Totals schedulerOver(long fromNanos, long toNanos) {
        SchedulerEvidence.Totals sum = new SchedulerEvidence.Totals(0, 0, 0);
        for (SchedulerEvidence scheduler : schedulers) {
            sum = sum.plus(scheduler.over(fromNanos, toNanos));
        }
        return sum;
    }
}
