package org.jlbh.junit.internal.run.evidence;

import java.util.Locale;

/**
 * A stop of every Java thread by the JVM: a garbage-collection pause, or another safepoint (deoptimization, a thread
 * dump, a class redefinition…), as the JDK's Flight Recorder reported it, placed on the {@link System#nanoTime()}
 * line. Immutable.
 *
 * @param startNanos when it began, nanoTime
 * @param endNanos   when it ended, nanoTime
 * @param gc         whether it was a garbage collection (the code's own allocation) rather than another safepoint
 * @param name       the collection's name (e.g. {@code G1New}, {@code G1Full}) or the safepoint's VM operation (e.g.
 *                   {@code HandshakeAllThreads})
 */
public record JvmPause(long startNanos, long endNanos, boolean gc, String name) {

    /** @return how long it lasted, in nanoseconds */
    public long nanos() {
        return endNanos - startNanos;
    }

    /** @return e.g. {@code GC G1New 4.100 ms} */
    public String describe() {
        return String.format(Locale.ROOT, "%s %s %.3f ms", gc ? "GC" : "safepoint", name, nanos() / 1e6);
    }
}
