package org.jlbh.core.internal;

import net.openhft.chronicle.core.util.NanoSampler;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records latency samples in nanoseconds for one probe (or end-to-end), from any thread, without losing counts and
 * without allocating.
 *
 * <p>Samples from a harness thread (an owner; there is one per harness thread, see {@link #owners(Thread[])}) are
 * counted in that thread's own {@link BucketCounts}, the buckets of the run's histogram, with no atomic operation
 * and no write another thread shares: the common case costs a few nanoseconds, the same whether or not a sample is
 * a new minimum or maximum. Samples from any other thread go into an HdrHistogram {@link Recorder},
 * which is wait-free for writers and lets the harness take each run's samples with a clean cut between runs.
 * Samples from other threads that arrive between runs (after a run was closed) are counted as stray and belong to
 * no run.
 *
 * <p>Values below 0 are recorded as 0 and values above {@link #HIGHEST_TRACKABLE_NS} as that maximum; both are
 * counted as out of range, so nothing is hidden and recording never throws.
 *
 * <p>Thread-safety: {@link #sampleNanos} may be called from any thread; the run methods only from the first owner,
 * while the other owners are between runs.
 */
public final class LatencyRecorder implements NanoSampler {
    /** Highest recordable value: one hour, in nanoseconds. */
    public static final long HIGHEST_TRACKABLE_NS = TimeUnit.HOURS.toNanos(1);
    /** HdrHistogram precision: 3 significant digits, so values are within 0.1% (exact below 2,048 ns). */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final String name;
    /** The first owner, {@code owners[0]}, kept apart for the fast path of a single harness thread. */
    private Thread owner;
    private final BucketCounts ownerCounts = new BucketCounts();
    private long ownerOutOfRange;
    /** Every owner, the first included; null while there is at most one. */
    private Thread[] owners;
    /** Each owner's counts and values out of range; index 0 is the first owner's, kept in the fields above. */
    private BucketCounts[] laneCounts;
    private long[] laneOutOfRange;

    /**
     * Samples from threads that are not owners; made at the first such sample, since most probes never see one. Its
     * two histograms and {@link #foreignInterval} are 800 KB that would otherwise live through every run in the young
     * generation, where each collection during a run copies them and so lengthens the pauses being measured.
     */
    private volatile Recorder foreign;
    private final Object foreignLock = new Object();
    private final AtomicLong foreignCount = new AtomicLong();
    private final AtomicLong foreignOutOfRange = new AtomicLong();
    /** The first owner's copy of {@link #foreign}'s interval; made when it first finds {@link #foreign} made. */
    private Histogram foreignInterval;
    private long foreignCountAtRunStart;
    private long foreignOutOfRangeAtRunStart;
    private long strayBeforeRun;

    /**
     * @param name  the probe's name, for reports
     * @param owner the harness thread, or null until {@link #owner(Thread)} sets it before that thread starts
     */
    public LatencyRecorder(String name, Thread owner) {
        this.name = name;
        this.owner = owner;
    }

    /** @return a histogram with the range and precision every result uses */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
    }

    /**
     * Copies histograms into one sized to their largest value rather than to the full one-hour range, so a run's
     * result costs tens of kilobytes instead of 270 KB (less garbage between runs, fewer GCs). The copy resizes
     * itself if values are added to it later.
     *
     * @param parts histograms made by {@link #newHistogram()}
     * @return a new histogram holding all their counts
     */
    public static Histogram compactCopy(Histogram... parts) {
        Histogram copy = withRoomFor(maxValue(parts));
        for (Histogram part : parts) {
            copy.add(part);
        }
        return copy;
    }

    /**
     * As {@link #compactCopy(Histogram...)}, with bucket counts besides the histograms.
     *
     * @param counts counts to copy
     * @param parts  histograms made by {@link #newHistogram()}
     * @return a new histogram holding all their counts
     */
    public static Histogram compactCopy(BucketCounts counts, Histogram... parts) {
        Histogram copy = withRoomFor(Math.max(counts.maxValue(), maxValue(parts)));
        counts.addTo(copy);
        for (Histogram part : parts) {
            copy.add(part);
        }
        return copy;
    }

    private static long maxValue(Histogram... parts) {
        long max = 0;
        for (Histogram part : parts) {
            max = Math.max(max, part.getMaxValue());
        }
        return max;
    }

    private static Histogram withRoomFor(long max) {
        Histogram copy = new Histogram(1, Math.min(2 * Math.max(2, max), HIGHEST_TRACKABLE_NS), SIGNIFICANT_DIGITS);
        copy.setAutoResize(true);
        return copy;
    }

    /**
     * Sets the owner. Must happen before the owner thread starts (so that it sees the write); other threads need
     * not see it, since they are never the owner.
     *
     * @param owner the harness thread
     */
    public void owner(Thread owner) {
        this.owner = owner;
    }

    /**
     * Sets the owners when several harness threads share the load, each recording into counts of its own. Must
     * happen before any of them starts.
     *
     * @param threads the harness threads, the first of them the one that begins and ends runs
     */
    public void owners(Thread[] threads) {
        owner(threads[0]);
        if (threads.length == 1) {
            owners = null;
            return;
        }
        owners = threads.clone();
        laneCounts = new BucketCounts[threads.length];
        laneCounts[0] = ownerCounts;
        for (int i = 1; i < threads.length; i++) {
            laneCounts[i] = new BucketCounts();
        }
        laneOutOfRange = new long[threads.length];
    }

    /**
     * @param thread a thread
     * @return its index among the owners (0 for the only one), or -1 when it is none of them
     */
    public int ownerIndex(Thread thread) {
        if (thread == owner) {
            return 0;
        }
        Thread[] all = owners;
        if (all != null) {
            for (int i = 1; i < all.length; i++) {
                if (all[i] == thread) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** @return the probe's name */
    public String name() {
        return name;
    }

    /**
     * Records one latency sample.
     *
     * @param durationNs latency in nanoseconds
     */
    @Override
    public void sampleNanos(long durationNs) {
        Thread current = Thread.currentThread();
        int lane;
        if (current == owner) {
            if (durationNs < 0 || durationNs > HIGHEST_TRACKABLE_NS) {
                ownerOutOfRange++;
                durationNs = durationNs < 0 ? 0 : HIGHEST_TRACKABLE_NS;
            }
            ownerCounts.record(durationNs);
        } else if (owners != null && (lane = ownerIndex(current)) > 0) {
            if (durationNs < 0 || durationNs > HIGHEST_TRACKABLE_NS) {
                laneOutOfRange[lane]++;
                durationNs = durationNs < 0 ? 0 : HIGHEST_TRACKABLE_NS;
            }
            laneCounts[lane].record(durationNs);
        } else {
            if (durationNs < 0 || durationNs > HIGHEST_TRACKABLE_NS) {
                foreignOutOfRange.incrementAndGet();
                durationNs = durationNs < 0 ? 0 : HIGHEST_TRACKABLE_NS;
            }
            foreignRecorder().recordValue(durationNs);
            // counted after recording, so a count the owner sees is already in the recorder's interval
            foreignCount.incrementAndGet();
        }
    }

    private Recorder foreignRecorder() {
        Recorder recorder = foreign;
        if (recorder == null) {
            synchronized (foreignLock) {
                recorder = foreign;
                if (recorder == null) {
                    recorder = new Recorder(1, HIGHEST_TRACKABLE_NS, SIGNIFICANT_DIGITS);
                    foreign = recorder;
                }
            }
        }
        return recorder;
    }

    /**
     * Takes the samples from other threads since the last call; for the first owner only.
     *
     * @return them, or null when no other thread has recorded a sample yet
     */
    private Histogram takeForeignInterval() {
        Recorder recorder = foreign;
        if (recorder == null) {
            return null;
        }
        if (foreignInterval == null) {
            foreignInterval = newHistogram();
        }
        recorder.getIntervalHistogramInto(foreignInterval);
        return foreignInterval;
    }

    /** Starts a run: what was recorded before is dropped, and samples from other threads since then are stray. */
    public void beginRun() {
        ownerCounts.reset();
        ownerOutOfRange = 0;
        if (owners != null) {
            for (int i = 1; i < owners.length; i++) {
                laneCounts[i].reset();
                laneOutOfRange[i] = 0;
            }
        }
        Histogram stray = takeForeignInterval();
        strayBeforeRun = stray == null ? 0 : stray.getTotalCount();
        foreignCountAtRunStart = foreignCount.get();
        foreignOutOfRangeAtRunStart = foreignOutOfRange.get();
    }

    /** @return samples recorded since {@link #beginRun()}, from all threads; for the owner only */
    public long count() {
        long owned = ownerCounts.totalCount();
        if (owners != null) {
            for (int i = 1; i < owners.length; i++) {
                owned += laneCounts[i].totalCount();
            }
        }
        return owned + foreignCount.get() - foreignCountAtRunStart;
    }

    /**
     * Ends a run and returns its samples from all threads.
     *
     * @param run 1-based run number, for the result
     * @return the run's result, holding a copy of the histogram
     */
    public ImmutableRunResult endRun(int run) {
        Histogram fromOthers = takeForeignInterval();
        Histogram histogram = fromOthers == null ? compactCopy(ownerCounts) : compactCopy(ownerCounts, fromOthers);
        long outOfRange = ownerOutOfRange + foreignOutOfRange.get() - foreignOutOfRangeAtRunStart;
        if (owners != null) {
            for (int i = 1; i < owners.length; i++) {
                laneCounts[i].addTo(histogram);
                outOfRange += laneOutOfRange[i];
            }
        }
        return new ImmutableRunResult(name, run, histogram, outOfRange, strayBeforeRun);
    }

    /**
     * The samples one owner recorded in the run that {@link #endRun(int)} just ended (samples from other threads
     * are in no owner's).
     *
     * @param owner the owner's index, 0 to the owners' count - 1
     * @param name  the result's name
     * @param run   1-based run number
     * @return that owner's part of the run
     */
    public ImmutableRunResult ownerRun(int owner, String name, int run) {
        BucketCounts counts = owner == 0 ? ownerCounts : laneCounts[owner];
        return new ImmutableRunResult(name, run, compactCopy(counts),
                owner == 0 ? ownerOutOfRange : laneOutOfRange[owner], 0);
    }
}
