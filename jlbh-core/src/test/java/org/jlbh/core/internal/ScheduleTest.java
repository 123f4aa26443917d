package org.jlbh.core.internal;

import org.jlbh.core.Arrivals;
import org.jlbh.core.LatencyDistributors;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.offset;
import static org.assertj.core.api.Assertions.within;

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

    @Test
    void poissonIntervalsAreExponentialWithTheTargetMean() {
        // 1,000,000 draws at 20,000/s: an exponential's mean is the interval (50 us) and its coefficient of
        // variation (standard deviation / mean) is 1; the sample's stay within 1% and 2% of those
        Schedule schedule = new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 42);
        double[] meanAndCv = intervalMeanAndCv(schedule, 1_000_000);
        assertThat(meanAndCv[0]).isCloseTo(50_000, within(500.0));
        assertThat(meanAndCv[1]).isCloseTo(1.0, offset(0.02));
    }

    @Test
    void poissonArrivalsAreTheSameForTheSameSeedAndDifferForAnother() {
        long[] first = dueTimes(new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 7));
        long[] again = dueTimes(new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 7));
        long[] other = dueTimes(new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 8));
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(first[0]).isEqualTo(1_000);
        assertThat(first).isSorted();
    }

    @Test
    void theSlotEndOfARandomScheduleIsTheDrawnDueTimeNotTheExpectedOne() {
        Schedule schedule = new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 3);
        schedule.start(1_000);
        long[] due = new long[100];
        for (int i = 0; i < due.length; i++) {
            due[i] = schedule.next();
        }
        // 100 iterations done: their last interval ends when iteration 100 is due, as drawn
        long afterAll = schedule.slotEnd(1_000, 100);
        // aborted before iteration 99 ran (it was handed out): the slots end when it was due
        long afterAbort = schedule.slotEnd(1_000, 99);
        assertThat(afterAll).isEqualTo(schedule.next()).isNotEqualTo(schedule.dueTime(1_000, 100));
        assertThat(afterAbort).isEqualTo(due[99]);
        Schedule exact = new Schedule(1_000_000_000L, 20_000);
        exact.start(1_000);
        assertThat(exact.slotEnd(1_000, 100)).isEqualTo(exact.dueTime(1_000, 100)).isEqualTo(1_000 + 100 * 50_000);
    }

    @Test
    void poissonArrivalsRefuseADistributorAndNameThemselves() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Schedule(1_000_000_000L, 1_000,
                        LatencyDistributors.RANDOM, Arrivals.POISSON, 1))
                .withMessageContaining("Poisson arrivals").withMessageContaining("RANDOM");
        assertThat(new Schedule(1_000_000_000L, 1_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 42).describe())
                .isEqualTo("Poisson (seed 42)");
        assertThat(new Schedule(1_000_000_000L, 1_000).describe()).isEqualTo("NORMAL");
    }

    /** @return the mean interval in ns and its coefficient of variation (standard deviation / mean) over draws */
    private static double[] intervalMeanAndCv(Schedule schedule, int draws) {
        schedule.start(0);
        long previous = schedule.next();
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < draws; i++) {
            long due = schedule.next();
            double interval = due - previous;
            sum += interval;
            sumOfSquares += interval * interval;
            previous = due;
        }
        double mean = sum / draws;
        return new double[]{mean, Math.sqrt(sumOfSquares / draws - mean * mean) / mean};
    }

    private static long[] dueTimes(Schedule schedule) {
        schedule.start(1_000);
        long[] due = new long[1_000];
        for (int i = 0; i < due.length; i++) {
            due[i] = schedule.next();
        }
        return due;
    }

    @Test
    void lanesOfAFixedRateScheduleTakeEveryNthIterationAtItsExactDueTime() {
        // 7,000/s does not divide a second: the lanes must still land on the whole schedule's rounded due times
        Schedule whole = new Schedule(1_000_000_000L, 7_000);
        whole.start(1_000);
        long[] expected = new long[3_000];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = whole.next();
        }
        for (int lane = 0; lane < 3; lane++) {
            Schedule part = whole.lane(lane, 3);
            part.start(1_000);
            for (int j = 0; j < 1_000; j++) {
                assertThat(part.next()).as("lane %d, iteration %d", lane, j).isEqualTo(expected[lane + 3 * j]);
                assertThat(part.dueTime(1_000, j)).isEqualTo(expected[lane + 3 * j]);
            }
            assertThat(part.throughputPerSecond()).isCloseTo(7_000 / 3.0, within(1e-9));
        }
        assertThat(Schedule.laneIterations(0, 3, 1_000)).isEqualTo(334);
        assertThat(Schedule.laneIterations(2, 3, 1_000)).isEqualTo(333);
        assertThat(Schedule.laneIterations(2, 3, 2)).isZero();
    }

    @Test
    void poissonLanesDrawIndependentArrivalsAtTheirShareOfTheRate() {
        Schedule whole = new Schedule(1_000_000_000L, 20_000, LatencyDistributors.NORMAL, Arrivals.POISSON, 42);
        // one lane is the whole schedule, draw for draw
        assertThat(dueTimes(whole.lane(0, 1))).isEqualTo(dueTimes(whole));
        long[] first = dueTimes(whole.lane(0, 2));
        long[] second = dueTimes(whole.lane(1, 2));
        assertThat(first).isNotEqualTo(second);
        for (Schedule lane : new Schedule[]{whole.lane(0, 2), whole.lane(1, 2)}) {
            // each at 10,000/s: exponential intervals of mean 100 us (1,000,000 draws: within 1% and 2%)
            double[] meanAndCv = intervalMeanAndCv(lane, 1_000_000);
            assertThat(meanAndCv[0]).isCloseTo(100_000, within(1_000.0));
            assertThat(meanAndCv[1]).isCloseTo(1.0, offset(0.02));
        }
    }

    @Test
    void aLaneOutOfRangeIsRefused() {
        Schedule whole = new Schedule(1_000_000_000L, 20_000);
        assertThatIllegalArgumentException().isThrownBy(() -> whole.lane(2, 2))
                .withMessage("lane 2 of 2 does not exist");
    }
}
