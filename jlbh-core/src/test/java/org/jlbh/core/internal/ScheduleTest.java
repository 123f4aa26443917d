package org.jlbh.core.internal;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScheduleTest {

    @Test
    void dueTimesFollowTheExactRationalScheduleWithoutDrift() {
        // 3,000,000/s: the interval is 333.33... ns, which integer-ns pacing would round to 333 and drift by
        // 1 ms per 3 million iterations
        Schedule schedule = new Schedule(TimeUnit.SECONDS.toNanos(1), 3_000_000);
        schedule.start(1_000);
        long due = 0;
        for (long i = 0; i < 3_000_001; i++) {
            due = schedule.next();
        }
        assertThat(due).isEqualTo(1_000 + 1_000_000_000L);
    }

    @Test
    void steppingAgreesWithTheClosedForm() {
        Schedule schedule = new Schedule(TimeUnit.SECONDS.toNanos(1), 7_000);
        schedule.start(-50);
        for (long i = 0; i < 100_000; i++) {
            assertThat(schedule.next()).as("iteration %d", i).isEqualTo(schedule.dueTime(-50, i));
        }
    }

    @Test
    void intervalAndThroughputAreReportedInTheirUnits() {
        Schedule schedule = new Schedule(TimeUnit.MILLISECONDS.toNanos(1), 3);
        assertThat(schedule.intervalNanos()).isEqualTo(1e6 / 3);
        assertThat(schedule.throughputPerSecond()).isEqualTo(3_000.0);
        assertThat(schedule.durationNanos(3_000)).isEqualTo(1_000_000_000L);
    }

    @Test
    void closedFormStaysExactForVeryLongRuns() {
        Schedule schedule = new Schedule(TimeUnit.SECONDS.toNanos(1), 3);
        assertThat(schedule.dueTime(0, 3_000_000_000L)).isEqualTo(1_000_000_000L * 1_000_000_000L);
    }

    @Test
    void aDistributorIsGivenEachExactStepAndTheDueTimesAreTheSumOfWhatItReturns() {
        // 3 per microsecond: the exact steps are 333, 333, 334, 333, 333, 334, ...
        java.util.List<Long> steps = new java.util.ArrayList<>();
        Schedule schedule = new Schedule(TimeUnit.MICROSECONDS.toNanos(1), 3, step -> {
            steps.add(step);
            return 2 * step;
        });
        schedule.start(0);
        long[] due = new long[7];
        for (int i = 0; i < due.length; i++) {
            due[i] = schedule.next();
        }
        assertThat(steps).startsWith(333L, 333L, 334L, 333L, 333L, 334L);
        assertThat(due).containsExactly(0, 666, 1_332, 2_000, 2_666, 3_332, 4_000);
        // the closed form gives the expected (average) schedule
        assertThat(schedule.dueTime(0, 6)).isEqualTo(2_000);
    }

    @Test
    void aNegativeIntervalFromADistributorIsTakenAsZero() {
        Schedule schedule = new Schedule(TimeUnit.SECONDS.toNanos(1), 1_000, step -> -5);
        schedule.start(100);
        assertThat(new long[]{schedule.next(), schedule.next(), schedule.next()}).containsOnly(100L);
    }

    @Test
    void theNormalDistributionIsTheExactSchedule() {
        Schedule schedule = new Schedule(TimeUnit.SECONDS.toNanos(1), 3_000_000, org.jlbh.core.LatencyDistributors.NORMAL);
        schedule.start(0);
        for (long i = 0; i < 10_000; i++) {
            assertThat(schedule.next()).isEqualTo(schedule.dueTime(0, i));
        }
        assertThat(schedule.distributor()).isEqualTo(org.jlbh.core.LatencyDistributors.NORMAL);
    }

    @Test
    void rejectsANonPositiveRate() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Schedule(1_000_000_000L, 0))
                .withMessageContaining("0");
    }
}
