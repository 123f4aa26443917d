package org.jlbh.core.internal;

import net.openhft.affinity.AffinityLock;

import java.util.function.Supplier;

/**
 * The only class that touches {@code net.openhft:affinity}, an optional dependency: the harness calls it only when
 * pinning was asked for ({@code JLBHOptions.acquireLock} or {@code jitterAffinity(true)}), so without those options
 * affinity is never loaded and need not be on the classpath. Stateless and thread-safe.
 */
public final class AffinitySupport {
    private static final String LOCK_CLASS = "net.openhft.affinity.AffinityLock";

    private AffinitySupport() {
    }

    /** @return whether {@code net.openhft:affinity} is on the classpath (checked without initialising it) */
    public static boolean available() {
        try {
            Class.forName(LOCK_CLASS, false, AffinitySupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * @param why what asked for pinning, for the message
     * @throws IllegalStateException when affinity is not on the classpath
     */
    public static void requireAvailable(String why) {
        if (!available()) {
            throw new IllegalStateException(why + " pins a CPU with net.openhft:affinity, which is not on the classpath;"
                    + " jlbh-core does not bring it: add net.openhft:affinity to your project");
        }
    }

    /**
     * @param supplier the user's {@code Supplier<AffinityLock>}
     * @return the lock it returned, or null
     */
    public static Object acquire(Supplier<?> supplier) {
        return supplier.get();
    }

    /** @return a lock on a CPU of its own for the calling thread (affinity's default strategy) */
    public static Object acquireForThisThread() {
        return AffinityLock.acquireLock();
    }

    /** @param lock a lock from {@link #acquire} or {@link #acquireForThisThread()}; released if not null */
    public static void release(Object lock) {
        if (lock != null) {
            ((AffinityLock) lock).release();
        }
    }
}
