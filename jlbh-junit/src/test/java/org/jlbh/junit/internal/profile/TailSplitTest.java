package org.jlbh.junit.internal.profile;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The late/on-time split and the ranking of frames, on injected samples and late iterations. */
class TailSplitTest {
    private static final String BODY = "com.acme.QuoteTest.quote";
    private static final List<String> HARNESS = List.of("org.jlbh.core.internal.PacedLoop.iterate", "java.lang.Thread.run");

    /** @return a sample's stack, innermost first: the given frames, then the test method, then the harness */
    private static List<String> inBody(String... innermostFirst) {
        List<String> frames = new ArrayList<>(List.of(innermostFirst));
        frames.add(BODY);
        frames.addAll(HARNESS);
        return frames;
    }

    @Test
    void aSampleIsLateFromTheIterationsIntendedStartToItsEndAndTheWaitForTheNextStartIsLeftOut() {
        // one late iteration, due at 1,000 and ended at 1,300: queued behind nothing, it began late at 1,200
        LateIterations late = new LateIterations(new long[]{1_000}, new long[]{1_300});
        List<StackSample> samples = List.of(
                new StackSample(999, 0, inBody("com.acme.Pricer.quote")), // before it was due: on time
                new StackSample(1_000, 0, HARNESS), // due, the harness not yet calling: late, between calls
                new StackSample(1_150, 0, inBody("com.acme.Pricer.recalculateRisk", "com.acme.Pricer.quote")),
                new StackSample(1_300, 0, inBody("com.acme.Pricer.recalculateRisk", "com.acme.Pricer.quote")),
                new StackSample(1_301, 0, HARNESS), // waiting for the next start: left out
                new StackSample(1_400, 0, inBody("com.acme.Pricer.quote")),
                new StackSample(5_000, 0, inBody("com.acme.Pricer.quote"))); // after the run: left out

        TailSplit split = TailSplit.of(samples, List.of(late), 0, 2_000, BODY);

        assertThat(split.lateSamples()).isEqualTo(3);
        assertThat(split.onTimeSamples()).isEqualTo(2);
        assertThat(split.late()).containsExactlyInAnyOrderEntriesOf(Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Pricer.recalculateRisk", 2L,
                TailSplit.BETWEEN_CALLS + ";java.lang.Thread.run;org.jlbh.core.internal.PacedLoop.iterate", 1L));
        assertThat(split.onTime()).containsExactlyEntriesOf(Map.of(BODY + ";com.acme.Pricer.quote", 2L));
    }

    @Test
    void overlappingLateIterationsMergeAndEachThreadHasItsOwn() {
        // the second was due before the first ended (queued behind it)
        LateIterations first = new LateIterations(new long[]{300, 100}, new long[]{500, 350});
        assertThat(first.count()).isEqualTo(2);
        assertThat(first.covers(99)).isFalse();
        assertThat(first.covers(100)).isTrue();
        assertThat(first.covers(360)).isTrue();
        assertThat(first.covers(500)).isTrue();
        assertThat(first.covers(501)).isFalse();

        LateIterations none = new LateIterations(new long[0], new long[0]);
        List<StackSample> samples = List.of(new StackSample(200, 0, inBody("a.B.c")), new StackSample(200, 1,
                inBody("a.B.c")));
        TailSplit split = TailSplit.of(samples, List.of(first, none), 0, 1_000, BODY);
        assertThat(split.lateSamples()).isEqualTo(1);
        assertThat(split.onTimeSamples()).isEqualTo(1);
    }

    @Test
    void theFrameWhereLateTimePartsFromOnTimeRanksFirstWithWhereItsTimeWent() {
        Map<String, Long> late = Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Pricer.recalculateRisk;os::javaTimeNanos", 90L,
                BODY + ";com.acme.Pricer.quote", 5L,
                TailSplit.BETWEEN_CALLS + ";java.lang.Thread.run;org.jlbh.core.internal.PacedLoop.iterate", 5L);
        Map<String, Long> onTime = Map.of(BODY + ";com.acme.Pricer.quote", 99L,
                BODY + ";com.acme.Pricer.quote;com.acme.Pricer.recalculateRisk", 1L);

        List<TailFrame> ranked = TailFrames.rank(new TailSplit(late, onTime), 10);

        // the harness between calls is not the code's: said apart, not ranked
        assertThat(ranked).extracting(TailFrame::frame).containsExactly("com.acme.Pricer.recalculateRisk");
        TailFrame top = ranked.get(0);
        assertThat(top.lateShare()).isEqualTo(0.9);
        assertThat(top.onTimeShare()).isEqualTo(0.01);
        assertThat(top.describe()).isEqualTo("90% in Pricer.recalculateRisk, called from Pricer.quote (on time: 1.0%)");
        assertThat(new TailSplit(late, onTime).betweenCalls()).isEqualTo(0.05);
    }

    @Test
    void aWaitOnALockIsNamedDownToItsParkWithTheCodeThatTookTheLock() {
        String lock = BODY + ";com.acme.Book.read;java.util.concurrent.locks.ReentrantLock.lock";
        Map<String, Long> late = Map.of(
                lock + ";java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire;"
                        + "java.util.concurrent.locks.LockSupport.park;jdk.internal.misc.Unsafe.park;Parker::park", 80L,
                BODY + ";com.acme.Book.read", 20L);
        Map<String, Long> onTime = Map.of(lock, 50L, BODY + ";com.acme.Book.read", 50L);

        List<TailFrame> ranked = TailFrames.rank(new TailSplit(late, onTime), 10);

        assertThat(ranked.get(0).describe()).isEqualTo("80% in AbstractQueuedSynchronizer.acquire → … → Unsafe.park, "
                + "called from Book.read (on time: 0%)");
        // Book.read and ReentrantLock.lock are on every call, late or not: no more of the late time is theirs
        assertThat(ranked).extracting(TailFrame::frame).doesNotContain("com.acme.Book.read",
                "java.util.concurrent.locks.ReentrantLock.lock", BODY);
    }

    @Test
    void aSlowPathOfSeveralMethodsIsNamedWhereItSpendsItsTimeWithWhatCalledIt() {
        // no on-time sample: every frame of the slow path holds the same extra time
        String slowPath = BODY + ";com.acme.Pricer.quote;com.acme.Pricer.recalculateRisk;com.acme.Spin.micros";
        List<TailFrame> allInIt = TailFrames.rank(new TailSplit(Map.of(slowPath + ";os::javaTimeNanos", 100L),
                Map.of()), 10);
        assertThat(allInIt).hasSize(1);
        assertThat(allInIt.get(0).describe()).isEqualTo("100% in Spin.micros, called from Pricer.recalculateRisk (on "
                + "time: too few samples to compare)");

        // a tenth of the late time in the quote's own code: the quote first, then the slow path inside it
        List<TailFrame> ranked = TailFrames.rank(new TailSplit(Map.of(slowPath, 90L, BODY + ";com.acme.Pricer.quote",
                10L), Map.of()), 10);
        assertThat(ranked).extracting(TailFrame::describe).containsExactly("100% in Pricer.quote (on time: too few "
                + "samples to compare)", "90% in Spin.micros, called from Pricer.recalculateRisk (on time: too few "
                + "samples to compare)");
    }

    @Test
    void theTestMethodsOwnCodeIsAFrameOfItsOwn() {
        Map<String, Long> late = Map.of(BODY, 60L, BODY + ";os::javaTimeNanos", 20L, BODY + ";a.B.c", 20L);
        Map<String, Long> onTime = Map.of(BODY + ";a.B.c", 100L);

        List<TailFrame> ranked = TailFrames.rank(new TailSplit(late, onTime), 10);

        assertThat(ranked).hasSize(1);
        assertThat(ranked.get(0).describe()).isEqualTo("80% in QuoteTest.quote (its own code) (on time: 0%)");
    }

    @Test
    void aHandfulOfOnTimeSamplesIsNoContrast() {
        // one on-time sample, in the test method's own code: a share of 100% from one sample would hide the slow path
        Map<String, Long> late = Map.of(BODY, 1_117L, BODY + ";os::javaTimeNanos", 1_074L);

        List<TailFrame> ranked = TailFrames.rank(new TailSplit(late, Map.of(BODY, 1L)), 10);

        assertThat(ranked).extracting(TailFrame::describe).containsExactly("100% in QuoteTest.quote (its own code) (on "
                + "time: too few samples to compare)");
    }

    @Test
    void noLateSampleRanksNothing() {
        assertThat(TailFrames.rank(new TailSplit(Map.of(), Map.of(BODY, 5L)), 10)).isEmpty();
    }
}
