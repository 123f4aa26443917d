package org.jlbh.junit.internal.judge.attribution;

/** What a late sample (one over a budget) is put down to; {@link LateSampleAttribution} gives the rule. */
public enum Cause {
    /** The harness thread waited for a CPU, the host took it, or the machine stalled: not the code's. */
    PLATFORM,
    /** The JVM stopped every thread for something other than a collection: not the code's. */
    SAFEPOINT,
    /** A collection copied objects alive before the measured runs began: not the code's garbage. */
    OLDER_OBJECTS,
    /** A collection of the code's own garbage. */
    GC,
    /** No pause covers it: the code. */
    CODE;

    /** @return whether samples put down to this cause count against the code's budgets */
    public boolean codes() {
        return this == GC || this == CODE;
    }
}
