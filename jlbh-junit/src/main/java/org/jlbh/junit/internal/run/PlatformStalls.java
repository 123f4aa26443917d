package org.jlbh.junit.internal.run;

import java.util.Arrays;

/**
 * The platform's stalls during one measured run, as a {@link StallSource} saw them: each stall's length in
 * nanoseconds, in no particular order. Immutable once made (the array is not exposed).
 */
public final class PlatformStalls {
    private final long[] nanos;

    /** @param nanos each stall's length in nanoseconds; copied */
    public PlatformStalls(long[] nanos) {
        this.nanos = nanos.clone();
    }

    /** @return how many stalls there were */
    public int count() {
        return nanos.length;
    }

    /**
     * @param i 0-based index, below {@link #count()}
     * @return that stall's length in nanoseconds
     */
    public long nanos(int i) {
        return nanos[i];
    }

    /** @return the longest stall in nanoseconds, 0 when there was none */
    public long worstNanos() {
        return Arrays.stream(nanos).max().orElse(0);
    }
}
