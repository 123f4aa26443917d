package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Attributes the late samples of iterations the harness thread ran one after another (its synchronous end to end) by
 * replaying them without the pauses that are not the code's. Pure; thread-safe.
 *
 * <h2>The rule</h2>
 * Each late sample {@code i} is known by its intended start {@code s}, its end {@code e} and when the iteration
 * before it ended {@code p}: the harness ran it from {@code b = max(s, p)} to {@code e}, its service. A pause of the
 * harness thread lies inside the service it interrupted:
 * <ul>
 *   <li>a safepoint or a collection, placed by the Flight Recorder, inside every service it overlaps;</li>
 *   <li>a wait for the CPU, or time the host took, counted between two of the harness thread's own readings of its
 *   scheduler figures, so ended in an interval {@code (t₀, t₁]} ({@link SchedulerEvidence}): the thread got its CPU
 *   back inside the interval, and before the service it lies in
 *   ended, so it can only cover the part of a service before {@code min(e, t₁)}. Each of the interval's waits (as
 *   many as the times the thread got its CPU back) goes to the service that can hold the most of what is left. As
 *   much of the interval's wait as the test's own other threads ran on a CPU meanwhile is the code's, not cut (they
 *   held a CPU the harness thread could have had: a lock's holder spinning, a server answering), but placed the same
 *   way, so that no other cut below takes that time for the platform's;</li>
 *   <li>a stall of the whole machine a second thread saw ({@link MachineStall}), placed by that thread's clock, inside
 *   every service it overlaps, as far as the overlap is more than the waits for the CPU and the host's time already
 *   cut from that service (they may be the same time);</li>
 *   <li>for a sample on its schedule (not queued), the time from its intended start {@code s} to when the harness
 *   called it ({@code c}, as the harness read it), as far as the cuts above do not hold it and it is more than a
 *   microsecond, and only with the JVM's evidence (without it, the hold-up may have been a collection, which is the
 *   code's): no call ran then, so the harness thread was held up outside the code (by a stall of the machine too
 *   short or too quick for the second thread to see, or by the harness's own work). On this kind of machine the host
 *   stops the whole VM for 0.1-0.3 ms every 100 ms at times, with no wait counted by the scheduler; nearly all of that
 *   falls between calls, and it delayed the next call by as much.</li>
 * </ul>
 * A pause is cut out of the service it lies in, never below the least service an iteration needs: the smallest of
 * the run's latencies and of the late samples' services (in a run that never caught up, every latency is queued). The
 * samples are then replayed on their schedule: each begins at {@code max(s, end of the one before)}, now earlier where
 * the one before was cut, and ends its shortened service later; the iterations queued behind a pause (coordinated
 * omission) move up with it.
 *
 * <p>A queued iteration's service {@code e − p} holds the harness's own work between two iterations (recording the
 * one before, reading the clock, scheduling the next) besides the call; an iteration on its schedule does that work
 * while it waits for its start. So the harness thread reads when a queued iteration's call began ({@code c}): the
 * replay keeps {@code c − p} as the harness's work, which still comes first where the sample stays queued, and lets a
 * sample that no longer queues take from its start what an iteration on its schedule takes beyond its call: the run's
 * median latency on its schedule (of the samples within the budget) less the late samples' median call
 * ({@code e − c}). Without the harness's work kept out, every queued call the replay moved up kept the harness's work
 * it no longer queued behind: beside two busy loops, a run with more than a tenth of its samples replayed read p90 on
 * the code's own account about 180 ns above a run without (561 against 379 ns, the medians of 465 runs of a 0.33 µs
 * hash), and one with more than half read p50 60 ns above. The time before the call is the typical one, not the
 * least, and is taken by medians, since calls run one after another are quicker than calls on their schedule (likely
 * their code and data still warm): with the least time from start to call (the run's fastest latency less the least
 * {@code e − c}), the moved-up samples beside two busy loops read faster than every sample on its schedule (p50 327
 * against 345–354 ns; their p10 336–341 ns) — 6–11 ns before the call instead of about 25 — and, as a third to half of
 * a run's samples are replayed there, the same code read 3% faster on its own account beside two busy loops than
 * quietly or beside one (p50 319 against 328 ns, the medians of 150 runs a condition). The samples within the budget
 * are taken as on their schedule; in a run that most of them spent queued by less than the budget, the time before
 * the call is over-stated, and the moved-up samples read later than they would have.
 *
 * <p>A sample whose replayed latency is within the budget was late because of the pauses cut, and goes to the larger
 * of its own cut and the one it inherited from the sample before: the platform, a safepoint, or a collection's copying
 * of objects older than the measured runs. Collections are otherwise the code's: the part of a collection not spent on
 * older objects (in proportion to the bytes it copied, {@code run.evidence.GcCopy}) is not cut for the verdict, but a
 * sample the replay with it cut too brings within the budget goes to the collection. The rest are the code's. For the
 * verdict, each late sample's latency is replaced by its replayed one.
 */
