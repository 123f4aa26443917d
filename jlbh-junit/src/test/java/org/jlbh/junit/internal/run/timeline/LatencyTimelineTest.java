package org.jlbh.junit.internal.run.timeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One harness thread's timeline, driven with made-up sample times. */
class LatencyTimelineTest {
    private static final long US = 1_000;
    private static final long START = 1_000_000_000L;

    @Test
    void anIterationDueBeforeTheOneBeforeEndedIsQueuedAndKeepsWhenItsCallBegan() {
        LatencyTimeline timeline = new LatencyTimeline(new long[] {100 * US}, 100);
        timeline.beginRun(1, START, 100 * 50 * US);
        assertThat(timeline.queued(START)).as("nothing ran before the first").isFalse();

        // due at START, stalled until +1 ms
        timeline.record(START + 1_000 * US, 1_000 * US, Long.MIN_VALUE);
        long due = START + 50 * US;
        assertThat(timeline.queued(due)).isTrue();
        // its call began 300 ns after the one before ended, and took 1 µs
        long began = START + 1_000 * US + 300;
        timeline.record(began + US, began + US - due, began);
        assertThat(timeline.queued(START + 2_000 * US)).as("due after the one before ended").isFalse();
        RunTimeline run = timeline.endRun();

        assertThat(run.lateKept()).isEqualTo(2);
        assertThat(run.lateBeganNanos()[0]).as("not read: its intended start, nothing before it").isEqualTo(START);
        assertThat(run.latePreviousEndNanos()[1]).isEqualTo(START + 1_000 * US);
        assertThat(run.lateBeganNanos()[1]).isEqualTo(began);
    }

    @Test
    void withoutItsCallsBeginningALateSampleBeganWhenTheOneBeforeEndedOrWhenDue() {
        LatencyTimeline timeline = new LatencyTimeline(new long[] {100 * US}, 100);
        timeline.beginRun(1, START, 100 * 50 * US);
        timeline.record(START + 1_000 * US, 1_000 * US, Long.MIN_VALUE);
        timeline.record(START + 1_001 * US, 951 * US, Long.MIN_VALUE);
        RunTimeline run = timeline.endRun();

        assertThat(run.lateBeganNanos()[1]).isEqualTo(START + 1_000 * US);
    }
}
