package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The harness thread's own scheduler readings, against a scripted thread: a clock it moves itself and figures it
 * writes, so that every reading's time and content are known.
 */
class SchedulerReadingsTest {
    private static final long US = 1_000;
    /** 20,000/s: an iteration every 50 µs, late from 100 µs, runs of 1 s. */
    private static final ReadingPlan PLAN = new ReadingPlan(1, 3, 100 * US, 50 * US, true, 1_000_000 * US);

    /** A thread that runs iterations of 1 µs on schedule, and whose figures the test moves. */
    private static final class ScriptedThread implements ThreadStatistics {
        long now = 1_000_000 * US;
        long cpu;
        long runDelay;
        long slices;
        long voluntary;
        /** How long a reading of the cheap figures takes. */
        long readNanos = 2 * US;
        int reads;
        int voluntaryReads;
        boolean fail;

        @Override
        public void read(long[] into) throws IOException {
            if (fail) {
                throw new IOException("gone");
            }
            reads++;
            now += readNanos;
            cpu += readNanos;
            into[0] = cpu;
            into[1] = runDelay;
            into[2] = slices;
        }

        @Override
        public long voluntarySwitches() {
            voluntaryReads++;
            return voluntary;
        }

        @Override
        public void close() {
        }

        /** Spins until {@code due}, if it is not there yet: the harness thread waits on its CPU. */
        void awaitDue(long due) {
            if (due > now) {
                run(due - now);
            }
        }

        /** Runs for {@code nanos}. */
        void run(long nanos) {
            now += nanos;
            cpu += nanos;
        }

        /** Waits {@code nanos} for a CPU, then gets it back. */
        void waitForCpu(long nanos) {
            now += nanos;
            runDelay += nanos;
            slices++;
        }

        /** The host takes the CPU for {@code nanos}: neither running nor on the run queue. */
        void stolen(long nanos) {
            now += nanos;
        }

        /** Sleeps {@code nanos}. */
        void sleep(long nanos) {
            now += nanos;
            voluntary++;
            slices++;
        }
    }

    private final ScriptedThread thread = new ScriptedThread();
    private final SchedulerReadings readings = new SchedulerReadings(PLAN, () -> thread, () -> thread.now);

    /** Runs {@code count} iterations of 1 µs, each at its due time (the clock waits for it), from due time {@code due}. */
    private long onSchedule(long due, int count) {
        for (int i = 0; i < count; i++, due += 50 * US) {
            thread.awaitDue(due);
            thread.run(US);
            readings.afterIteration(due, thread.now);
        }
        return due;
    }

    private long begin() {
        readings.open();
        readings.beginPart(1);
        return thread.now + 10 * US;
    }

    @Test
    void aReadingThatTakesLongIsKept() {
        // the monitor thread this replaced dropped every reading slower than 20 µs: here all of them were
        thread.readNanos = 30 * US;
        long due = begin();
        due = onSchedule(due, 100);
        readings.endOfPart();

        SchedulerEvidence evidence = readings.evidence();
        assertThat(evidence.available()).isTrue();
        assertThat(evidence.fromNanos()[0]).isLessThanOrEqualTo(due - 100 * 50 * US);
        assertThat(evidence.atNanos()[evidence.samples() - 1]).isGreaterThanOrEqualTo(due - 50 * US);
    }

    @Test
    void aWaitForTheCpuIsReadByTheLateIterationAndPlacedBetweenTheReadingsAroundIt() {
        long due = begin();
        due = onSchedule(due, 100); // 5 ms on time: quiet readings each period, none kept
        thread.awaitDue(due);
        long waitFrom = thread.now;
        thread.waitForCpu(3_000 * US); // the iteration due now waits 3 ms for a CPU
        long waitTo = thread.now;
        thread.run(US);
        readings.afterIteration(due, thread.now); // 3 ms late: read at once
        due += 50 * US;
        due = onSchedule(due, 200);
        readings.endOfPart();

        SchedulerEvidence evidence = readings.evidence();
        // the first reading, the quiet one before the wait, the late one, the quiet one after it, the end
        int interval = -1;
        for (int i = 1; i < evidence.samples(); i++) {
            if (evidence.runDelaySince(i) > 0) {
                assertThat(interval).as("one interval holds the wait").isEqualTo(-1);
                interval = i;
            }
        }
        assertThat(evidence.runDelaySince(interval)).isEqualTo(3_000 * US);
        assertThat(evidence.intervalFrom(interval)).isLessThanOrEqualTo(waitFrom)
                .isGreaterThanOrEqualTo(waitFrom - SchedulerReadings.QUIET_PERIOD_NANOS - 60 * US);
        assertThat(evidence.intervalTo(interval)).isGreaterThanOrEqualTo(waitTo).isLessThanOrEqualTo(waitTo + 5 * US);
        assertThat(evidence.samples()).isEqualTo(5);
    }

    @Test
    void quietReadingsAreTakenInTheSlackButNotKept() {
        long due = begin();
        onSchedule(due, 2_000); // 100 ms on time
        int readsBefore = thread.reads;
        readings.endOfPart();

        // a quiet reading each period of the 100 ms were read; only the first and the end are kept
        long period = SchedulerReadings.QUIET_PERIOD_NANOS;
        assertThat((long) readsBefore).isBetween(100_000 * US / period - 5, 100_000 * US / period + 5);
        assertThat(readings.evidence().samples()).isEqualTo(2);
    }

