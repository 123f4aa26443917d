package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The rule that tells a stall of the whole machine from a second thread's late wake-up ({@link StallWitness#stallOf}),
 * and which stalls a run's evidence keeps ({@link MachineStall#during}). Deterministic: made-up times, no clock.
 */
class StallWitnessTest {
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    @Test
    void aWakeUpLateWithNoWaitForACpuIsAStallFromTheAskedTimeAndTheSlackToTheWakeUp() {
        assertThat(StallWitness.stallOf(10 * MS, 30 * MS, 0))
                .contains(new MachineStall(10 * MS + StallWitness.WAKE_SLACK_NANOS, 30 * MS));
    }

    @Test
    void theWaitTheSchedulerCountedIsNotTheMachines() {
        // late by 20 ms, 19.8 ms of it on the run queue (a neighbour had the CPUs): what is left is the wake-up's slack
        assertThat(StallWitness.stallOf(10 * MS, 30 * MS, 19_800 * US)).isEmpty();
        // late by 20 ms, 5 ms of it on the run queue, just before it ran: the machine held it for the first 15 ms
        assertThat(StallWitness.stallOf(10 * MS, 30 * MS, 5 * MS))
                .contains(new MachineStall(10 * MS + StallWitness.WAKE_SLACK_NANOS, 25 * MS));
    }

    @Test
    void anOrdinaryWakeUpIsNoStall() {
        assertThat(StallWitness.stallOf(10 * MS, 10 * MS + 60 * US, 0)).isEmpty();
        assertThat(StallWitness.stallOf(10 * MS, 10 * MS + StallWitness.WAKE_SLACK_NANOS
                + StallWitness.MIN_STALL_NANOS - 1, 0)).isEmpty();
        assertThat(StallWitness.stallOf(10 * MS, 10 * MS + StallWitness.WAKE_SLACK_NANOS
                + StallWitness.MIN_STALL_NANOS, 0)).isPresent();
    }

    @Test
    void aRunKeepsTheStallsThatOverlapItAndNoJvmPause() {
        MachineStall before = new MachineStall(1 * MS, 2 * MS);
        MachineStall atTheStart = new MachineStall(9 * MS, 11 * MS);
        MachineStall inAPause = new MachineStall(20 * MS, 24 * MS);
        MachineStall nearAPause = new MachineStall(30 * MS, 31 * MS);
        MachineStall alone = new MachineStall(40 * MS, 45 * MS);
        MachineStall after = new MachineStall(60 * MS, 61 * MS);
        List<JvmPause> pauses = List.of(new JvmPause(21 * MS, 23 * MS, true, "G1New", -1, GcCopy.UNKNOWN, 0),
                new JvmPause(31 * MS + 50 * US, 32 * MS, false, "Cleanup", -1, GcCopy.UNKNOWN, 0));

        assertThat(MachineStall.during(List.of(before, atTheStart, inAPause, nearAPause, alone, after), 10 * MS,
                50 * MS, pauses, 0)).containsExactly(atTheStart, nearAPause, alone);
        // a pause placed to within 100 µs may have been where the stall was
        assertThat(MachineStall.during(List.of(nearAPause, alone), 10 * MS, 50 * MS, pauses, 100 * US))
                .containsExactly(alone);
    }

    @Test
    void withoutTheJvmsEvidenceARunKeepsNoStall() {
        // a collection stops the witness as it does every thread: without the JVM's pauses, a stall may be the code's
        RunEvidence evidence = new RunEvidence(List.of(SchedulerEvidence.none("none")), List.of(),
                Optional.of("no Flight Recorder"), 0, List.of(new MachineStall(1 * MS, 5 * MS)));

        assertThat(evidence.machineStalls()).isEmpty();
    }

    @Test
    void aStallEndsAfterItBegins() {
        assertThatThrownBy(() -> new MachineStall(5 * MS, 5 * MS)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aLiveWitnessStopsAndSaysWhatItSaw() {
        StallWitness witness = StallWitness.start();
        witness.stop();

        // on any machine: what it kept is well formed and in order; the thread has ended
        List<MachineStall> stalls = witness.stalls();
        for (int i = 1; i < stalls.size(); i++) {
            assertThat(stalls.get(i).startNanos()).isGreaterThan(stalls.get(i - 1).startNanos());
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName()
                .equals("jlbh-stall-witness") && thread.isAlive());
    }
}
