package org.jlbh.core.internal;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class LatencyRecorderTest {

    private final LatencyRecorder recorder = new LatencyRecorder("probe", Thread.currentThread());

    @Test
    void ownerAndOtherThreadsSamplesMeetInTheRun() throws InterruptedException {
        recorder.beginRun();
        recorder.sampleNanos(100);
        Thread other = new Thread(() -> {
            for (int i = 0; i < 1_000; i++) {
                recorder.sampleNanos(200);
            }
        });
        other.start();
        other.join();

        assertThat(recorder.count()).isEqualTo(1_001);
        ImmutableRunResult run = recorder.endRun(1);
        assertThat(run.count()).isEqualTo(1_001);
        assertThat(run.min()).isEqualTo(Duration.ofNanos(100));
        assertThat(run.max()).isEqualTo(Duration.ofNanos(200));
        assertThat(run.strayBeforeRun()).isZero();
    }

    @Test
    void samplesFromOtherThreadsBetweenRunsAreStrayNotLost() throws InterruptedException {
        recorder.beginRun();
        recorder.endRun(1);
        Thread late = new Thread(() -> recorder.sampleNanos(5_000));
        late.start();
        late.join();

        recorder.beginRun();
        recorder.sampleNanos(10);
        ImmutableRunResult run2 = recorder.endRun(2);
        assertThat(run2.count()).isEqualTo(1);
        assertThat(run2.strayBeforeRun()).isEqualTo(1);
    }

    @Test
    void outOfRangeValuesAreClampedAndCountedNeverThrown() throws InterruptedException {
        recorder.beginRun();
        recorder.sampleNanos(-5);
        recorder.sampleNanos(LatencyRecorder.HIGHEST_TRACKABLE_NS * 2);
        Thread other = new Thread(() -> recorder.sampleNanos(Long.MAX_VALUE));
        other.start();
        other.join();

        ImmutableRunResult run = recorder.endRun(1);
        assertThat(run.count()).isEqualTo(3);
        assertThat(run.outOfRangeSamples()).isEqualTo(3);
        assertThat(run.min()).isEqualTo(Duration.ZERO);
        assertThat(run.max().toNanos()).isGreaterThanOrEqualTo(LatencyRecorder.HIGHEST_TRACKABLE_NS);
    }

    @Test
    void eachRunStartsEmpty() {
        recorder.beginRun();
        recorder.sampleNanos(1);
        recorder.endRun(1);
        recorder.beginRun();
        assertThat(recorder.count()).isZero();
        assertThat(recorder.endRun(2).count()).isZero();
    }

    @Test
    void aCompactCopyKeepsEveryCountInAFractionOfTheMemory() {
        Histogram full = LatencyRecorder.newHistogram();
        for (long v = 1; v <= 1_000_000; v += 7) {
            full.recordValue(v);
        }
        Histogram copy = LatencyRecorder.compactCopy(full);

        assertThat(copy).isEqualTo(full);
        assertThat(copy.getValueAtPercentile(99.9)).isEqualTo(full.getValueAtPercentile(99.9));
        assertThat(copy.getEstimatedFootprintInBytes()).isLessThan(full.getEstimatedFootprintInBytes() / 2);
        copy.recordValue(LatencyRecorder.HIGHEST_TRACKABLE_NS); // still usable beyond its initial range
        assertThat(copy.getTotalCount()).isEqualTo(full.getTotalCount() + 1);
    }
}
