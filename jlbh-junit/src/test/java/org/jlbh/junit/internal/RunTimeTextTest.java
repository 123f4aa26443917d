package org.jlbh.junit.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How a run's scheduled time is said in the line that says how a measurement ended. */
class RunTimeTextTest {

    @Test
    void aRunOfASecondOrMoreIsSaidInSecondsAShorterOneInMilliseconds() {
        assertThat(TestPipeline.runTime(1_000_000_000L)).isEqualTo("1.0 s");
        assertThat(TestPipeline.runTime(10_000_000_000L)).isEqualTo("10.0 s");
        // 1,000 iterations at 20,000/s: once printed "0.1 s", twice what it is
        assertThat(TestPipeline.runTime(50_000_000L)).isEqualTo("50 ms");
        assertThat(TestPipeline.runTime(999_000_000L)).isEqualTo("999 ms");
        assertThat(TestPipeline.runTime(2_500_000L)).isEqualTo("2.50 ms");
    }
}
