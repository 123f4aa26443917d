package org.jlbh.junit.internal.judge.attribution;

import org.jlbh.junit.internal.run.evidence.JvmPause;
import org.jlbh.junit.internal.run.evidence.MachineStall;
import org.jlbh.junit.internal.run.evidence.RunEvidence;
import org.jlbh.junit.internal.run.evidence.SchedulerEvidence;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;

/**
 * Attributes the late samples of iterations one harness thread ran one after another (its synchronous end to end) by
 * replaying them without the pauses that are not the code's. {@link #of} is pure and thread-safe; an instance is one
 * replay's working state.
 *
 * <h2>The rule</h2>
 * A late sample has an intended start {@code s}, an end {@code e}, and the end {@code p} of the iteration before: its
 * service ran from {@code b = max(s, p)} to {@code e}. Cut out of the services they lie in are: the JVM's pauses,
 * from every service they overlap, a collection's share spent copying objects older than the measured runs apart
 * from the rest; each wait for the CPU and host's time counted between two scheduler readings {@code (t₀, t₁]},
 * into the one service that can hold most of it before {@code min(e, t₁)} (the part the test's own threads ran
 * meanwhile is placed so but kept as the code's); a whole-machine stall a second thread saw, from every service it
 * overlaps beyond the waits cut there; and, with the JVM's evidence, the time a call on its schedule began late
 * beyond those cuts, when over {@link Delays.LateStarts#MIN_NANOS}. No cut takes a service below the least an
 * iteration needs. The samples are then replayed on their schedule, each beginning at {@code max(s, end of the one
 * before)}, so iterations queued behind a pause move up with it. A queued call keeps the harness's own work before
 * its call; one no longer queued calls {@link #callDelayNanos} after its start.
 *
 * <p>A late sample whose replay is within the budget goes to the largest of its own cuts (the platform, a safepoint,
 * older objects), or to the cause of the sample before it when that moved it up more; one within only with the rest
 * of the collections cut too, to {@link Cause#GC}; the rest to the code. The verdict takes each replayed latency.
 */
final class QueueReplay {
    private final long[] start;
    private final long[] begin;
    private final long[] end;
    private final long[] previousEnd;
    /** When a queued sample's call began, as the harness thread read it; else its begin. */
    private final long[] began;
    /** How much of each service may be cut: all but the least service an iteration needs. */
    private final long[] reducible;
    private final long[] safepointCut;
    private final long[] olderCut;
    private final long[] gcCut;
    private final long[] queueCut;
    private final long[] hostCut;
    private final long[] machineCut;
    private final long[] startCut;
    /** The waits for a CPU that are the code's (the test's own threads ran): placed, not cut. */
    private final long[] testThreadsHeld;
    /** What an iteration on its schedule takes beyond its call, in ns: by medians, as calls back to back are faster. */
    private final long callDelayNanos;

    private QueueReplay(RunTimeline timeline, long fastestNanos, long onScheduleNanos) {
        int n = timeline.lateKept();
        end = timeline.lateEndNanos();
        start = each(n, i -> end[i] - timeline.lateNanos()[i]);
        previousEnd = timeline.latePreviousEndNanos();
        begin = each(n, i -> Math.min(end[i], Math.max(start[i], previousEnd[i])));
        began = each(n, i -> Math.min(end[i], Math.max(begin[i], timeline.lateBeganNanos()[i])));
        long leastService = Math.min(fastestNanos, IntStream.range(0, n).mapToLong(i -> end[i] - begin[i]).min()
                .orElse(Long.MAX_VALUE));
        reducible = each(n, i -> Math.max(0, end[i] - begin[i] - leastService));
        long[] queuedCalls = IntStream.range(0, n).filter(i -> queued(i) && began[i] > begin[i])
                .mapToLong(i -> end[i] - began[i]).sorted().toArray();
        callDelayNanos = queuedCalls.length == 0 ? 0
                : Math.max(0, onScheduleNanos - queuedCalls[queuedCalls.length / 2]);
        safepointCut = new long[n];
        olderCut = new long[n];
        gcCut = new long[n];
        queueCut = new long[n];
        hostCut = new long[n];
        machineCut = new long[n];
        startCut = new long[n];
        testThreadsHeld = new long[n];
    }

    private static long[] each(int n, IntToLongFunction value) {
        return IntStream.range(0, n).mapToLong(value).toArray();
    }

