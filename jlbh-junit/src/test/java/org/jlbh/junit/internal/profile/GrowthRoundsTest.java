package org.jlbh.junit.internal.profile;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How many rounds the growth profile measures: two at least, more while the test method drew too few samples. */
class GrowthRoundsTest {

    @Test
    void twoRoundsAreTakenHoweverManySamplesTheFirstDrew() {
        assertThat(Profiling.anotherRound(1, 5_000)).isTrue();
        assertThat(Profiling.anotherRound(2, 5_000)).isFalse();
    }

    @Test
    void aSparseProfileTakesMoreRoundsUntilItHoldsEnoughSamples() {
        // Sample 11 here: some 60 samples of the two sides a round, so four rounds
        assertThat(Profiling.anotherRound(2, 120)).isTrue();
        assertThat(Profiling.anotherRound(3, 180)).isTrue();
        assertThat(Profiling.anotherRound(4, 240)).isFalse();
        assertThat(Profiling.anotherRound(4, Profiling.GROWTH_SAMPLES)).isFalse();
        assertThat(Profiling.anotherRound(4, Profiling.GROWTH_SAMPLES - 1)).isTrue();
    }

    @Test
    void aProfileThatDrawsAlmostNothingStopsAtTheMostRounds() {
        assertThat(Profiling.anotherRound(Profiling.GROWTH_MAX_ROUNDS - 1, 0)).isTrue();
        assertThat(Profiling.anotherRound(Profiling.GROWTH_MAX_ROUNDS, 0)).isFalse();
    }
}
