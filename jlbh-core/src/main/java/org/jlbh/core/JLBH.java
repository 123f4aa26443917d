package org.jlbh.core;

import net.openhft.chronicle.core.threads.EventHandler;
import net.openhft.chronicle.core.threads.EventLoop;
import net.openhft.chronicle.core.util.Histogram;
import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.internal.Schedule;
import org.jlbh.core.internal.engine.Harness;
import org.jlbh.core.internal.engine.Settings;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The latency benchmark harness: drives a {@link JLBHTask} at a fixed target throughput and records, per run, the
 * end-to-end latency of every iteration, each probe, and OS jitter, then prints a JLBH report.
 *
 * <p>Same API as the reference JLBH, so a benchmark ports by changing its imports:
 * <pre>{@code
 * JLBHOptions options = new JLBHOptions()
 *         .warmUpIterations(40_000).iterations(1_100_000).throughput(100_000).runs(3)
 *         .jlbhTask(new MyTask());
 * new JLBH(options).start();
 * }</pre>
 *
 * <p>Timing: iteration <i>i</i> of a run is due at {@code t0 + i × interval}, exactly and without re-anchoring;
 * with coordinated omission accounted for (the default) the task gets that intended start, so a stall's delay to
 * the iterations queued behind it is part of their latency. See the package documentation.
 *
 * <p>Threads: {@link #start()} runs the task on a thread of its own ({@code jlbh-harness}) and supervises it from
 * the calling thread: it prints progress during long runs and ends a run whose iteration does not return within
 * the timeout. With {@link JLBHOptions#runOnCallingThread(boolean) runOnCallingThread(true)} the task runs on the
 * calling thread instead, as in the reference; {@link #eventLoopHandler(EventLoop)} runs it on an event loop's
 * thread. Every task callback runs on the thread that runs the task, in order: {@code init}, the warm-up,
 * {@code warmedUp}, per run the iterations and {@code runComplete}; then the SUMMARY is printed, the result consumer
 * receives the results, and {@code complete} is called last (so a task that ends the JVM there still leaves its
 * report). {@link #sample}, {@link #addProbe} samplers and {@link #abort()} may be used from any thread;
 * {@code start()} or {@code eventLoopHandler} may be called once.
 */
public class JLBH implements NanoSampler {
    /** The name of the end-to-end results. */
    public static final String END_TO_END = "end to end";
    /** The name of the OS jitter results ({@link JLBHResult#osJitter()}). */
    public static final String OS_JITTER = "OS jitter";
    /**
     * The reference's estimate of the cost of one {@link System#nanoTime()} call, in nanoseconds, which its
     * pacing subtracted without coordinated-omission accounting. Kept for source compatibility; this harness does
     * not use it (it measures its own lateness instead).
     */
    public static final int TIME_CALL_NANO_TIME = 18;

    // The facade: the work is done by the engine (org.jlbh.core.internal.engine), whose classes have one job each
    // and say which thread does what. This class crosses into it only through the one Harness below, made from the
    // options' values when it is constructed.
    private final Harness harness;

    /**
     * A benchmark that prints to {@code System.out}.
     *
     * @param options the settings; copied, so later changes to them have no effect
     * @throws IllegalArgumentException when no task is set
     */
    public JLBH(JLBHOptions options) {
        this(options, System.out, null);
    }

    /**
     * @param options        the settings; copied, so later changes to them have no effect
     * @param printStream    where the report goes
     * @param resultConsumer receives the results before {@link JLBHTask#complete()} is called; may be null
     * @throws IllegalArgumentException when no task is set
     */
    public JLBH(JLBHOptions options, PrintStream printStream, Consumer<JLBHResult> resultConsumer) {
        if (options.jlbhTask == null) {
            throw new IllegalArgumentException("JLBHOptions.jlbhTask must be set, was null");
        }
        this.harness = new Harness(settings(options), printStream == null ? System.out : printStream, resultConsumer);
    }

    /** The engine's copy of the options' values. */
    private static Settings settings(JLBHOptions options) {
        return new Settings(options.jlbhTask, options.clock, options.throughput, options.throughputTimeUnit,
                options.latencyDistributor, options.arrivals, options.arrivalSeed, options.threads,
                options.iterations, options.warmUpIterations, options.runs, options.accountForCoordinatedOmission,
                options.skipFirstRun, options.pacedWarmUp, options.runOnCallingThread, options.pauseAfterWarmupMS,
                options.timeoutMs, options.progressIntervalMs, options.acquireLock, options.jitterAffinity,
                options.recordOSJitter, options.recordJitterGreaterThanNs, options.warmedUpWhen,
                options.maxWarmUpRounds);
    }

    /**
     * Adds a probe: a named latency distribution recorded beside end-to-end, for example one stage of the
     * iteration. Adding a name twice returns the same probe. Its sampler may be used from any thread; from the
     * thread that runs the task it is fastest. Probes are normally added in {@link JLBHTask#init(JLBH)}.
     *
     * @param name the probe's name
     * @return the sampler to record the probe's latencies, in nanoseconds
     */
    public NanoSampler addProbe(String name) {
        return harness.addProbe(name);
    }

    /**
     * Records one end-to-end latency; call it once per iteration, from any thread.
     *
     * @param durationNs the iteration's latency in nanoseconds, normally {@code System.nanoTime() - startTimeNS}
     */
    public void sample(long durationNs) {
        harness.sample(durationNs);
    }

    /** Same as {@link #sample(long)}. */
    @Override
    public void sampleNanos(long durationNs) {
        harness.sample(durationNs);
    }

    /**
     * Which harness thread calls this, when several share the load ({@link JLBHOptions#threads(int)}): for a task that
     * keeps state per thread. Costs a comparison per harness thread; call it in the task, not in a tight loop.
     *
     * @return the calling thread's index, 0 to {@code threads - 1} (0 with one harness thread), or -1 when it is not
     *         a harness thread (a thread of the task's own, or before {@link #start()})
     */
    public int threadIndex() {
        return harness.threadIndex();
    }

    /**
     * When the harness called the task for the calling harness thread's current iteration, by the benchmark's clock,
     * in nanoseconds: at or after the iteration's intended start (the {@code startTimeNS} {@link JLBHTask#run} is
     * given with coordinated omission accounted for). The time between the two is the harness's: no call of the task
     * ran in it, so an iteration that began late on its schedule was held up outside the task. Where the harness was
     * behind its schedule it reads its clock only every few iterations, and this may be a reading up to 16 iterations
     * old (so earlier than the call, never later). Costs a comparison per harness thread, as {@link #threadIndex()}.
     *
     * @return that time, or {@link Long#MIN_VALUE} where it is not known: on a thread that is not a harness thread,
     *         before its first iteration, or for a benchmark run as an event loop's handler
     */
    public long callTimeNanos() {
        return harness.callTimeNanos();
    }

    /**
     * The name of the probe that holds one harness thread's end-to-end samples, when several threads share the
     * load: {@code "end to end, thread 0"}, …. Those are the samples the thread recorded itself; samples recorded
     * from other threads (a reply's reader) are in the whole end to end only.
     *
     * @param threadIndex the thread's index, as {@link #threadIndex()}
     * @return the probe's name
     */
    public static String endToEndOfThread(int threadIndex) {
        return END_TO_END + ", thread " + threadIndex;
    }

    /**
     * How many of a measurement's iterations one harness thread runs when several share the load: thread <i>k</i> of
     * <i>n</i> runs iterations <i>k</i>, <i>k + n</i>, … of the run's (its share of them with Poisson arrivals too).
     *
     * @param threadIndex the thread's index, as {@link #threadIndex()}
     * @param threads     harness threads ({@link JLBHOptions#threads(int)})
     * @param iterations  the measurement's iterations, over all threads
     * @return that thread's iterations
     */
    public static long iterationsOfThread(int threadIndex, int threads, long iterations) {
        return Schedule.laneIterations(threadIndex, threads, iterations);
    }

    /**
     * Ends the benchmark early: the current run stops before its next iteration with status
     * {@link RunStatus#ABORTED}, and no further run starts. May be called from any thread, including the task.
     */
    public void abort() {
        harness.abort();
    }

    /**
     * Runs warm-up and the measured runs, prints the report, hands the results to the result consumer and calls
     * {@link JLBHTask#complete()}. Blocks until done.
     *
     * @throws IllegalStateException when called a second time, or when {@code jitterAffinity(true)} was set without
     *                               {@code net.openhft:affinity} on the classpath
     * @throws RuntimeException      what the task threw, after the report of what ran before it
     */
    public void start() {
        harness.start(this);
    }

    /**
     * Runs the benchmark as a handler of {@code eventLoop} instead of {@link #start()} (as the reference): every
     * callback and iteration runs on the event loop's thread, one iteration per call of the handler when it is due,
     * so the task shares that thread with the loop's other handlers as it would in production. Returns once the
     * warm-up is over and {@link JLBHTask#warmedUp()} has returned (as the reference), or the benchmark ended
     * before that, or {@link #abort()} was called; the measured runs go on on the event loop, and when the last
     * ends the report is printed, the result consumer called and {@link JLBHTask#complete()} called from there,
     * and the handler removes itself. Works with and without coordinated omission accounted for (the reference
     * required it).
     *
     * <p>Unlike {@code start()}, nothing supervises the event loop: an iteration that never returns blocks it, and
     * no progress is printed. Missing end-to-end samples are still waited for only up to the timeout. A task that
     * throws ends its run as aborted, and the exception is in the report and the results rather than thrown.
     *
     * @param eventLoop a started event loop (chronicle-threads', for instance), not the one of the calling thread
     * @throws IllegalStateException when this benchmark was started already, when {@code jitterAffinity(true)}
     *                               was set without {@code net.openhft:affinity} on the classpath, when more
     *                               than one harness thread was asked for ({@link JLBHOptions#threads(int)}), or a
     *                               warm-up in rounds ({@link JLBHOptions#warmUpUntil})
     */
    public void eventLoopHandler(EventLoop eventLoop) {
        eventLoop.addHandler(asEventHandler());
        awaitWarmedUp();
    }

    /** Waits until the event-loop handler has warmed up, ended, or been aborted; an interrupt aborts it. */
    void awaitWarmedUp() {
        harness.awaitWarmedUp();
    }

    /** Starts the benchmark as an event handler, for {@link #eventLoopHandler} (and for tests, which drive it). */
    EventHandler asEventHandler() {
        return harness.asEventHandler(this);
    }

    /**
     * The reference's raw results of end to end: per measured run so far, the values in nanoseconds at the
     * percentiles the reference listed for the run's sample count ({@code net.openhft.chronicle.core.util.Histogram
     * .percentilesFor}), the worst last, as the histogram {@link #createHistogram()} makes reports them; a percentile
     * the sample count does not support (see {@link Percentiles}) is {@link Double#POSITIVE_INFINITY}, the
     * reference's "not enough samples". For {@link PercentileSummary}, {@link TeamCityHelper} and
     * {@link #printPercentilesSummary}. {@link JLBHResult} has the full-resolution results.
     *
     * @return a new list, one array per run; computed on each call from the runs' histograms
     */
    public List<double[]> percentileRuns() {
        return harness.percentileRuns(this::createHistogram);
    }

    /**
     * The reference's raw results of each probe, as {@link #percentileRuns()} gives them for end to end.
     *
     * @return a new map from probe name (in the order the probes were added) to one array per measured run so far
     */
    public Map<String, List<double[]>> additionalPercentileRuns() {
        return harness.additionalPercentileRuns(this::createHistogram);
    }

    /**
     * Prints a SUMMARY table of raw percentile arrays (such as {@link #percentileRuns()}) in the report's layout,
     * with a row per percentile the reference lists for this benchmark's iterations per run, a column per array,
     * and the % Variation (see {@link PercentileSummary} on the formula).
     *
     * @param label          the table's name
     * @param percentileRuns per run, values in nanoseconds, worst last
     * @param appendable     where the table goes
     * @throws UncheckedIOException when the appendable throws
     */
    public void printPercentilesSummary(String label, List<double[]> percentileRuns, Appendable appendable) {
        try {
            appendable.append(harness.percentilesSummary(label, percentileRuns));
        } catch (IOException e) {
            throw new UncheckedIOException("could not print the summary of " + label, e);
        }
    }

    /**
     * The histogram the reference's raw results ({@link #percentileRuns()}) are computed with; override to change
     * their resolution, as with the reference. This harness records every sample in HdrHistograms of 1 ns resolution
     * ({@link JLBHResult}); each run's samples are copied into a histogram from here when raw results are asked for.
     * The default has chronicle-core's resolution of 8 fraction bits (values within 0.4%, reported as their bucket's
     * midpoint) from 1 ns up to 73 minutes (the reference's started at 100 ns).
     *
     * @return a new, empty histogram
     */
    protected Histogram createHistogram() {
        return new Histogram(42, 8);
    }
}