    /**
     * @return the attribution of a {@link RunTimeline#sequential()} timeline's late samples, given as to
     *         {@link LateSampleAttribution#of}; {@code scheduler} is the evidence of the thread that ran them
     */
    static RunAttribution of(int run, RunTimeline timeline, long limitNanos, long notKept, RunEvidence evidence,
                             SchedulerEvidence scheduler, long fastestNanos, long onScheduleNanos) {
        QueueReplay replay = new QueueReplay(timeline, fastestNanos, onScheduleNanos);
        List<JvmPause> jvmPauses = evidence.pauses().stream().filter(replay::cutPause).distinct().toList();
        Waits waits = replay.cutWaits(scheduler, timeline);
        List<MachineStall> machineStalls = evidence.machineStalls().stream().filter(replay::cutStall).toList();
        // without the JVM's pauses, a call held up could have been held up by a collection, which is the code's
        Delays.LateStarts lateStarts = evidence.jvmUnavailable().isPresent() ? Delays.LateStarts.NONE
                : replay.cutLateStarts();
        long[] codeOnlyEnds = replay.replay(false);
        byte[] causes = replay.causes(limitNanos, codeOnlyEnds);
        int[] replaced = IntStream.range(0, causes.length).filter(i -> codeOnlyEnds[i] < replay.end[i]).toArray();
        Delays delays = new Delays(waits.runQueue(), waits.host(), machineStalls,
                jvmPauses.stream().filter(JvmPause::gc).toList(),
                jvmPauses.stream().filter(pause -> !pause.gc()).toList(), lateStarts, waits.testThreadsWait(),
                replay.blocked(causes, waits.blocked()));
        return new RunAttribution(run, limitNanos, notKept,
                Arrays.stream(replaced).mapToLong(i -> replay.end[i] - replay.start[i]).toArray(),
                Arrays.stream(replaced).mapToLong(i -> codeOnlyEnds[i] - replay.start[i]).toArray(), causes, delays);
    }

    /** The scheduler's intervals cut: run-queue waits, host time, waits kept as the code's; those it blocked in. */
    private record Waits(Delays.Stretches runQueue, Delays.Stretches host, Delays.Stretches testThreadsWait,
                         List<Stretch> blocked) {
    }

    /** An interval between two readings (nanoTime) in which the harness thread gave up its CPU itself. */
    private record Stretch(long from, long to, long nanos, long switches) {
    }

    private Waits cutWaits(SchedulerEvidence scheduler, RunTimeline timeline) {
        if (!scheduler.available()) {
            return new Waits(Delays.Stretches.NONE, Delays.Stretches.NONE, Delays.Stretches.NONE, List.of());
        }
        Delays.Stretches testThreadsWait = Delays.Stretches.NONE;
        int queueStretches = 0;
        int hostStretches = 0;
        List<Stretch> blocked = new ArrayList<>();
        for (int j = Math.max(1, scheduler.floorIndex(timeline.startNanos()));
             j < scheduler.samples() && scheduler.time(j - 1) - timeline.endNanos() <= 0; j++) {
            long from = scheduler.intervalFrom(j);
            long to = scheduler.intervalTo(j);
            int waits = (int) Math.max(1, scheduler.slicesSince(j));
            // placed first, so that no cut after it takes that time for the platform's
            long codes = scheduler.codesWaitSince(j);
            if (cutWait(codes, waits, from, to, testThreadsHeld)) {
                testThreadsWait = testThreadsWait.plus(new Delays.Stretches(codes, 1));
            }
            queueStretches += cutWait(scheduler.platformWaitSince(j), waits, from, to, queueCut) ? 1 : 0;
            hostStretches += cutWait(scheduler.lostSince(j), 1, from, to, hostCut) ? 1 : 0;
            if (scheduler.blockedSince(j) > 0) {
                blocked.add(new Stretch(from, to, scheduler.blockedSince(j), scheduler.switchesSince(j)));
            }
        }
        return new Waits(new Delays.Stretches(sum(queueCut), queueStretches),
                new Delays.Stretches(sum(hostCut), hostStretches), testThreadsWait, blocked);
    }

    /** @return the code's samples whose call is half or more a stretch off the CPU given to them, and those behind */
    private Delays.Blocked blocked(byte[] causes, List<Stretch> stretches) {
        long[] given = new long[end.length];
        List<List<Integer>> gaveTo = new ArrayList<>();
        for (Stretch stretch : stretches) {
            gaveTo.add(give(stretch, causes, given));
        }
        long samples = 0;
        boolean previousBlocked = false;
        for (int i = 0; i < end.length; i++) {
            boolean blocked = causes[i] == Cause.CODE.ordinal()
                    && (mostlyBlocked(i, given[i]) || follows(i) && queued(i) && previousBlocked);
            samples += blocked ? 1 : 0;
            previousBlocked = blocked;
        }
        if (samples == 0) {
            return Delays.Blocked.NONE;
        }
        long nanos = 0;
        long switches = 0;
        for (int s = 0; s < stretches.size(); s++) {
            if (gaveTo.get(s).stream().anyMatch(i -> mostlyBlocked(i, given[i]))) {
                nanos += stretches.get(s).nanos();
                switches += stretches.get(s).switches();
            }
        }
        return new Delays.Blocked(samples, nanos, switches);
    }

