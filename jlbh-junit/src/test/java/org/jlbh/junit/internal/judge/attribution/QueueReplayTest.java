package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.LatencyTimeline;
import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The replay rule on simulated runs: a harness thread at 20,000/s (one iteration due every 50 µs) whose iterations
 * take 1 µs, with pauses put where a test wants them, and the evidence a monitor sampling every millisecond would
 * have read. Deterministic: no clock, no thread.
 */
class QueueReplayTest {
    private static final long US = 1_000;
    private static final long INTERVAL = 50 * US;
    private static final long SERVICE = US;
    private static final long BUDGET = 100 * US;
    private static final int ITERATIONS = 2_000;

    /** A simulated run: each iteration's service time, the pauses that lengthened some, and the evidence. */
    private static final class Run {
        final long[] service = new long[ITERATIONS];
        final List<long[]> waits = new ArrayList<>(); // {iteration, length, test's threads' CPU}: a wait for the CPU
        final List<long[]> jvm = new ArrayList<>(); // {iteration, length, 1 for a collection}
        final List<long[]> stalls = new ArrayList<>(); // {iteration, length, 1 when it also lengthened the service}
        /** The harness's own work between two iterations, done before a queued one can begin. */
        long harness;
        /** Per iteration on its schedule, the time from its start to its call (the harness's wake-up). */
        long[] toCall = new long[0];
        /** Per iteration on its schedule, how long the harness thread was held up before its call, unseen. */
        final long[] heldUp = new long[ITERATIONS];

        Run() {
            java.util.Arrays.fill(service, SERVICE);
        }

        /**
         * The harness works {@code length} after each iteration ends (recording it, scheduling the next): an
         * iteration on its schedule does not see it, a queued one begins that much after the one before ended.
         */
        Run harnessWork(long length) {
            harness = length;
            return this;
        }

        /**
         * An iteration on its schedule calls {@code pattern[i % pattern.length]} after its start (the harness wakes up
         * a little late); a queued one calls as soon as the harness's work after the one before is done.
         */
        Run callsAfterItsStart(long... pattern) {
            toCall = pattern;
            return this;
        }

        /**
         * The harness thread is held up for {@code length} before it calls iteration {@code i}, on its schedule, and
         * nothing sees it: the host stopped the machine for less than a second thread notices, between two calls.
         */
        Run heldUpBeforeCall(int i, long length) {
            heldUp[i] = length;
            return this;
        }

        /** The thread waits for its CPU for {@code length} while iteration {@code i} runs. */
        Run waitFor(int i, long length) {
            return waitWhileTestThreadsRan(i, length, 0);
        }

        /**
         * The thread waits for its CPU for {@code length} while iteration {@code i} runs, and the test's own other
         * threads run on a CPU for {@code cpu} in the same stretch between two readings.
         */
        Run waitWhileTestThreadsRan(int i, long length, long cpu) {
            service[i] += length;
            waits.add(new long[] {i, length, cpu});
            return this;
        }

        /** The code itself takes {@code length} longer in iteration {@code i}. */
        Run slowCode(int i, long length) {
            service[i] += length;
            return this;
        }

        /** The JVM stops the thread for {@code length} while iteration {@code i} runs. */
        Run jvmPause(int i, long length, boolean gc) {
            service[i] += length;
            jvm.add(new long[] {i, length, gc ? 1 : 0});
            return this;
        }

        /**
         * The whole machine stalls for {@code length} from when iteration {@code i} began, and a second thread sees
         * it; the harness thread's own readings show nothing. When {@code lengthens}, the iteration is stopped as
         * long (the harness thread was running); else it had nothing to do then (the second thread alone saw it).
         */
        Run machineStall(int i, long length, boolean lengthens) {
            if (lengthens) {
                service[i] += length;
            }
            stalls.add(new long[] {i, length, lengthens ? 1 : 0});
            return this;
        }

