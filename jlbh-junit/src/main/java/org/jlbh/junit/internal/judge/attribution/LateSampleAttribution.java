package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Puts each late sample of a run (over a budget) down to a {@link Cause}, from the evidence seen beside the run. Pure;
 * thread-safe.
 *
 * <p>The harness's own end-to-end samples, of iterations one thread ran one after another, are replayed
 * ({@link QueueReplay}); with several harness threads, each thread's against its own evidence. The rule below is for
 * the rest (probes, replies sampled from other threads).
 *
 * <h2>The rule</h2>
 * A sample that ended at {@code e} with latency {@code λ} covers {@code [e − λ, e]} (from its intended start, with
 * coordinated omission accounted for); it is {@code x = λ − budget} late. The evidence gives pauses: each stop of the
 * JVM (a collection, or another safepoint) from the Flight Recorder, placed on the nanoTime line; each interval of
 * the harness thread's own scheduler readings in which it waited on the run queue, and each in which the host
 * took its CPU ({@link SchedulerEvidence#lostSince}), with how long; each stall of the whole machine a second thread
 * saw ({@link MachineStall}), placed by that thread's clock. A pause of {@code W} can have made a sample late
 * when
 * <ul>
 *   <li>the sample ended after the pause could have ended (no sample ends while its thread is stopped) and began
 *   before it did, or while the schedule was still catching up after it: a pause of {@code W} leaves a backlog that
 *   drains in {@code W·ρ/(1−ρ)}, ρ being the run's load (its median latency over the interval, at most 0.9); the
 *   iterations queued behind a pause belong to it;</li>
 *   <li>it accounts for the whole lateness: {@code x ≤ W}; for the platform, {@code W} sums every wait for the CPU
 *   and machine stall that can have delayed the sample (a long sample may span several);</li>
 *   <li>it has not already accounted for as many samples as it can make late: the iterations due while it lasted and
 *   while the schedule caught up, and the one under way, {@code ⌈W·R/(1−ρ)⌉ + n}, with {@code R} the iterations due
 *   per nanosecond (0 for a probe, which times one span: a pause delays one sample) and {@code n} the separate waits
 *   in it (times the thread got its CPU back; one for a JVM pause).</li>
 * </ul>
 * Samples are taken in the order they ended; each goes to the first pause that can have made it late, a collection
 * before another safepoint before a wait for the CPU (the JVM's pauses are placed to the microsecond, the scheduler's
 * to the interval between two of the thread's readings). A sample no pause can account for is the code's. Late samples beyond those the timeline keeps
 * are the code's too: the rule never excuses what it has not seen. Collections are the code's own allocation;
 * only the platform's waits and the other safepoints are excused by a verdict.
 */
public final class LateSampleAttribution {
    /** The highest load assumed when a schedule catches up after a pause. */
    static final double MAX_LOAD = 0.9;

    private LateSampleAttribution() {
    }

    /**
     * @param run            1-based run
     * @param timeline       the probe's timeline of the run, with its late samples; null when none was recorded
     * @param limitNanos     the budget, in nanoseconds
     * @param overBudget     how many of the run's samples exceed the budget (from its histogram)
     * @param evidence       what was seen beside the run
     * @param samplesPerNano iterations due per nanosecond while a pause lasts: the target throughput / 1e9 for end to
     *                       end with coordinated omission accounted for, 0 for a probe or without it
     * @param typicalNanos   the run's median latency of the probe, in nanoseconds
     * @param fastestNanos   the run's smallest latency of the probe, in nanoseconds
     * @param onScheduleNanos the run's median latency of the probe's samples within the budget (those on their
     *                       schedule), in nanoseconds
     * @param ofThreads      with several harness threads, each one's own timeline of the probe (its end-to-end
     *                       samples, in thread order, as many as the evidence has threads); else empty
     * @return the attribution
     */
    public static RunAttribution of(int run, RunTimeline timeline, long limitNanos, long overBudget,
                                    RunEvidence evidence, double samplesPerNano, long typicalNanos,
                                    long fastestNanos, long onScheduleNanos, List<RunTimeline> ofThreads) {
        long[] counts = new long[Cause.values().length];
        if (timeline == null) {
            counts[Cause.CODE.ordinal()] = overBudget;
            return new RunAttribution(run, limitNanos, counts, overBudget, new long[0], new long[0], new byte[0], 0,
                    0, 0, 0, List.of(), List.of());
        }
        long keptOver = 0;
        for (int i = 0; i < timeline.lateKept(); i++) {
            keptOver += timeline.lateLatency(i) > limitNanos ? 1 : 0;
        }
        long notKept = timeline.lateNotKept() == 0 ? 0 : Math.max(0, overBudget - keptOver);
        if (timeline.sequential()) {
            return QueueReplay.of(run, timeline, limitNanos, notKept, evidence, evidence.scheduler(), fastestNanos,
                    onScheduleNanos);
        }
        if (!ofThreads.isEmpty() && ofThreads.size() == evidence.schedulers().size()
                && ofThreads.stream().allMatch(RunTimeline::sequential)) {
            return ofEachThread(run, limitNanos, notKept, evidence, fastestNanos, onScheduleNanos, ofThreads);
        }
        double load = Math.min(MAX_LOAD, samplesPerNano * typicalNanos);
        double catchUp = load / (1 - load);
        List<Pause> pauses = pauses(timeline, evidence, samplesPerNano, load);
        pauses.sort(Comparator.comparingLong(pause -> pause.earliestEnd));
        long widest = 0;
        for (Pause pause : pauses) {
            widest = Math.max(widest, pause.latestStart + (long) (pause.nanos * catchUp) - pause.earliestEnd);
        }
        Integer[] order = new Integer[timeline.lateKept()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong(timeline::lateEnd));
        long[] excused = new long[order.length];
        byte[] causes = new byte[order.length];
        Arrays.fill(causes, (byte) -1);
        int excusedCount = 0;
        for (int i : order) {
            long latency = timeline.lateLatency(i);
            if (latency <= limitNanos) {
                continue;
            }
            long end = timeline.lateEnd(i);
            Pause pause = cause(pauses, end, end - latency, latency - limitNanos, widest, catchUp);
            Cause cause = pause == null ? Cause.CODE : pause.cause;
            counts[cause.ordinal()]++;
            causes[i] = (byte) cause.ordinal();
            if (pause != null) {
                pause.remaining--;
                pause.used = true;
                if (!cause.codes()) {
                    excused[excusedCount++] = latency;
                }
            }
        }
        counts[Cause.CODE.ordinal()] += notKept;
        long queueWait = 0;
        int queueStretches = 0;
        long host = 0;
        int hostStretches = 0;
        List<MachineStall> machineStalls = new ArrayList<>();
        List<JvmPause> collections = new ArrayList<>();
        List<JvmPause> safepoints = new ArrayList<>();
        for (Pause pause : pauses) {
            if (!pause.used) {
                continue;
            }
            if (pause.jvm != null) {
                (pause.cause == Cause.GC ? collections : safepoints).add(pause.jvm);
            } else if (pause.machine != null) {
                machineStalls.add(pause.machine);
            } else if (pause.host) {
                host += pause.nanos;
                hostStretches++;
            } else {
                queueWait += pause.nanos;
                queueStretches++;
            }
        }
        // without the pause that made it late, an excused sample would have been within the budget: at worst at it
        long[] withinBudget = new long[excusedCount];
        Arrays.fill(withinBudget, limitNanos);
        return new RunAttribution(run, limitNanos, counts, notKept, Arrays.copyOf(excused, excusedCount), withinBudget,
                causes, queueWait, queueStretches, host, hostStretches, sortedByStart(machineStalls), collections,
                safepoints, RunAttribution.Blocked.NONE, RunAttribution.LateStarts.NONE,
                RunAttribution.TestThreadsWait.NONE);
    }

    /**
     * Replays each harness thread's iterations against that thread's own evidence, and puts the threads' attributions
     * together in the order the run's merged timeline keeps its late samples (by when they ended; among equal ends,
     * in thread order, as {@link RunTimeline#merge} keeps them).
     */
    private static RunAttribution ofEachThread(int run, long limitNanos, long notKept, RunEvidence evidence,
                                               long fastestNanos, long onScheduleNanos, List<RunTimeline> ofThreads) {
        long[] counts = new long[Cause.values().length];
        List<long[]> order = new ArrayList<>();
        List<RunAttribution> attributed = new ArrayList<>();
        long[] original = new long[0];
        long[] codeOnly = new long[0];
        long queueWait = 0;
        int queueStretches = 0;
        long host = 0;
        int hostStretches = 0;
        Set<MachineStall> machineStalls = new LinkedHashSet<>();
        Set<JvmPause> collections = new LinkedHashSet<>();
        Set<JvmPause> safepoints = new LinkedHashSet<>();
        RunAttribution.Blocked blocked = RunAttribution.Blocked.NONE;
        RunAttribution.LateStarts lateStarts = RunAttribution.LateStarts.NONE;
        RunAttribution.TestThreadsWait testThreadsWait = RunAttribution.TestThreadsWait.NONE;
        for (int thread = 0; thread < ofThreads.size(); thread++) {
            RunTimeline timeline = ofThreads.get(thread);
            RunAttribution one = QueueReplay.of(run, timeline, limitNanos, 0, evidence,
                    evidence.schedulers().get(thread), fastestNanos, onScheduleNanos);
            attributed.add(one);
            for (Cause cause : Cause.values()) {
                counts[cause.ordinal()] += one.count(cause);
            }
            for (int i = 0; i < timeline.lateKept(); i++) {
                order.add(new long[] {timeline.lateEnd(i), thread, i});
            }
            original = concat(original, one.originalNanos());
            codeOnly = concat(codeOnly, one.codeOnlyNanos());
            queueWait += one.queueWaitNanos();
            queueStretches += one.queueStretches();
            host += one.hostNanos();
            hostStretches += one.hostStretches();
            machineStalls.addAll(one.machineStalls());
            collections.addAll(one.gcPauses());
            safepoints.addAll(one.safepoints());
            blocked = blocked.plus(one.blocked());
            lateStarts = lateStarts.plus(one.lateStarts());
            testThreadsWait = testThreadsWait.plus(one.testThreadsWait());
        }
        order.sort(Comparator.comparingLong(sample -> sample[0]));
        byte[] causes = new byte[order.size()];
        for (int i = 0; i < causes.length; i++) {
            long[] sample = order.get(i);
            causes[i] = attributed.get((int) sample[1]).causes()[(int) sample[2]];
        }
        counts[Cause.CODE.ordinal()] += notKept;
        return new RunAttribution(run, limitNanos, counts, notKept, original, codeOnly, causes, queueWait,
                queueStretches, host, hostStretches, sortedByStart(machineStalls), List.copyOf(collections),
                List.copyOf(safepoints), blocked, lateStarts, testThreadsWait);
    }

    private static List<MachineStall> sortedByStart(java.util.Collection<MachineStall> stalls) {
        return stalls.stream().sorted(Comparator.comparingLong(MachineStall::startNanos)).toList();
    }

    private static long[] concat(long[] first, long[] second) {
        long[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }

    /** @return the pause the sample goes to, or null when none can have made it late */
    private static Pause cause(List<Pause> pauses, long end, long start, long lateness, long widest, double catchUp) {
        Pause chosen = null;
        for (int p = lastEndingBy(pauses, end); p >= 0; p--) {
            Pause pause = pauses.get(p);
            if (pause.earliestEnd - (start - widest) < 0) {
                break;
            }
            if (!mayHaveDelayed(pause, start, catchUp)) {
                continue;
            }
            long accounts = pause.cause == Cause.PLATFORM ? platformWait(pauses, p, end, start, widest, catchUp)
                    : pause.nanos;
            boolean covers = lateness <= accounts && pause.remaining > 0;
            if (covers && (chosen == null || pause.cause.ordinal() > chosen.cause.ordinal()
                    || pause.cause == chosen.cause && pause.earliestEnd <= chosen.earliestEnd)) {
                chosen = pause;
            }
        }
        return chosen;
    }

    /** @return whether the pause can have delayed a sample that began at {@code start} and ended after it began */
    private static boolean mayHaveDelayed(Pause pause, long start, double catchUp) {
        return start - (pause.latestStart + (long) (pause.nanos * catchUp)) < 0;
    }

    /** @return every wait for the CPU that can have delayed the sample, summed, in nanoseconds */
    private static long platformWait(List<Pause> pauses, int last, long end, long start, long widest,
                                     double catchUp) {
        long wait = 0;
        for (int p = last; p >= 0; p--) {
            Pause pause = pauses.get(p);
            if (pause.earliestEnd - (start - widest) < 0) {
                break;
            }
            if (pause.cause == Cause.PLATFORM && pause.earliestEnd - end <= 0 && mayHaveDelayed(pause, start, catchUp)) {
                wait += pause.nanos;
            }
        }
        return wait;
    }

    /** @return the index of the last pause whose earliest end is at or before {@code end}, or -1 */
    private static int lastEndingBy(List<Pause> pauses, long end) {
        int low = 0;
        int high = pauses.size() - 1;
        int found = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (pauses.get(mid).earliestEnd - end <= 0) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }

    /** @return the pauses that can have made the run's samples late: the JVM's, the run queue's and the host's */
    private static List<Pause> pauses(RunTimeline timeline, RunEvidence evidence,
                                      double samplesPerNano, double load) {
        List<Pause> pauses = new ArrayList<>();
        long from = timeline.startNanos();
        long to = timeline.endNanos();
        long accuracy = evidence.jvmAccuracyNanos();
        for (JvmPause jvm : evidence.pauses()) {
            pauses.add(new Pause(jvm.gc() ? Cause.GC : Cause.SAFEPOINT, jvm.endNanos() - accuracy,
                    jvm.endNanos() + accuracy, jvm.nanos(), 1, samplesPerNano, load, jvm, false));
        }
        // a probe may be sampled on any harness thread: a wait of any of them may have delayed it
        for (SchedulerEvidence scheduler : evidence.schedulers()) {
            if (!scheduler.available()) {
                continue;
            }
            int first = Math.max(1, scheduler.floorIndex(from));
            for (int i = first; i < scheduler.samples(); i++) {
                if (scheduler.time(i - 1) - to > 0) {
                    break;
                }
                long wait = scheduler.platformWaitSince(i); // the part the test's own threads ran in is the code's
                if (wait > 0) {
                    pauses.add(new Pause(Cause.PLATFORM, scheduler.intervalFrom(i), scheduler.intervalTo(i), wait,
                            Math.max(1, scheduler.slicesSince(i)), samplesPerNano, load, null, false));
                }
                long lost = scheduler.lostSince(i);
                if (lost > 0) {
                    pauses.add(new Pause(Cause.PLATFORM, scheduler.intervalFrom(i), scheduler.intervalTo(i), lost, 1,
                            samplesPerNano, load, null, true));
                }
            }
        }
        for (MachineStall stall : evidence.machineStalls()) {
            Pause pause = new Pause(Cause.PLATFORM, stall.endNanos(), stall.startNanos(), stall.nanos(), 1,
                    samplesPerNano, load, null, false);
            pause.machine = stall;
            pauses.add(pause);
        }
        return pauses;
    }

    /** A stretch in which the harness thread was stopped for {@code nanos}, with what it can still account for. */
    private static final class Pause {
        final Cause cause;
        /** Samples it made late ended at or after this, nanoTime. */
        final long earliestEnd;
        /** Samples it made late began before this (or while the schedule caught up after it), nanoTime. */
        final long latestStart;
        final long nanos;
        final JvmPause jvm;
        final boolean host;
        /** The stall of the whole machine a second thread saw that it is, or null. */
        MachineStall machine;
        long remaining;
        boolean used;

        Pause(Cause cause, long earliestEnd, long latestStart, long nanos, long waits, double samplesPerNano, double load, JvmPause jvm, boolean host) {
            this.cause = cause;
            this.earliestEnd = earliestEnd;
            this.latestStart = latestStart;
            this.nanos = nanos;
            this.jvm = jvm;
            this.host = host;
            this.remaining = (long) Math.ceil(nanos * samplesPerNano / (1 - load)) + waits;
        }
    }
}