    /** @return the samples a stretch's time off the CPU went to, adding it to {@code given} */
    private List<Integer> give(Stretch stretch, byte[] causes, long[] given) {
        List<Integer> to = new ArrayList<>();
        IntToLongFunction room = i -> causes[i] == Cause.CODE.ordinal() ? left(i) - given[i] : 0;
        long remaining = stretch.nanos();
        while (remaining > 0) {
            int most = most(stretch.from(), stretch.to(), room);
            if (most < 0) {
                break;
            }
            long taken = Math.min(remaining, room.applyAsLong(most));
            given[most] += taken;
            remaining -= taken;
            to.add(most);
        }
        return to;
    }

    /** Cuts from each sample on its schedule the time its call began late beyond the cuts: @return those cut */
    private Delays.LateStarts cutLateStarts() {
        Delays.LateStarts cut = Delays.LateStarts.NONE;
        for (int i = 0; i < end.length; i++) {
            if (queued(i)) {
                continue;
            }
            long heldUp = Math.min(left(i), began[i] - begin[i] - accounted(i));
            if (heldUp > Delays.LateStarts.MIN_NANOS) {
                startCut[i] = heldUp;
                cut = cut.plus(new Delays.LateStarts(1, heldUp, heldUp));
            }
        }
        return cut;
    }

    /** Cuts a machine stall from the services it overlaps, beyond their waits: @return whether any of it was cut */
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

    /** Cuts a pause of the JVM out of every service it overlaps: @return whether any of it was cut */
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

    /** Cuts {@code wait} ns ended in {@code (from, to]}, each of {@code waits} pieces where most fits: @return if so */
    private boolean cutWait(long wait, int waits, long from, long to, long[] cut) {
        IntToLongFunction reach = i -> Math.min(left(i), Math.min(end[i], to) - begin[i] - accounted(i));
        long remaining = wait;
        boolean any = false;
        for (int placed = 0; placed < waits && remaining > 0; placed++) {
            int most = most(from, to, reach);
            if (most < 0) {
                break;
            }
            long taken = Math.min(remaining, reach.applyAsLong(most));
            cut[most] += taken;
            remaining -= taken;
            any = true;
        }
        return any;
    }

    /** @return of the services overlapping {@code (from, to)}, the first with the most room; -1 when none has any */
    private int most(long from, long to, IntToLongFunction room) {
        int most = -1;
        long mostRoom = 0;
        for (int i = firstEndingAfter(from); i < end.length && begin[i] - to < 0; i++) {
            long roomOfI = room.applyAsLong(i);
            if (roomOfI > mostRoom) {
                most = i;
                mostRoom = roomOfI;
            }
        }
        return most;
    }

    /** @return whether the time off the CPU given to sample {@code i} is half its service after the call or more */
    private boolean mostlyBlocked(int i, long given) {
        return given > 0 && 2 * given >= end[i] - begin[i] - startCut[i];
    }

    private long cutSoFar(int i) {
        return safepointCut[i] + olderCut[i] + gcCut[i] + platformCut(i);
    }

    private long platformCut(int i) {
        return queueCut[i] + hostCut[i] + machineCut[i] + startCut[i];
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

    /** @return whether sample {@code i} was queued: due before the one before it ended, so it began then */
    private boolean queued(int i) {
        return previousEnd[i] - start[i] > 0 && begin[i] - end[i] < 0;
    }

    /** @return each sample's end replayed on its schedule without the cuts, {@code withCollections}' own part or not */
    private long[] replay(boolean withCollections) {
        long[] replayed = new long[end.length];
        for (int i = 0; i < end.length; i++) {
            long before = follows(i) ? replayed[i - 1] : previousEnd[i];
            long service = end[i] - begin[i] - cutSoFar(i) + (withCollections ? 0 : gcCut[i]);
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

    /** @return per sample, the {@link Cause#ordinal()} it goes to; -1 for one within the budget */
    private byte[] causes(long limitNanos, long[] codeOnlyEnds) {
        long[] withoutAnyPause = replay(true);
        byte[] causes = new byte[end.length];
        Cause excused = null;
        for (int i = 0; i < end.length; i++) {
            excused = excusedCause(i, codeOnlyEnds, excused);
            Cause cause = end[i] - start[i] <= limitNanos ? null
                    : codeOnlyEnds[i] - start[i] <= limitNanos ? excused
                    : withoutAnyPause[i] - start[i] <= limitNanos ? Cause.GC : Cause.CODE;
            causes[i] = cause == null ? -1 : (byte) cause.ordinal();
        }
        return causes;
    }

    /** @return the cause sample {@code i}'s replay owes most: its largest cut, or {@code before}'s if that did more */
    private Cause excusedCause(int i, long[] replayed, Cause before) {
        long platform = platformCut(i);
        long own = platform + safepointCut[i] + olderCut[i];
        Cause ownCause = platform >= safepointCut[i] && platform >= olderCut[i] ? Cause.PLATFORM
                : safepointCut[i] >= olderCut[i] ? Cause.SAFEPOINT : Cause.OLDER_OBJECTS;
        long movedUp = follows(i) ? begin[i] - Math.max(start[i], replayed[i - 1]) : 0;
        return follows(i) && movedUp > own ? before : ownCause;
    }

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
}
