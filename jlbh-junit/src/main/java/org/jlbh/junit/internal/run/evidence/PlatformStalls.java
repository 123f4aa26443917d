package org.jlbh.junit.internal.run.evidence;

import java.util.Arrays;

/**
 * The platform's stalls during one measured run, as a {@link StallSource} saw them: each stall's length in
 * nanoseconds, in no particular order. Immutable once made (the array is not exposed).
 */
public final class PlatformStalls {
    /** How much longer than a JVM pause a stall it caused may be, in nanoseconds: the wake-up's own delay. */
    static final long PAUSE_MARGIN_NANOS = 100_000;

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

    /**
     * The stalls the JVM's pauses do not account for. A pause stops the OS jitter thread too, and delays the one
     * wake-up it falls on by at most its length: for each pause, longest first, the longest stall left that is no
     * longer than the pause (with {@value #PAUSE_MARGIN_NANOS} ns for the wake-up's own delay) is the JVM's, not the
     * platform's, and is taken out.
     *
     * @param pausesNanos the JVM's pauses during the run, each's length in nanoseconds
     * @return the platform's stalls
     */
    public PlatformStalls withoutJvmPauses(long[] pausesNanos) {
        long[] pauses = pausesNanos.clone();
        Arrays.sort(pauses);
        long[] left = nanos.clone();
        Arrays.sort(left);
        boolean[] taken = new boolean[left.length];
        for (int p = pauses.length - 1; p >= 0; p--) {
            for (int i = left.length - 1; i >= 0; i--) {
                if (!taken[i] && left[i] <= pauses[p] + PAUSE_MARGIN_NANOS) {
                    taken[i] = true;
                    break;
                }
            }
        }
        long[] platform = new long[left.length];
        int kept = 0;
        for (int i = 0; i < left.length; i++) {
            if (!taken[i]) {
                platform[kept++] = left[i];
            }
        }
        return new PlatformStalls(Arrays.copyOf(platform, kept));
    }

    /** @return the longest stall in nanoseconds, 0 when there was none */
    public long worstNanos() {
        return Arrays.stream(nanos).max().orElse(0);
    }
}