final class QueueReplay {
    private final long[] start;
    private final long[] begin;
    private final long[] end;
    private final long[] previousEnd;
    /** When a queued sample's call began, as the harness thread read it; else its begin. */
    private final long[] began;
    /** How much of each service a pause may be cut from: all of it but the least service an iteration needs. */
    private final long[] reducible;
    private final long[] safepointCut;
    /** The part of a collection spent copying objects alive before the measured runs: the JVM's. */
    private final long[] olderCut;
    private final long[] queueCut;
    /** From a late sample on its schedule, the time the harness began its call late that no other cut holds. */
    private final long[] startCut;
    private final long[] hostCut;
    /** The part of a whole-machine stall a second thread saw that the service's other platform cuts do not hold. */
    private final long[] machineCut;
    private final long[] gcCut;
    /**
     * The harness thread's waits for a CPU that are the code's (the test's own threads ran meanwhile), placed in the
     * services they lie in like the waits cut: not cut, but no other cut takes that time.
     */
    private final long[] testThreadsHeld;
    /**
     * What an iteration on its schedule takes beyond its call, in nanoseconds: a dequeued call begins this long after
     * its start.
     */
    private final long callDelayNanos;

    private QueueReplay(RunTimeline timeline, long fastestNanos, long onScheduleNanos) {
        int n = timeline.lateKept();
        start = new long[n];
        begin = new long[n];
        end = new long[n];
        previousEnd = new long[n];
        reducible = new long[n];
        began = new long[n];
        long leastService = fastestNanos;
        long[] calls = new long[n];
        int queuedCalls = 0;
        for (int i = 0; i < n; i++) {
            end[i] = timeline.lateEnd(i);
            start[i] = end[i] - timeline.lateLatency(i);
            previousEnd[i] = timeline.latePreviousEnd(i);
            begin[i] = Math.min(end[i], Math.max(start[i], previousEnd[i]));
            began[i] = Math.min(end[i], Math.max(begin[i], timeline.lateBegan(i)));
            leastService = Math.min(leastService, end[i] - begin[i]);
            if (queued(i) && began[i] > begin[i]) {
                calls[queuedCalls++] = end[i] - began[i];
            }
        }
        callDelayNanos = queuedCalls == 0 ? 0 : Math.max(0, onScheduleNanos - median(calls, queuedCalls));
        for (int i = 0; i < n; i++) {
            reducible[i] = Math.max(0, end[i] - begin[i] - leastService);
        }
        safepointCut = new long[n];
        olderCut = new long[n];
        queueCut = new long[n];
        startCut = new long[n];
        hostCut = new long[n];
        machineCut = new long[n];
        gcCut = new long[n];
        testThreadsHeld = new long[n];
    }

