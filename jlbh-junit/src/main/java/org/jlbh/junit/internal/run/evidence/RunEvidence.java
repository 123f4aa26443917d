package org.jlbh.junit.internal.run.evidence;

import java.util.List;
import java.util.Optional;

/**
 * What was seen beside one measured run that can make samples late without the code being slower. Immutable.
 *
 * @param schedulers       per harness thread, in order, the scheduler's evidence over the measurement; at least one
 * @param pauses           the JVM's pauses that overlap the run, in order
 * @param jvmUnavailable   when there is no JVM evidence, or not all of it, why; else empty
 * @param jvmAccuracyNanos how far a pause's placement on the nanoTime line may be off, in nanoseconds
 * @param machineStalls    the whole machine's stalls in the run outside JVM pauses ({@link StallWitness}), in order;
 *                         none without the JVM's evidence (a collection stops the witness too)
 */
public record RunEvidence(List<SchedulerEvidence> schedulers, List<JvmPause> pauses, Optional<String> jvmUnavailable,
                          long jvmAccuracyNanos, List<MachineStall> machineStalls) {

    public RunEvidence {
        schedulers = List.copyOf(schedulers);
        pauses = List.copyOf(pauses);
        machineStalls = jvmUnavailable.isPresent() ? List.of() : List.copyOf(machineStalls);
    }

    /** @return evidence of nothing, saying why */
    public static RunEvidence none(String why) {
        return new RunEvidence(List.of(SchedulerEvidence.none(why)), List.of(), Optional.of(why), 0, List.of());
    }

    /** @return whether every harness thread that ran iterations has the scheduler's evidence, and one did */
    public boolean schedulerAvailable() {
        return schedulerMissing().isEmpty() && schedulers.stream().anyMatch(SchedulerEvidence::available);
    }

    /** @return why a harness thread that ran iterations has no scheduler evidence (the first such reason), or empty */
    public Optional<String> schedulerMissing() {
        return schedulers.stream().filter(scheduler -> !scheduler.available() && !scheduler.idleThread())
                .findFirst().map(scheduler -> scheduler.unavailable().orElse("no scheduler evidence"));
    }

    /** @return the scheduler's figures over the stretch (nanoTime), summed over the harness threads */
    public SchedulerEvidence.Totals schedulerOver(long fromNanos, long toNanos) {
        return schedulers.stream().map(scheduler -> scheduler.over(fromNanos, toNanos))
                .reduce(new SchedulerEvidence.Totals(0, 0, 0), SchedulerEvidence.Totals::plus);
    }
}
