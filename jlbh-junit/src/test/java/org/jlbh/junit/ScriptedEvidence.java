package org.jlbh.junit;

import org.jlbh.core.JLBH;
import org.jlbh.junit.internal.run.evidence.EvidenceSource;
import org.jlbh.junit.internal.run.evidence.GcCopy;
import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.ReadingPlan;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerReadings;
import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Evidence made up to order, deterministically, for the attribution tests: for each late end-to-end sample of a run
 * (in the order they ended), a {@link Cover} says what the evidence shows stopped the harness thread during its
 * service — a wait for the CPU, a collection, another safepoint, or nothing. A wait is written as the harness thread
 * would have read it: a reading just before the late sample's service began and one just after it ended, its run
 * delay up by the service less 1 µs.
 * With several harness threads, each thread's evidence is written from its own late samples, numbered on their own.
 * Extensions that extend this put it in the fixture's store before its tests.
 */
abstract class ScriptedEvidence implements EvidenceSource, BeforeAllCallback {
    /** What the evidence shows during one late sample's service. */
    enum Cover {
        NOTHING, CPU_WAIT, GC, SAFEPOINT,
        /** The harness thread gave up its CPU itself (slept, or blocked on I/O or a lock): a voluntary switch. */
        BLOCKED,
        /** A collection that spent all of its pause but 10 µs copying objects older than the measured runs. */
        GC_OF_OLDER_OBJECTS,
        /**
         * The whole machine stalled: a second thread saw it ({@link MachineStall}); the harness thread's own readings
         * show nothing.
         */
        MACHINE_STALL,
        /** As {@link #MACHINE_STALL}, but the JVM's evidence is missing: a stall seen then cannot be told from a GC. */
        MACHINE_STALL_WITHOUT_JVM_EVIDENCE
    }

    /**
     * @param lateSample the late sample, 0-based, in the order its run's late samples ended, counting only those whose
     *                   call (from when the harness called it, or could begin it, to its end) took at least 100 µs: on
     *                   a busy machine a quick call queued behind a stall is late too, and so is one the harness was
     *                   held up before calling; neither is counted
     * @return what the evidence shows during it
     */
    abstract Cover cover(int lateSample);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(LatencyTestExtension.NAMESPACE).put(EvidenceSource.class, this);
    }

    @Override
    public Recording start(ReadingPlan plan) {
        SchedulerReadings none = SchedulerReadings.switchedOff(plan, "scripted: the harness threads read nothing");
        return new Recording() {
            @Override
            public SchedulerReadings readingsOf(int thread) {
                return none;
            }

            @Override
            public void stop() {
            }

            @Override
            public RunEvidence ofRun(int run, long fromNanos, long toNanos, Map<String, RunTimeline> timelines) {
                List<RunTimeline> ofThreads = new ArrayList<>();
                for (int thread = 0; timelines.containsKey(JLBH.endToEndOfThread(thread)); thread++) {
                    ofThreads.add(timelines.get(JLBH.endToEndOfThread(thread)));
                }
                if (ofThreads.isEmpty()) {
                    ofThreads.add(timelines.get(JLBH.END_TO_END));
                }
                List<SchedulerEvidence> schedulers = new ArrayList<>();
                List<JvmPause> pauses = new ArrayList<>();
                List<MachineStall> stalls = new ArrayList<>();
                boolean[] jvmMissing = new boolean[1];
                for (RunTimeline timeline : ofThreads) {
                    schedulers.add(evidence(fromNanos, timeline, pauses, stalls, jvmMissing));
                }
                pauses.sort(Comparator.comparingLong(JvmPause::startNanos));
                stalls.sort(Comparator.comparingLong(MachineStall::startNanos));
                return new RunEvidence(schedulers, pauses, jvmMissing[0] ? Optional.of("scripted: no JVM evidence")
                        : Optional.empty(), 0, stalls);
            }
        };
    }

    /**
     * @return one harness thread's scheduler evidence from its timeline; its JVM pauses go to {@code pauses}, the
     *         machine's stalls to {@code stalls}, and whether the JVM's evidence is missing to {@code jvmMissing}
     */
    private SchedulerEvidence evidence(long fromNanos, RunTimeline timeline, List<JvmPause> pauses,
                                       List<MachineStall> stalls, boolean[] jvmMissing) {
        List<Long> times = new ArrayList<>(List.of(fromNanos - 1_000_000));
        List<Long> delays = new ArrayList<>(List.of(0L));
        List<Long> blocks = new ArrayList<>(List.of(0L));
        long delay = 0;
        long blocked = 0;
        int counted = 0;
        for (int i = 0; i < timeline.lateKept(); i++) {
            long end = timeline.lateEndNanos()[i];
            long begin = Math.max(end - timeline.lateNanos()[i], timeline.latePreviousEndNanos()[i]);
            long stopped = end - begin - 1_000;
            // a quick call queued behind a stall has nothing in its own service: it moves up with the one before; one
            // the harness called late (the machine stopped it before the call) has nothing in its call
            long began = timeline.lateBeganNanos()[i];
            long called = began == Long.MIN_VALUE ? begin : Math.max(begin, began);
            Cover cover = end - called >= 100_000 ? cover(counted++) : Cover.NOTHING;
            switch (cover) {
                case CPU_WAIT, BLOCKED -> {
                    // a reading just before the service began and one just after it ended
                    times.add(begin - 1);
                    delays.add(delay);
                    blocks.add(blocked);
                    if (cover == Cover.CPU_WAIT) {
                        delay += stopped;
                    } else {
                        blocked += stopped;
                    }
                    times.add(end + 1);
                    delays.add(delay);
                    blocks.add(blocked);
                }
                case GC -> pauses.add(new JvmPause(begin, begin + stopped, true, "G1New"));
                case SAFEPOINT -> pauses.add(new JvmPause(begin, begin + stopped, false, "Cleanup"));
                case GC_OF_OLDER_OBJECTS -> pauses.add(new JvmPause(begin, begin + stopped, true, "G1New", 7,
                        GcCopy.UNKNOWN, Math.max(0, stopped - 10_000)));
                case MACHINE_STALL -> stalls.add(new MachineStall(begin, begin + stopped));
                case MACHINE_STALL_WITHOUT_JVM_EVIDENCE -> {
                    stalls.add(new MachineStall(begin, begin + stopped));
                    jvmMissing[0] = true;
                }
                case NOTHING -> {
                }
            }
        }
        times.add(timeline.endNanos() + 1_000_000);
        delays.add(delay);
        blocks.add(blocked);
        long[] time = times.stream().mapToLong(Long::longValue).toArray();
        long[] runDelay = delays.stream().mapToLong(Long::longValue).toArray();
        long[] blockedNanos = blocks.stream().mapToLong(Long::longValue).toArray();
        long[] slices = new long[time.length];
        long[] switches = new long[time.length];
        for (int k = 1; k < slices.length; k++) {
            slices[k] = slices[k - 1] + (runDelay[k] > runDelay[k - 1] || blockedNanos[k] > blockedNanos[k - 1] ? 1 : 0);
            switches[k] = switches[k - 1] + (blockedNanos[k] > blockedNanos[k - 1] ? 1 : 0);
        }
        return new SchedulerEvidence(time, time, runDelay, slices, new long[time.length], 0, Optional.empty(),
                blockedNanos, switches, new long[time.length]);
    }
}
