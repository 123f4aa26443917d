package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** How much of a young collection went to objects older than the measured runs, from its survivors' ages. */
class GcCopyTest {

    /** 100 bytes of age 1 (made since the collection before), 900 of age 3. */
    private static GcCopy survivors(long copied) {
        return GcCopy.UNKNOWN.withCopied(copied).withAge(1, 100).withAge(3, 900);
    }

    @Test
    void survivorsOlderThanTheCollectionsSinceTheRunsBeganWereAliveBeforeThem() {
        // the first collection since the runs began: age 1 may be the runs' objects, age 3 cannot
        assertThat(survivors(1_000).olderShare(1)).isCloseTo(0.9, within(1e-9));
        // the third: age 3 may be the runs' objects too
        assertThat(survivors(1_000).olderShare(3)).isZero();
    }

    @Test
    void whatWasPromotedCountsAsTheCodesForItsAgeIsNotTold() {
        assertThat(survivors(2_000).olderShare(1)).isCloseTo(0.45, within(1e-9));
    }

    @Test
    void withoutTheBytesCopiedTheSurvivorsAreTheCopy() {
        assertThat(survivors(-1).olderShare(1)).isCloseTo(0.9, within(1e-9));
    }

    @Test
    void nothingKnownIsNothingOlder() {
        assertThat(GcCopy.UNKNOWN.olderShare(1)).isZero();
        assertThat(survivors(1_000).olderShare(0)).as("no collection since the runs began").isZero();
    }

    @Test
    void aCollectionIsSplitByTheCollectionsSinceTheLastBeforeTheRuns() {
        JvmPause pause = new JvmPause(0, 10_000_000, true, "G1New", 42, survivors(1_000), 0);
        assertThat(pause.splitSince(41).olderObjectsNanos()).isEqualTo(9_000_000);
        assertThat(pause.splitSince(39).olderObjectsNanos()).as("the third since: age 3 may be the runs'").isZero();
        assertThat(new JvmPause(0, 10_000_000, false, "Cleanup", -1, GcCopy.UNKNOWN, 0).splitSince(41)
                .olderObjectsNanos()).isZero();
    }
}