        RunAttribution attribute() {
            LatencyTimeline recorder = new LatencyTimeline(new long[] {BUDGET}, ITERATIONS);
            recorder.beginRun(1, 0, ITERATIONS * INTERVAL);
            long[] begins = new long[ITERATIONS];
            long[] latencies = new long[ITERATIONS];
            long previousEnd = Long.MIN_VALUE;
            for (int i = 0; i < ITERATIONS; i++) {
                long due = i * INTERVAL;
                // as the harness thread does: it reads when a queued iteration's call begins
                boolean queued = recorder.queued(due);
                long wakeUp = toCall.length == 0 ? 0 : toCall[i % toCall.length];
                begins[i] = queued ? previousEnd + harness : Math.max(due + wakeUp + heldUp[i], previousEnd + harness);
                long end = begins[i] + service[i];
                // and, for a late one on its schedule, takes when the harness called it
                boolean late = end - due > BUDGET;
                recorder.record(end, end - due, queued || late ? begins[i] : Long.MIN_VALUE);
                latencies[i] = end - due;
                previousEnd = end;
            }
            RunTimeline timeline = recorder.endRun();
            // readings every millisecond; a wait is counted when it ends (the thread gets its CPU back)
            int samples = (int) (previousEnd / (1_000 * US)) + 3;
            long[] times = new long[samples];
            long[] delay = new long[samples];
            long[] slices = new long[samples];
            long[] testThreadsCpu = new long[samples];
            for (int k = 0; k < samples; k++) {
                times[k] = k * 1_000 * US + 300 * US;
            }
            List<JvmPause> pauses = new ArrayList<>();
            for (long[] pause : jvm) {
                long from = begins[(int) pause[0]];
                boolean gc = pause[2] == 1;
                pauses.add(new JvmPause(from, from + pause[1], gc, gc ? "G1New" : "Cleanup"));
            }
            for (long[] wait : waits) {
                int i = (int) wait[0];
                long waitEnd = begins[i] + wait[1];
                for (int k = 0; k < samples; k++) {
                    if (times[k] >= waitEnd) {
                        for (int later = k; later < samples; later++) {
                            delay[later] += wait[1];
                            slices[later]++;
                            testThreadsCpu[later] += wait[2];
                        }
                        break;
                    }
                }
            }
            SchedulerEvidence scheduler = new SchedulerEvidence(times, times, delay, slices, new long[samples], 0,
                    Optional.empty(), new long[samples], new long[samples], testThreadsCpu);
            List<MachineStall> machine = new ArrayList<>();
            for (long[] stall : stalls) {
                long from = stall[2] == 1 ? begins[(int) stall[0]] : (int) stall[0] * INTERVAL + 2 * SERVICE;
                machine.add(new MachineStall(from, from + stall[1]));
            }
            RunEvidence evidence = new RunEvidence(List.of(scheduler), pauses, Optional.empty(), 0, machine);
            long over = 0;
            for (int i = 0; i < timeline.lateKept(); i++) {
                over += timeline.lateNanos()[i] > BUDGET ? 1 : 0;
            }
            long[] within = java.util.Arrays.stream(latencies).filter(latency -> latency <= BUDGET).sorted().toArray();
            long fastest = java.util.Arrays.stream(latencies).min().orElseThrow();
            return LateSampleAttribution.of(1, timeline, BUDGET, over, evidence, 0, SERVICE, fastest,
                    within[within.length / 2], List.of());
        }
    }

    private static long late(RunAttribution attributed) {
        return java.util.Arrays.stream(Cause.values()).mapToLong(attributed::count).sum();
    }

