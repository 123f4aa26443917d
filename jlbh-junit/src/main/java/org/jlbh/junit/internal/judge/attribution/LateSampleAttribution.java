package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Puts each late sample of a run (over a budget) down to a {@link Cause}. The iterations one harness thread ran one
 * after another are replayed ({@link QueueReplay}), each thread's against its own evidence. Pure; thread-safe.
 *
 * <p>For the rest (probes, replies sampled on other threads), a pause of {@code W} (a JVM stop, a harness thread's
 * wait for the CPU or the host's time, a machine stall) can have made a sample {@code x} late when the sample ended
 * after the pause could have, and began before the pause ended or while the schedule caught up after it
 * ({@code W·ρ/(1−ρ)} at a load ρ of at most {@value #MAX_LOAD}); when {@code x ≤ W} (waits for the CPU summed); and
 * while it has made fewer than {@code ⌈W·R/(1−ρ)⌉ + n} samples late ({@code R} iterations due per ns, {@code n} its
 * separate waits). In the order they ended, each sample goes to the first such pause, a collection before a safepoint
 * before a wait; the rest, and those beyond the timeline's capacity, are the code's. A sample the platform or a
 * safepoint accounts for counts at the budget in the verdict.
 */
public final class LateSampleAttribution {
    /** The highest load assumed when a schedule catches up after a pause. */
    static final double MAX_LOAD = 0.9;

    private LateSampleAttribution() {
    }

    /**
     * @param run             1-based run
     * @param timeline        the probe's timeline of the run, with its late samples; null when none was recorded
     * @param limitNanos      the budget, in nanoseconds
     * @param overBudget      how many of the run's samples exceed the budget (from its histogram)
     * @param evidence        what was seen beside the run
     * @param samplesPerNano  iterations due per nanosecond while a pause lasts; 0 for a probe or without coordinated
     *                        omission
     * @param typicalNanos    the run's median latency of the probe, in nanoseconds
     * @param fastestNanos    the run's smallest latency of the probe, in nanoseconds
     * @param onScheduleNanos the run's median latency of the probe's samples within the budget, in nanoseconds
     * @param ofThreads       with several harness threads, each one's end-to-end timeline, in thread order
     * @return the attribution
     */
    public static RunAttribution of(int run, RunTimeline timeline, long limitNanos, long overBudget,
                                    RunEvidence evidence, double samplesPerNano, long typicalNanos,
                                    long fastestNanos, long onScheduleNanos, List<RunTimeline> ofThreads) {
        if (timeline == null) {
            return RunAttribution.unattributed(run, limitNanos, overBudget);
        }
        long keptOver = IntStream.range(0, timeline.lateKept()).filter(i -> timeline.lateNanos()[i] > limitNanos)
                .count();
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
        return new PauseLine(timeline, evidence, samplesPerNano, load).attribute(run, timeline, limitNanos, notKept);
    }

    /** Replays each thread's iterations on its own evidence, merged in the order of {@link RunTimeline#merge}. */
    private static RunAttribution ofEachThread(int run, long limitNanos, long notKept, RunEvidence evidence,
                                               long fastestNanos, long onScheduleNanos, List<RunTimeline> ofThreads) {
        List<RunAttribution> attributed = new ArrayList<>();
        List<long[]> order = new ArrayList<>(); // {end, thread, index}
        for (int thread = 0; thread < ofThreads.size(); thread++) {
            RunTimeline timeline = ofThreads.get(thread);
            attributed.add(QueueReplay.of(run, timeline, limitNanos, 0, evidence, evidence.schedulers().get(thread),
                    fastestNanos, onScheduleNanos));
            for (int i = 0; i < timeline.lateKept(); i++) {
                order.add(new long[] {timeline.lateEndNanos()[i], thread, i});
            }
        }
        order.sort(Comparator.comparingLong(sample -> sample[0]));
        byte[] causes = new byte[order.size()];
        for (int i = 0; i < causes.length; i++) {
            long[] sample = order.get(i);
            causes[i] = attributed.get((int) sample[1]).causes()[(int) sample[2]];
        }
        return new RunAttribution(run, limitNanos, notKept,
                attributed.stream().flatMapToLong(one -> LongStream.of(one.originalNanos())).toArray(),
                attributed.stream().flatMapToLong(one -> LongStream.of(one.codeOnlyNanos())).toArray(), causes,
                attributed.stream().map(RunAttribution::delays).reduce(Delays.NONE, Delays::plus));
    }

    /** The pauses that can have made a run's samples late, by earliest end, and what each has accounted for. */
    private static final class PauseLine {
        private final List<Pause> pauses = new ArrayList<>();
        private final double catchUp;
        /** The furthest a sample made late can have begun before its pause's earliest end, in nanoseconds. */
        private final long widest;

        PauseLine(RunTimeline timeline, RunEvidence evidence, double samplesPerNano, double load) {
            catchUp = load / (1 - load);
            long accuracy = evidence.jvmAccuracyNanos();
            for (JvmPause jvm : evidence.pauses()) {
                pauses.add(new Pause(jvm.gc() ? Cause.GC : Cause.SAFEPOINT, jvm.endNanos() - accuracy,
                        jvm.endNanos() + accuracy, jvm.nanos(), 1, samplesPerNano, load, jvm, false));
            }
            // a probe may be sampled on any harness thread: a wait of any of them may have delayed it
            for (SchedulerEvidence scheduler : evidence.schedulers()) {
                if (scheduler.available()) {
                    addWaits(scheduler, timeline, samplesPerNano, load);
                }
            }
            for (MachineStall stall : evidence.machineStalls()) {
                pauses.add(new Pause(Cause.PLATFORM, stall.endNanos(), stall.startNanos(), stall.nanos(), 1,
                        samplesPerNano, load, stall, false));
            }
            pauses.sort(Comparator.comparingLong(pause -> pause.earliestEnd));
            long widest = 0;
            for (Pause pause : pauses) {
                widest = Math.max(widest, pause.latestStart + (long) (pause.nanos * catchUp) - pause.earliestEnd);
            }
            this.widest = widest;
        }

        private void addWaits(SchedulerEvidence scheduler, RunTimeline timeline, double samplesPerNano, double load) {
            for (int i = Math.max(1, scheduler.floorIndex(timeline.startNanos()));
                 i < scheduler.samples() && scheduler.time(i - 1) - timeline.endNanos() <= 0; i++) {
                long wait = scheduler.platformWaitSince(i);
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

        RunAttribution attribute(int run, RunTimeline timeline, long limitNanos, long notKept) {
            byte[] causes = new byte[timeline.lateKept()];
            Arrays.fill(causes, (byte) -1);
            long[] excused = new long[causes.length];
            int excusedCount = 0;
            Integer[] byEnd = IntStream.range(0, causes.length).boxed().toArray(Integer[]::new);
            Arrays.sort(byEnd, Comparator.comparingLong(i -> timeline.lateEndNanos()[i]));
            for (int i : byEnd) {
                long latency = timeline.lateNanos()[i];
                if (latency <= limitNanos) {
                    continue;
                }
                Pause pause = goesTo(timeline.lateEndNanos()[i], timeline.lateEndNanos()[i] - latency,
                        latency - limitNanos);
                Cause cause = pause == null ? Cause.CODE : pause.cause;
                causes[i] = (byte) cause.ordinal();
                if (pause != null) {
                    pause.remaining--;
                    pause.used = true;
                    if (!cause.codes()) {
                        excused[excusedCount++] = latency;
                    }
                }
            }
            long[] atTheBudget = new long[excusedCount];
            Arrays.fill(atTheBudget, limitNanos);
            return new RunAttribution(run, limitNanos, notKept, Arrays.copyOf(excused, excusedCount),
                    atTheBudget, causes, delays());
        }

        /** @return the pause the sample goes to, or null when none can have made it late */
        private Pause goesTo(long end, long start, long lateness) {
            Pause chosen = null;
            for (int p = lastEndingBy(end); p >= 0; p--) {
                Pause pause = pauses.get(p);
                if (pause.earliestEnd - (start - widest) < 0) {
                    break;
                }
                if (!mayHaveDelayed(pause, start)) {
                    continue;
                }
                long accounts = pause.cause == Cause.PLATFORM ? platformWait(p, end, start) : pause.nanos;
                boolean covers = lateness <= accounts && pause.remaining > 0;
                if (covers && (chosen == null || pause.cause.ordinal() > chosen.cause.ordinal()
                        || pause.cause == chosen.cause && pause.earliestEnd <= chosen.earliestEnd)) {
                    chosen = pause;
                }
            }
            return chosen;
        }

        /** @return whether the pause can have delayed a sample that began at {@code start} */
        private boolean mayHaveDelayed(Pause pause, long start) {
            return start - (pause.latestStart + (long) (pause.nanos * catchUp)) < 0;
        }

        /** @return every platform pause up to index {@code last} that can have delayed the sample, summed, in ns */
        private long platformWait(int last, long end, long start) {
            long wait = 0;
            for (int p = last; p >= 0; p--) {
                Pause pause = pauses.get(p);
                if (pause.earliestEnd - (start - widest) < 0) {
                    break;
                }
                if (pause.cause == Cause.PLATFORM && pause.earliestEnd - end <= 0 && mayHaveDelayed(pause, start)) {
                    wait += pause.nanos;
                }
            }
            return wait;
        }

        private int lastEndingBy(long end) {
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

        private Delays delays() {
            Delays.Stretches runQueue = Delays.Stretches.NONE;
            Delays.Stretches host = Delays.Stretches.NONE;
            List<MachineStall> machineStalls = new ArrayList<>();
            List<JvmPause> collections = new ArrayList<>();
            List<JvmPause> safepoints = new ArrayList<>();
            for (Pause pause : pauses) {
                if (!pause.used) {
                    continue;
                }
                if (pause.source instanceof JvmPause jvm) {
                    (jvm.gc() ? collections : safepoints).add(jvm);
                } else if (pause.source instanceof MachineStall stall) {
                    machineStalls.add(stall);
                } else if (pause.host) {
                    host = host.plus(new Delays.Stretches(pause.nanos, 1));
                } else {
                    runQueue = runQueue.plus(new Delays.Stretches(pause.nanos, 1));
                }
            }
            return new Delays(runQueue, host, machineStalls, collections, safepoints, Delays.LateStarts.NONE,
                    Delays.Stretches.NONE, Delays.Blocked.NONE);
        }
    }

    /** A harness thread's stop: samples it made late ended from {@code earliestEnd}, began by {@code latestStart}. */
    private static final class Pause {
        final Cause cause;
        final long earliestEnd;
        final long latestStart;
        final long nanos;
        /** The JVM's pause or the machine's stall it is; null for a wait, on the run queue or for the host. */
        final Record source;
        final boolean host;
        /** How many more samples it can have made late. */
        long remaining;
        boolean used;

        Pause(Cause cause, long earliestEnd, long latestStart, long nanos, long waits, double samplesPerNano,
              double load, Record source, boolean host) {
            this.cause = cause;
            this.earliestEnd = earliestEnd;
            this.latestStart = latestStart;
            this.nanos = nanos;
            this.source = source;
            this.host = host;
            this.remaining = (long) Math.ceil(nanos * samplesPerNano / (1 - load)) + waits;
        }
    }
}
