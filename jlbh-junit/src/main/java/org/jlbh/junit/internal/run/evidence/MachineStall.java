package org.jlbh.junit.internal.run.evidence;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch in which the machine did not run a second thread of this JVM that was neither waiting for a CPU nor
 * stopped by the JVM: the {@link StallWitness} asked to wake at its start and woke at its end, and the scheduler counted
 * none of it as a wait on the run queue. The host held the machine's CPUs (a whole-machine stall, which this VM's own
 * scheduler does not count), so any thread of the JVM that was running then was stopped as long. Placed on the
 * {@link System#nanoTime()} line; immutable.
 *
 * @param startNanos when it began at the latest, nanoTime
 * @param endNanos   when it ended at the earliest, nanoTime
 */
public record MachineStall(long startNanos, long endNanos) {

    /** Checks the order. */
    public MachineStall {
        if (endNanos - startNanos <= 0) {
            throw new IllegalArgumentException("a stall ends after it begins: " + startNanos + " to " + endNanos);
        }
    }

    /** @return how long it lasted, in nanoseconds */
    public long nanos() {
        return endNanos - startNanos;
    }

    /**
     * @param stalls        the stalls a witness saw, in order
     * @param fromNanos     a run's start, nanoTime
     * @param toNanos       its end
     * @param pauses        the JVM's pauses that overlap the run: they stop the witness too, and are the JVM's
     * @param accuracyNanos how far a pause's placement may be off, in nanoseconds
     * @return the stalls that overlap the run and none of the JVM's pauses (widened by the accuracy)
     */
    public static List<MachineStall> during(List<MachineStall> stalls, long fromNanos, long toNanos,
                                            List<JvmPause> pauses, long accuracyNanos) {
        List<MachineStall> during = new ArrayList<>();
        for (MachineStall stall : stalls) {
            if (stall.endNanos - fromNanos > 0 && stall.startNanos - toNanos < 0
                    && pauses.stream().noneMatch(pause -> stall.overlaps(pause, accuracyNanos))) {
                during.add(stall);
            }
        }
        return List.copyOf(during);
    }

    private boolean overlaps(JvmPause pause, long accuracyNanos) {
        return pause.startNanos() - accuracyNanos - endNanos < 0 && startNanos - (pause.endNanos() + accuracyNanos) < 0;
    }
}