    @Test
    void noReadingWhereTheNextIterationIsDueTooSoon() {
        long due = begin();
        int reads = thread.reads;
        for (int i = 0; i < 1_000; i++, due += 50 * US) {
            thread.awaitDue(due);
            thread.run(46 * US); // 4 µs of slack left: less than a reading may need
            readings.afterIteration(due, thread.now);
        }
        assertThat(thread.reads).isEqualTo(reads);
    }

    @Test
    void lateReadingsAreSpacedAndEachLateStretchIsClosed() {
        long due = begin();
        // every iteration late: 200 µs of service at an interval of 50 µs
        for (int i = 0; i < 2_000; i++, due += 50 * US) {
            thread.awaitDue(due);
            thread.run(200 * US);
            readings.afterIteration(due, thread.now);
        }
        readings.endOfPart();

        SchedulerEvidence evidence = readings.evidence();
        // 400 ms of late iterations, read at most once per spacing (1 s / 1,024, ~977 µs)
        assertThat(evidence.samples()).isBetween(400, 415);
        for (int i = 2; i < evidence.samples() - 1; i++) {
            assertThat(evidence.intervalTo(i) - evidence.intervalTo(i - 1)).isGreaterThanOrEqualTo(976 * US);
        }
    }

    @Test
    void aPartThatUsedItsRowsMergesLaterReadingsIntoItsLastAndKeepsTheTotals() {
        ReadingPlan shortRuns = new ReadingPlan(1, 1, 100 * US, 50 * US, true, 1_000 * US); // spacing 50 µs
        SchedulerReadings crowded = new SchedulerReadings(shortRuns, () -> thread, () -> thread.now);
        crowded.open();
        crowded.beginPart(1);
        long due = thread.now;
        for (int i = 0; i < 10_000; i++, due += 50 * US) {
            thread.awaitDue(due);
            thread.waitForCpu(US);
            thread.run(200 * US);
            crowded.afterIteration(due, thread.now);
        }
        crowded.endOfPart();

        SchedulerEvidence evidence = crowded.evidence();
        // every late iteration read: those the rows had no room for replaced the part's last reading
        assertThat(thread.reads).isGreaterThan(evidence.samples());
        assertThat(evidence.samples()).isLessThanOrEqualTo(2 * SchedulerReadings.LATE_READINGS_PER_PART + 8 + 1);
        long total = 0;
        for (int i = 1; i < evidence.samples(); i++) {
            total += evidence.runDelaySince(i);
        }
        assertThat(total).isEqualTo(10_000 * US);
    }

    @Test
    void timeTheHostTookIsLostButSleepIsNot() {
        long due = begin();
        due = onSchedule(due, 10);
        thread.awaitDue(due);
        thread.stolen(2_000 * US); // the host took the CPU for 2 ms
        thread.run(US);
        readings.afterIteration(due, thread.now);
        due += 50 * US;
        due = onSchedule(due, 100);
        thread.awaitDue(due);
        thread.sleep(2_000 * US); // the body slept 2 ms
        thread.run(US);
        readings.afterIteration(due, thread.now);
        due += 50 * US;
        onSchedule(due, 100);
        readings.endOfPart();

        SchedulerEvidence evidence = readings.evidence();
        long lost = 0;
        for (int i = 1; i < evidence.samples(); i++) {
            lost += evidence.lostSince(i);
        }
        assertThat(lost).isEqualTo(2_000 * US);
        // voluntary switches are read at the first reading and where time was unaccounted: twice more
        assertThat(thread.voluntaryReads).isEqualTo(3);
    }

    @Test
    void aThreadWithoutFiguresSaysWhy() {
        SchedulerReadings none = new SchedulerReadings(PLAN, () -> {
            throw new IOException("no scheduler evidence on this OS (no /proc/thread-self/schedstat)");
        }, () -> 0);
        none.open();
        none.beginPart(1);
        none.afterIteration(0, 1_000 * US);
        none.endOfPart();

        assertThat(none.evidence().available()).isFalse();
        assertThat(none.evidence().unavailable()).contains(
                "no scheduler evidence on this OS (no /proc/thread-self/schedstat)");
    }

    @Test
    void aReadingThatFailsEndsTheReadingsAndSaysSo() {
        long due = begin();
        due = onSchedule(due, 10);
        thread.fail = true;
        thread.awaitDue(due + 1_000 * US);
        readings.afterIteration(due, thread.now);
        readings.endOfPart();

        assertThat(readings.endedPart(1)).isFalse();
        assertThat(readings.evidence().unavailable()).hasValueSatisfying(
                why -> assertThat(why).contains("reading /proc/thread-self failed"));
    }

    @Test
    void partsAreKnownBegunAndEnded() {
        begin();
        readings.endOfPart();

        assertThat(readings.hadPart(1)).isTrue();
        assertThat(readings.endedPart(1)).isTrue();
        assertThat(readings.hadPart(2)).isFalse();
        assertThat(readings.endedPart(2)).isFalse();
    }
}
