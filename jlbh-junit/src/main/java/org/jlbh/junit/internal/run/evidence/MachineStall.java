package org.jlbh.junit.internal.run.evidence;

import java.util.List;

/**
 * A stretch in which the machine ran no thread of this JVM, as the {@link StallWitness} saw it. Immutable.
 *
 * @param startNanos when it began at the latest, nanoTime
 * @param endNanos   when it ended at the earliest, nanoTime
 */
public record MachineStall(long startNanos, long endNanos) {

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
     * @param pauses        the JVM's pauses, which stop the witness too
     * @param accuracyNanos how far a pause's placement may be off
     * @return the stalls that overlap the run ({@code fromNanos} to {@code toNanos}) and no pause, widened so
     */
    public static List<MachineStall> during(List<MachineStall> stalls, long fromNanos, long toNanos,
                                            List<JvmPause> pauses, long accuracyNanos) {
        return stalls.stream().filter(stall -> stall.endNanos - fromNanos > 0 && stall.startNanos - toNanos < 0
                && pauses.stream().noneMatch(pause -> stall.overlaps(pause, accuracyNanos))).toList();
    }

    private boolean overlaps(JvmPause pause, long accuracyNanos) {
        return pause.startNanos() - accuracyNanos - endNanos < 0 && startNanos - (pause.endNanos() + accuracyNanos) < 0;
    }
}
