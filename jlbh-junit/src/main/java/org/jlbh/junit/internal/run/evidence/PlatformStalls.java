package org.jlbh.junit.internal.run.evidence;

import java.util.Arrays;

/** The platform's stalls during one measured run, as a {@link StallSource} saw them, in nanoseconds. Immutable. */
public final class PlatformStalls {
    /** How much longer than a JVM pause a stall it caused may be, in nanoseconds: the wake-up's own delay. */
    static final long PAUSE_MARGIN_NANOS = 100_000;

    private final long[] nanos;

    /** @param nanos each stall's length, in no particular order; copied */
    public PlatformStalls(long[] nanos) {
        this.nanos = nanos.clone();
    }

    /** @return how many stalls there were */
    public int count() {
        return nanos.length;
    }

    /** @return stall {@code i}'s length, {@code i} below {@link #count()} */
    public long nanos(int i) {
        return nanos[i];
    }

    /**
     * @param pausesNanos each JVM pause's length during the run
     * @return the stalls the pauses do not account for: for each pause, longest first, the longest stall left that is
     *         no longer (by {@value #PAUSE_MARGIN_NANOS} ns) is the JVM's and taken out
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

    /** @return the longest stall, 0 when there was none */
    public long worstNanos() {
        return Arrays.stream(nanos).max().orElse(0);
    }
}