    @Test
    void aWaitForTheCpuAndTheIterationsQueuedBehindItAreThePlatforms() {
        RunAttribution attributed = new Run().waitFor(500, 1_500 * US).attribute();

        // 1.5 ms queues the 29 iterations due while it lasted: those over 100 µs are late
        assertThat(late(attributed)).isEqualTo(29);
        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.delays().runQueue().nanos()).isEqualTo(1_500 * US);
        assertThat(attributed.delays().runQueue().stretches()).isEqualTo(1);
        for (int i = 0; i < attributed.codeOnlyNanos().length; i++) {
            assertThat(attributed.codeOnlyNanos()[i]).as("replayed latency %d", i).isLessThanOrEqualTo(BUDGET);
        }
    }

    @Test
    void aWaitForTheCpuWhileTheTestsOwnThreadsRanIsTheCodes() {
        // a lock's holder, a thread of the test's, spun 1.5 ms while the harness thread waited for a CPU: without it,
        // the harness thread would have had that CPU
        RunAttribution attributed = new Run().waitWhileTestThreadsRan(500, 1_500 * US, 1_500 * US).attribute();

        assertThat(late(attributed)).isEqualTo(29);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(29);
        assertThat(attributed.delays().runQueue().nanos()).isZero();
        assertThat(attributed.codeOnlyNanos()).isEmpty();
        assertThat(attributed.delays().testThreadsWait()).isEqualTo(new Delays.Stretches(1_500 * US, 1));
    }

    @Test
    void onlyAsMuchOfAWaitAsTheTestsOwnThreadsRanIsTheCodes() {
        // they ran 0.5 ms of the 1.5 ms: the other 1 ms is cut, and the 0.5 ms left queues 9 iterations over 100 µs
        // (due every 50 µs: 451, 401, ... 101 µs late), the code's
        RunAttribution attributed = new Run().waitWhileTestThreadsRan(500, 1_500 * US, 500 * US).attribute();

        assertThat(late(attributed)).isEqualTo(29);
        assertThat(attributed.delays().runQueue().nanos()).isEqualTo(1_000 * US);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(9);
        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(20);
        assertThat(attributed.delays().testThreadsWait()).isEqualTo(new Delays.Stretches(500 * US, 1));
    }

    @Test
    void theTestsOwnThreadsRunningLongerThanTheWaitKeepNoMoreThanTheWait() {
        // 5 ms of their CPU in the stretch, of which the harness thread waited 1.5 ms: only the wait is the code's
        RunAttribution attributed = new Run().waitWhileTestThreadsRan(500, 1_500 * US, 5_000 * US).attribute();

        assertThat(attributed.count(Cause.CODE)).isEqualTo(29);
        assertThat(attributed.delays().testThreadsWait().nanos()).isEqualTo(1_500 * US);
    }

    @Test
    void aQueuedCallTheReplayMovesUpLosesTheHarnesssWorkItQueuedBehind() {
        // each queued iteration began 300 ns after the one before ended (the harness recorded it first): its service
        // as the timeline knows it, from that end, is 1.3 µs; on its schedule it would have taken 1 µs
        RunAttribution attributed = new Run().harnessWork(300).waitFor(500, 1_500 * US).attribute();

        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.codeOnlyNanos()).hasSize(29);
        for (int i = 0; i < attributed.codeOnlyNanos().length; i++) {
            assertThat(attributed.codeOnlyNanos()[i]).as("replayed latency %d", i).isEqualTo(SERVICE);
        }
    }

    @Test
    void aQueuedCallTheReplayMovesUpTakesWhatACallOnItsScheduleTakesBeforeItsCall() {
        // on its schedule the harness calls 300 ns after the start, but 40 ns in one iteration of ten: the least time
        // to the call is not the typical one; the 29 calls queued behind the wait ran one after another
        RunAttribution attributed = new Run().harnessWork(300).callsAfterItsStart(300, 300, 300, 300, 40, 300, 300,
                300, 300, 300).waitFor(500, 1_500 * US).attribute();

        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.codeOnlyNanos()).hasSize(29);
        for (int i = 0; i < attributed.codeOnlyNanos().length; i++) {
            // as the run's median iteration on its schedule: 300 ns to the call, then the call
            assertThat(attributed.codeOnlyNanos()[i]).as("replayed latency %d", i).isEqualTo(300 + SERVICE);
        }
    }

    @Test
    void aCallStillQueuedInTheReplayKeepsTheHarnesssWork() {
        // the code's own 2 ms stall queues 40 iterations over budget (39 without the harness's work; the queue drains
        // 1.3 µs an iteration): nothing is cut, so nothing moves up, harness work or not
        RunAttribution attributed = new Run().harnessWork(300).slowCode(500, 2_000 * US).attribute();

        assertThat(attributed.count(Cause.CODE)).isEqualTo(40);
        assertThat(attributed.codeOnlyNanos()).isEmpty();
    }

    @Test
    void aCallTheHarnessBeganLateWithNoCallRunningIsThePlatformsWithTheIterationsQueuedBehindIt() {
        // held up 250 µs before its call: iteration 500 ends 251 µs after its start, and 501-504, due meanwhile, queue
        // behind it (201, 151, 101 and 51 µs late): the first three over the budget
        RunAttribution attributed = new Run().heldUpBeforeCall(500, 250 * US).attribute();

        assertThat(late(attributed)).isEqualTo(4);
        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(4);
        assertThat(attributed.delays().lateStarts()).isEqualTo(new Delays.LateStarts(1, 250 * US, 250 * US));
        for (int i = 0; i < attributed.codeOnlyNanos().length; i++) {
            assertThat(attributed.codeOnlyNanos()[i]).as("replayed latency %d", i).isEqualTo(SERVICE);
        }
    }

    @Test
    void theCodesOwnSlowCallIsStillTheCodesWhenTheHarnessBeganItLateToo() {
        // held up 200 µs before the call, then 300 µs of the code's own: without the hold-up it is 301 µs late
        RunAttribution attributed = new Run().heldUpBeforeCall(500, 200 * US).slowCode(500, 300 * US).attribute();

        assertThat(attributed.count(Cause.CODE)).isPositive();
        assertThat(attributed.cause(0)).contains(Cause.CODE);
        assertThat(attributed.delays().lateStarts().nanos()).isEqualTo(200 * US);
    }

    @Test
    void aHoldUpBeforeTheCallOfAMicrosecondOrLessIsNotCut() {
        RunAttribution attributed = new Run().heldUpBeforeCall(500, 900).slowCode(500, 100 * US).attribute();

        assertThat(attributed.delays().lateStarts()).isEqualTo(Delays.LateStarts.NONE);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(1);
    }

    @Test
    void theCodesOwnStallIsTheCodesWithNoEvidence() {
        RunAttribution attributed = new Run().slowCode(500, 2_000 * US).attribute();

        assertThat(late(attributed)).isEqualTo(39);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(39);
        assertThat(attributed.codeOnlyNanos()).isEmpty();
    }

    @Test
    void aWaitGoesToTheServiceItCanLieInNotToTheLongestNearby() {
        // a 1.5 ms wait ends inside the monitor's interval; 0.8 ms later, still within it, the code stalls 1.8 ms on
        // its own: the wait cannot lie in the code's stall, which began after the interval's end less the wait
        RunAttribution attributed = new Run().waitFor(400, 1_500 * US).slowCode(440, 1_800 * US).attribute();

        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(35);
    }

    @Test
    void aCollectionIsTheCodesAndAnotherSafepointIsNot() {
        RunAttribution gc = new Run().jvmPause(500, 2_000 * US, true).attribute();
        RunAttribution safepoint = new Run().jvmPause(500, 2_000 * US, false).attribute();

        assertThat(gc.count(Cause.GC)).isEqualTo(39);
        assertThat(gc.excused()).isZero();
        assertThat(gc.delays().gcPauses()).extracting(JvmPause::name).containsExactly("G1New");
        assertThat(safepoint.count(Cause.SAFEPOINT)).isEqualTo(39);
        assertThat(safepoint.excused()).isEqualTo(39);
    }

    @Test
    void aWaitShorterThanTheLatenessExplainsOnlyWhatItCovers() {
        // the code stalls 2 ms and the thread also waits 0.5 ms for its CPU in the same iteration: without the wait
        // the stall alone still queues 39 iterations over budget... less the ten that the 0.5 ms moved up
        RunAttribution attributed = new Run().slowCode(500, 2_000 * US).waitFor(500, 500 * US).attribute();

        assertThat(late(attributed)).isEqualTo(49);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(39);
        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(10);
    }

    @Test
    void aStallOfTheWholeMachineASecondThreadSawIsThePlatformsWithTheIterationsQueuedBehindIt() {
        RunAttribution attributed = new Run().machineStall(500, 1_500 * US, true).attribute();

        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.delays().machineStalls()).extracting(MachineStall::nanos).containsExactly(1_500 * US);
        assertThat(attributed.delays().runQueue().stretches()).isZero();
    }

    @Test
    void aMachineStallExplainsOnlyTheServiceItOverlaps() {
        // the code stalls 2 ms on its own 5 ms after a 1.5 ms stall of the machine: the stall does not reach it
        RunAttribution attributed = new Run().machineStall(400, 1_500 * US, true).slowCode(500, 2_000 * US)
                .attribute();

        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(29);
        assertThat(attributed.count(Cause.CODE)).isEqualTo(39);
    }

    @Test
    void aMachineStallWhileTheHarnessThreadIdledExplainsNothing() {
        // a second thread woke late between two iterations (an idle virtual CPU given back late): the code's own stall
        // a millisecond later is the code's
        RunAttribution attributed = new Run().machineStall(500, 1_500 * US, false).slowCode(540, 2_000 * US)
                .attribute();

        assertThat(attributed.count(Cause.CODE)).isEqualTo(39);
        assertThat(attributed.excused()).isZero();
        assertThat(attributed.delays().machineStalls()).isEmpty();
    }

    @Test
    void aMachineStallAndAWaitForTheCpuInOneServiceAreNotCutTwice() {
        // the code stalls 2 ms on its own in an iteration that also waited 0.5 ms for its CPU, while a second thread
        // saw a 0.5 ms stall there: the same half millisecond, maybe; only the wait is cut (ten iterations move up)
        RunAttribution attributed = new Run().slowCode(500, 2_000 * US).waitFor(500, 500 * US)
                .machineStall(500, 500 * US, false).attribute();

        assertThat(attributed.count(Cause.CODE)).isEqualTo(39);
        assertThat(attributed.count(Cause.PLATFORM)).isEqualTo(10);
        assertThat(attributed.delays().machineStalls()).isEmpty();
    }
}