    /**
     * @param run          1-based run
     * @param timeline     the run's timeline, {@link RunTimeline#sequential()}
     * @param limitNanos   the budget, in nanoseconds
     * @param notKept      late samples beyond those the timeline kept
     * @param evidence     what was seen beside the run
     * @param scheduler    the scheduler's evidence of the harness thread that ran the timeline's iterations
     * @param fastestNanos the run's smallest latency, in nanoseconds: a bound on the least service an iteration keeps
     * @param onScheduleNanos the run's median latency of the samples within the budget, in nanoseconds: what an
     *                        iteration on its schedule takes
     * @return the attribution
     */
    static RunAttribution of(int run, RunTimeline timeline, long limitNanos, long notKept, RunEvidence evidence,
                             SchedulerEvidence scheduler, long fastestNanos, long onScheduleNanos) {
        QueueReplay replay = new QueueReplay(timeline, fastestNanos, onScheduleNanos);
        Set<JvmPause> collections = new LinkedHashSet<>();
        Set<JvmPause> safepoints = new LinkedHashSet<>();
        for (JvmPause pause : evidence.pauses()) {
            if (replay.cutPause(pause)) {
                (pause.gc() ? collections : safepoints).add(pause);
            }
        }
        int queueStretches = 0;
        int hostStretches = 0;
        RunAttribution.TestThreadsWait testThreadsWait = RunAttribution.TestThreadsWait.NONE;
        List<long[]> blockedStretches = new ArrayList<>();
        if (scheduler.available()) {
            int first = Math.max(1, scheduler.floorIndex(timeline.startNanos()));
            for (int j = first; j < scheduler.samples() && scheduler.time(j - 1) - timeline.endNanos() <= 0; j++) {
                long from = scheduler.intervalFrom(j);
                long to = scheduler.intervalTo(j);
                int waits = (int) Math.max(1, scheduler.slicesSince(j));
                // the part of the wait the test's own threads ran in is the code's: placed, so that no other cut
                // takes that time for the platform's, and kept
                long codes = scheduler.codesWaitSince(j);
                if (replay.cutWait(codes, waits, from, to, replay.testThreadsHeld)) {
                    testThreadsWait = testThreadsWait.plus(new RunAttribution.TestThreadsWait(codes, 1));
                }
                queueStretches += replay.cutWait(scheduler.platformWaitSince(j), waits, from, to, replay.queueCut)
                        ? 1 : 0;
                hostStretches += replay.cutWait(scheduler.lostSince(j), 1, from, to, replay.hostCut) ? 1 : 0;
                if (scheduler.blockedSince(j) > 0) {
                    blockedStretches.add(new long[] {from, to, scheduler.blockedSince(j), scheduler.switchesSince(j)});
                }
            }
        }
        List<MachineStall> machineStalls = new ArrayList<>();
        for (MachineStall stall : evidence.machineStalls()) {
            if (replay.cutStall(stall)) {
                machineStalls.add(stall);
            }
        }
        // without the JVM's pauses, a call held up could have been held up by a collection, which is the code's
        RunAttribution.LateStarts lateStarts = evidence.jvmUnavailable().isPresent() ? RunAttribution.LateStarts.NONE
                : replay.cutLateStarts();
        RunAttribution attributed = replay.attribute(run, limitNanos, notKept, queueStretches, hostStretches,
                machineStalls, List.copyOf(collections), List.copyOf(safepoints), lateStarts, testThreadsWait);
        return replay.withBlocked(attributed, blockedStretches);
    }

