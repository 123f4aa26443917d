package org.jlbh.junit.internal.run.evidence;

/**
 * A stop of every Java thread by the JVM, a garbage collection or another safepoint. Immutable.
 *
 * @param startNanos        when it began, nanoTime
 * @param endNanos          when it ended, nanoTime
 * @param gc                whether it was a garbage collection rather than another safepoint
 * @param name              the collection's name (e.g. {@code G1New}) or the safepoint's VM operation
 * @param gcId              the collection's id, -1 for another safepoint
 * @param copy              what the collection copied ({@link GcCopy#UNKNOWN} when not known)
 * @param olderObjectsNanos how long of a collection went to copying objects alive before the measured runs: its length
 *                          times their share of what it copied; 0 when not known
 */
public record JvmPause(long startNanos, long endNanos, boolean gc, String name, long gcId, GcCopy copy,
                       long olderObjectsNanos) {

    /**
     * @param lastGcIdBefore the id of the last collection begun before the measured runs; -1 when none was seen
     * @return this pause with, of a collection, the part copying objects alive before the measured runs
     */
    public JvmPause splitSince(long lastGcIdBefore) {
        if (!gc || gcId < 0) {
            return this;
        }
        double share = copy.olderShare(gcId - lastGcIdBefore);
        return new JvmPause(startNanos, endNanos, gc, name, gcId, copy, Math.round(nanos() * share));
    }

    /** @return how long it lasted, in nanoseconds */
    public long nanos() {
        return endNanos - startNanos;
    }
}
