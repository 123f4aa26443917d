package org.jlbh.junit.internal.run.timeline;

import org.jlbh.core.JLBH;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Timelines of several harness threads, each recorded on its own thread and merged when the run ends: driven with
 * made-up sample times, so every window and late sample is known.
 */
class TimelinesTest {
    private static final long BUDGET = 100_000;
    private static final long START = 1_000_000;

    private static Timelines timelines(int threads) {
        return new Timelines(Map.of(JLBH.END_TO_END, new LatencyTimeline(new long[]{BUDGET}, 1_000)), threads, 1_000);
    }

    @Test
    void twoThreadsTimelinesMergeIntoTheRunsEndToEndInTheOrderTheirSamplesEnded() {
        Timelines timelines = timelines(2);
        // 1,000 windows over a scheduled millisecond: a window is a microsecond
        timelines.beginRun(1, START, 1_000_000);
        timelines.endToEndOfThread(0).record(START + 100_000, 50, Long.MIN_VALUE);
        timelines.endToEndOfThread(0).record(START + 500_000, 200_000, Long.MIN_VALUE);
        timelines.endToEndOfThread(1).record(START + 300_000, 150_000, Long.MIN_VALUE);
        timelines.endToEndOfThread(1).record(START + 500_000, 300, Long.MIN_VALUE);
        timelines.endRun();

        RunTimeline run = timelines.ofRun(1).get(JLBH.END_TO_END);
        assertThat(run.startNanos()).isEqualTo(START);
        assertThat(run.lateKept()).isEqualTo(2);
        assertThat(new long[]{run.lateEndNanos()[0], run.lateEndNanos()[1]}).containsExactly(START + 300_000, START + 500_000);
        assertThat(new long[]{run.lateNanos()[0], run.lateNanos()[1]}).containsExactly(150_000, 200_000);
        // the threads ran beside each other: no replay of one queue applies to the merge
        assertThat(run.sequential()).isFalse();
        assertThat(run.worstNanos()[100]).isEqualTo(50);
        assertThat(run.worstNanos()[300]).isEqualTo(150_000);
        assertThat(run.worstNanos()[500]).isEqualTo(200_000);
        assertThat(run.overBudget()[0][300]).isEqualTo(1);
        assertThat(run.overBudget()[0][500]).isEqualTo(1);
        assertThat(run.windows()).isEqualTo(501);
    }

    @Test
    void oneThreadsTimelineIsTheRunsAsItWasRecorded() {
        Timelines timelines = timelines(1);
        timelines.beginRun(1, START, 1_000_000);
        timelines.endToEndOfThread(0).record(START + 100_000, 50, Long.MIN_VALUE);
        timelines.endToEndOfThread(0).record(START + 500_000, 200_000, Long.MIN_VALUE);
        timelines.endRun();

        RunTimeline run = timelines.ofRun(1).get(JLBH.END_TO_END);
        assertThat(run.sequential()).isTrue();
        assertThat(run.latePreviousEndNanos()[0]).isEqualTo(START + 100_000);
    }

    @Test
    void timelinesNotBegunTogetherAreRefused() {
        LatencyTimeline first = new LatencyTimeline(new long[]{BUDGET}, 10);
        LatencyTimeline second = first.forAnotherThread(10);
        first.beginRun(1, START, 1_000_000);
        second.beginRun(1, START + 1, 1_000_000);
        assertThatThrownBy(() -> RunTimeline.merge(List.of(first.endRun(), second.endRun())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the threads' timelines of run 1 were not begun together");
    }
}