    /**
     * @param attributed        the run's attribution
     * @param blockedStretches  the intervals between two readings in which the harness thread gave up its CPU itself:
     *                          from, to, how long, how many voluntary switches
     * @return it, saying which of the code's late samples were late because the code blocked: each stretch's time off
     *         the CPU goes to the code's samples whose service overlaps it, the longest services first, at most as much
     *         as each service holds beyond the least an iteration needs and the pauses already cut from it; a sample is
     *         named when at least half of its service went so, and so is one queued behind it (due before the named
     *         one ended, it began then); the time and switches said are those of the stretches that named a sample
     */
    private RunAttribution withBlocked(RunAttribution attributed, List<long[]> blockedStretches) {
        if (blockedStretches.isEmpty()) {
            return attributed;
        }
        long[] given = new long[end.length];
        Map<long[], List<Integer>> gaveTo = new LinkedHashMap<>();
        for (long[] stretch : blockedStretches) {
            long remaining = stretch[2];
            while (remaining > 0) {
                int best = -1;
                for (int i = firstEndingAfter(stretch[0]); i < end.length && begin[i] - stretch[1] < 0; i++) {
                    if (attributed.causes()[i] == Cause.CODE.ordinal() && left(i) - given[i] > 0
                            && (best < 0 || left(i) - given[i] > left(best) - given[best])) {
                        best = i;
                    }
                }
                if (best < 0) {
                    break;
                }
                long taken = Math.min(remaining, left(best) - given[best]);
                given[best] += taken;
                remaining -= taken;
                gaveTo.computeIfAbsent(stretch, s -> new ArrayList<>()).add(best);
            }
        }
        long samples = 0;
        boolean previousBlocked = false;
        for (int i = 0; i < end.length; i++) {
            boolean code = attributed.causes()[i] == Cause.CODE.ordinal();
            boolean behindTheOneBefore = follows(i) && queued(i);
            boolean blocked = code && (mostlyBlocked(i, given[i]) || behindTheOneBefore && previousBlocked);
            samples += blocked ? 1 : 0;
            previousBlocked = blocked;
        }
        if (samples == 0) {
            return attributed;
        }
        List<long[]> naming = gaveTo.entrySet().stream().filter(gave -> gave.getValue().stream()
                .anyMatch(i -> mostlyBlocked(i, given[i]))).map(Map.Entry::getKey).toList();
        long nanos = naming.stream().mapToLong(stretch -> stretch[2]).sum();
        long switches = naming.stream().mapToLong(stretch -> stretch[3]).sum();
        return new RunAttribution(attributed.run(), attributed.limitNanos(), attributed.counts(),
                attributed.notKept(), attributed.originalNanos(), attributed.codeOnlyNanos(), attributed.causes(),
                attributed.queueWaitNanos(), attributed.queueStretches(), attributed.hostNanos(),
                attributed.hostStretches(), attributed.machineStalls(), attributed.gcPauses(), attributed.safepoints(),
                new RunAttribution.Blocked(samples, nanos, switches), attributed.lateStarts(),
                attributed.testThreadsWait());
    }

