package org.jlbh.junit.internal.judge.attribution;

/** What a late sample (one over a budget) is put down to; see {@link LateSampleAttribution} for the rule. */
public enum Cause {
    /** The harness thread was runnable but waited for a CPU, or the host stole its CPU: not the code's. */
    PLATFORM,
    /** The JVM stopped every thread for something other than a collection (a safepoint): not the code's. */
    SAFEPOINT,
    /**
     * A garbage collection stopped every thread to copy objects alive before the measured runs began (the JVM's,
     * JUnit's, the harness's, what the warm-up left alive, in a young JVM that has not yet tenured them): not the
     * code's garbage, so not the code's.
     */
    OLDER_OBJECTS,
    /** A garbage collection stopped every thread: the code's own allocation. */
    GC,
    /** No pause covers it: the code. */
    CODE;

    /** @return whether samples put down to this cause are the code's own (they count against its budgets) */
    public boolean codes() {
        return this == GC || this == CODE;
    }
}
