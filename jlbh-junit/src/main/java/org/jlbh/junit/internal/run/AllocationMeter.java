package org.jlbh.junit.internal.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The bytes the calling thread has allocated, from HotSpot's {@code com.sun.management.ThreadMXBean}; reading
 * allocates nothing. Thread-safe.
 */
public final class AllocationMeter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.ThreadMXBean HOTSPOT_THREADS =
            THREADS instanceof com.sun.management.ThreadMXBean ? (com.sun.management.ThreadMXBean) THREADS : null;

    private AllocationMeter() {
    }

    /** @return why thread allocation cannot be measured, or null when it can */
    public static String whyUnavailable() {
        if (HOTSPOT_THREADS == null) {
            return "its ThreadMXBean is not a com.sun.management.ThreadMXBean";
        }
        if (!HOTSPOT_THREADS.isThreadAllocatedMemorySupported()) {
            return "ThreadMXBean.isThreadAllocatedMemorySupported() is false";
        }
        if (!HOTSPOT_THREADS.isThreadAllocatedMemoryEnabled()) {
            return "thread allocated memory measurement is disabled (ThreadMXBean.setThreadAllocatedMemoryEnabled)";
        }
        return null;
    }

    /** @return bytes allocated by the calling thread since it started; -1 where this JVM cannot say */
    public static long currentThreadAllocatedBytes() {
        return HOTSPOT_THREADS == null ? -1 : HOTSPOT_THREADS.getCurrentThreadAllocatedBytes();
    }
}