    private RunAttribution attribute(int run, long limitNanos, long notKept, int queueStretches, int hostStretches,
                                     List<MachineStall> machineStalls, List<JvmPause> collections,
                                     List<JvmPause> safepoints, RunAttribution.LateStarts lateStarts,
                                     RunAttribution.TestThreadsWait testThreadsWait) {
        int n = end.length;
        long[] withoutPlatform = replay(false);
        long[] withoutAnyPause = replay(true);
        Cause[] excusedCauses = excusedCauses(withoutPlatform);
        long[] counts = new long[Cause.values().length];
        byte[] causes = new byte[n];
        Arrays.fill(causes, (byte) -1);
        List<Long> original = new ArrayList<>();
        List<Long> replayed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long latency = end[i] - start[i];
            long codeOnly = withoutPlatform[i] - start[i];
            if (codeOnly < latency) {
                original.add(latency);
                replayed.add(codeOnly);
            }
            if (latency <= limitNanos) {
                continue;
            }
            Cause cause;
            if (codeOnly <= limitNanos) {
                cause = excusedCauses[i];
            } else if (withoutAnyPause[i] - start[i] <= limitNanos) {
                cause = Cause.GC;
            } else {
                cause = Cause.CODE;
            }
            counts[cause.ordinal()]++;
            causes[i] = (byte) cause.ordinal();
        }
        counts[Cause.CODE.ordinal()] += notKept;
        return new RunAttribution(run, limitNanos, counts, notKept, toArray(original), toArray(replayed), causes,
                sum(queueCut), queueStretches, sum(hostCut), hostStretches,
                machineStalls, collections, safepoints,
                RunAttribution.Blocked.NONE, lateStarts, testThreadsWait);
    }

    /**
     * Cuts from each late sample on its schedule (not queued) the time from its intended start to when the harness
     * called it, as far as the cuts so far do not hold it and it is more than
     * {@link RunAttribution.LateStarts#MIN_NANOS}: no call of the test method ran in that time, so it is not the code's.
     * It is the harness thread held up before the call: by the machine (a stall the scheduler does not count, too short
     * for the second thread to see) or by the harness's own work.
     *
     * @return the samples cut, and how much
     */
    private RunAttribution.LateStarts cutLateStarts() {
        RunAttribution.LateStarts cut = RunAttribution.LateStarts.NONE;
        for (int i = 0; i < end.length; i++) {
            if (queued(i)) {
                continue;
            }
            long heldUp = Math.min(left(i), began[i] - begin[i] - accounted(i));
            if (heldUp > RunAttribution.LateStarts.MIN_NANOS) {
                startCut[i] = heldUp;
                cut = cut.plus(new RunAttribution.LateStarts(1, heldUp, heldUp));
            }
        }
        return cut;
    }

    /**
     * Cuts a whole-machine stall out of every service it overlaps, as far as the overlap is more than the waits for
     * the CPU and the host's time already cut from that service: @return whether any of it was cut
     */
    private boolean cutStall(MachineStall stall) {
        boolean any = false;
        for (int i = firstEndingAfter(stall.startNanos()); i < end.length && begin[i] - stall.endNanos() < 0; i++) {
            long overlap = Math.min(end[i], stall.endNanos()) - Math.max(begin[i], stall.startNanos());
            long taken = Math.min(overlap - queueCut[i] - hostCut[i] - testThreadsHeld[i], left(i));
            if (taken > 0) {
                machineCut[i] += taken;
                any = true;
            }
        }
        return any;
    }

    /**
     * Cuts a pause of the JVM out of every service it overlaps: a collection's part spent copying objects older than
     * the measured runs as the JVM's, the rest as the collection's; @return whether any of it was cut
     */
    private boolean cutPause(JvmPause pause) {
        double older = pause.gc() && pause.nanos() > 0 ? (double) pause.olderObjectsNanos() / pause.nanos() : 0;
        boolean any = false;
        for (int i = firstEndingAfter(pause.startNanos()); i < end.length && begin[i] - pause.endNanos() < 0; i++) {
            long overlap = Math.min(end[i], pause.endNanos()) - Math.max(begin[i], pause.startNanos());
            long taken = Math.min(overlap, left(i));
            if (taken > 0) {
                if (pause.gc()) {
                    long olderPart = Math.round(taken * older);
                    olderCut[i] += olderPart;
                    gcCut[i] += taken - olderPart;
                } else {
                    safepointCut[i] += taken;
                }
                any = true;
            }
        }
        return any;
    }

    /**
     * Cuts a monitor interval's waits out of the services they can lie in. Each wait ended (the thread got its CPU
     * back) inside the interval and before the service it lies in ended, so it can only cover the part of a service
     * before both ends: the service that can hold the most of what is left takes it, one service per wait.
     *
     * @param wait  how long the thread was kept from its CPU in the interval, in nanoseconds
     * @param waits how many separate stretches that was at most
     * @param from  the earliest the waits can have ended: when the reading before the interval began, nanoTime
     * @param to    the latest: when the reading that ends it ended
     * @param cut   where the cuts are added
     * @return whether any of it was cut
     */
    private boolean cutWait(long wait, int waits, long from, long to, long[] cut) {
        long remaining = wait;
        boolean any = false;
        int first = firstEndingAfter(from);
        for (int placed = 0; placed < waits && remaining > 0; placed++) {
            int best = -1;
            long bestReach = 0;
            for (int i = first; i < end.length && begin[i] - to < 0; i++) {
                long reach = Math.min(left(i), Math.min(end[i], to) - begin[i] - accounted(i));
                if (reach > bestReach) {
                    best = i;
                    bestReach = reach;
                }
            }
            if (best < 0) {
                break;
            }
            long taken = Math.min(remaining, bestReach);
            cut[best] += taken;
            remaining -= taken;
            any = true;
        }
        return any;
    }

    /**
     * @return whether the time off the CPU given to sample {@code i}'s service is at least half of that service's call:
     *         the time before its call that the harness was held up ({@link #cutLateStarts()}) holds no call to block in
     */
    private boolean mostlyBlocked(int i, long given) {
        return given > 0 && 2 * given >= end[i] - begin[i] - startCut[i];
    }

    private long cutSoFar(int i) {
        return safepointCut[i] + olderCut[i] + queueCut[i] + hostCut[i] + machineCut[i] + startCut[i] + gcCut[i];
    }

    /** @return the pauses cut from sample {@code i}'s service and the code's waits placed in it */
    private long accounted(int i) {
        return cutSoFar(i) + testThreadsHeld[i];
    }

    private long left(int i) {
        return reducible[i] - accounted(i);
    }

    /** @return whether sample {@code i} began when the one before it (also late, so kept) ended */
    private boolean follows(int i) {
        return i > 0 && previousEnd[i] == end[i - 1];
    }

    /**
     * @param withCollections whether collections are cut too
     * @return each sample's end when replayed on its schedule without the pauses that are not the code's
     */
    private long[] replay(boolean withCollections) {
        long[] replayed = new long[end.length];
        for (int i = 0; i < end.length; i++) {
            long before = follows(i) ? replayed[i - 1] : previousEnd[i];
            long service = end[i] - begin[i] - safepointCut[i] - olderCut[i] - queueCut[i] - hostCut[i]
                    - machineCut[i] - startCut[i] - (withCollections ? gcCut[i] : 0);
            if (queued(i)) {
                // the harness's own work came first (what the cuts left of it), then the call
                long call = Math.min(service, end[i] - began[i]);
                long harness = service - call;
                long calledAt = Math.max(start[i] + callDelayNanos, Math.min(before, begin[i]) + harness);
                replayed[i] = Math.min(end[i], calledAt + call);
            } else {
                replayed[i] = Math.max(start[i], Math.min(before, begin[i])) + service;
            }
        }
        return replayed;
    }

    /** Sorts the first {@code n} values in place: @return their median, the upper middle for an even count */
    private static long median(long[] values, int n) {
        Arrays.sort(values, 0, n);
        return values[n / 2];
    }

    /** @return whether sample {@code i} was queued: due before the one before it ended, so it began then */
    private boolean queued(int i) {
        return previousEnd[i] - start[i] > 0 && begin[i] - end[i] < 0;
    }

    /**
     * @return per sample, the cause its replay owes most to: its own cut (the platform's, a safepoint's or a
     *         collection's copying of older objects, whichever is largest), or the cause of the sample before it, when
     *         it began earlier by more than its own cut
     */
    private Cause[] excusedCauses(long[] replayed) {
        Cause[] causes = new Cause[end.length];
        for (int i = 0; i < end.length; i++) {
            long platform = queueCut[i] + hostCut[i] + machineCut[i] + startCut[i];
            long own = platform + safepointCut[i] + olderCut[i];
            Cause ownCause = platform >= safepointCut[i] && platform >= olderCut[i] ? Cause.PLATFORM
                    : safepointCut[i] >= olderCut[i] ? Cause.SAFEPOINT : Cause.OLDER_OBJECTS;
            long movedUp = follows(i) ? begin[i] - Math.max(start[i], replayed[i - 1]) : 0;
            causes[i] = follows(i) && movedUp > own ? causes[i - 1] : ownCause;
        }
        return causes;
    }

    /** @return the index of the first sample ending after {@code time} (ends ascend), or the count */
    private int firstEndingAfter(long time) {
        int low = 0;
        int high = end.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (end[mid] - time <= 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private static long sum(long[] values) {
        return Arrays.stream(values).sum();
    }

    private static long[] toArray(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
