package org.jlbh.junit.internal.run.evidence;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.LongStream;

/**
 * The platform's stalls in one measured run, as a {@link StallSource} saw them. Immutable: the array is not written.
 *
 * @param nanos each stall's length, in nanoseconds, in no particular order
 */
public record PlatformStalls(long[] nanos) {
    /** How much longer than a JVM pause a stall it caused may be, in nanoseconds: the wake-up's own delay. */
    static final long PAUSE_MARGIN_NANOS = 100_000;

    public PlatformStalls {
        nanos = nanos.clone();
    }

    /**
     * @param pausesNanos each JVM pause's length during the run
     * @return the stalls the pauses do not account for: for each pause, longest first, the longest stall left that is
     *         no longer (by {@value #PAUSE_MARGIN_NANOS} ns) is the JVM's and taken out
     */
    public PlatformStalls withoutJvmPauses(long[] pausesNanos) {
        List<Long> left = new ArrayList<>(LongStream.of(nanos).sorted().boxed().toList());
        LongStream.of(pausesNanos).boxed().sorted(Comparator.reverseOrder()).forEach(pause -> {
            for (int i = left.size() - 1; i >= 0; i--) {
                if (left.get(i) <= pause + PAUSE_MARGIN_NANOS) {
                    left.remove(i);
                    break;
                }
            }
        });
        return new PlatformStalls(left.stream().mapToLong(Long::longValue).toArray());
    }

    /** @return the longest stall, 0 when there was none */
    public long worstNanos() {
        return Arrays.stream(nanos).max().orElse(0);
    }
}
