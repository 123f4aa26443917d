package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The OS jitter thread's stalls, less those the JVM's pauses account for. */
class PlatformStallsTest {
    private static final long MS = 1_000_000;

    private static long[] lengths(PlatformStalls stalls) {
        long[] lengths = stalls.nanos().clone();
        java.util.Arrays.sort(lengths);
        return lengths;
    }

    @Test
    void aStallNoLongerThanAJvmPauseIsTheJvmsNotThePlatforms() {
        // a 24.6 ms collection stopped the jitter thread too: its 24 ms stall is not the platform's
        PlatformStalls stalls = new PlatformStalls(new long[] {24 * MS, 3 * MS, 1 * MS});

        assertThat(lengths(stalls.withoutJvmPauses(new long[] {24_600_000}))).containsExactly(MS, 3 * MS);
    }

    @Test
    void eachPauseTakesOneStallTheLongestItCanAccountFor() {
        PlatformStalls stalls = new PlatformStalls(new long[] {5 * MS, 2 * MS, 2 * MS});

        // two pauses of 2 ms: the two 2 ms stalls; the 5 ms one is longer than either, and stays the platform's
        assertThat(lengths(stalls.withoutJvmPauses(new long[] {2 * MS, 2 * MS}))).containsExactly(5 * MS);
        // a stall a little longer than the pause (the wake-up's own delay) is still the pause's
        assertThat(lengths(new PlatformStalls(new long[] {2 * MS + 50_000}).withoutJvmPauses(new long[] {2 * MS})))
                .isEmpty();
        assertThat(lengths(stalls.withoutJvmPauses(new long[0]))).containsExactly(2 * MS, 2 * MS, 5 * MS);
    }
}
