package org.jlbh.core.internal.engine;

import net.openhft.chronicle.core.threads.EventHandler;
import net.openhft.chronicle.core.util.Histogram;
import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.internal.PacedLanes;
import org.jlbh.core.internal.PacedLoop;
import org.jlbh.core.internal.ReferencePercentiles;
import org.jlbh.core.internal.SummaryTable;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The one door into the engine: a {@link JLBH} holds one Harness, made from its {@link Settings} when it is
 * constructed, and does through it everything that records, runs and reports the benchmark. Makes the engine's parts
 * and wires them together: the paced loops, {@link Abort}, {@link Recorders}, {@link ReportPrinter},
 * {@link RunRecords} and {@link Lifecycle}; {@link ThreadDriver} ({@link #start}) or {@link EventLoopDriver}
 * ({@link #asEventHandler}) is made when the benchmark starts.
 *
 * <p>Thread-safety: as {@link JLBH}'s methods that call it. {@link #sample}, {@link #addProbe} samplers and
 * {@link #abort()} may be used from any thread; {@code start} or {@code asEventHandler} may be called once.
 */
public final class Harness {
    private final Settings settings;
    private final PrintStream out;
    private final PacedLoop loop;
    private final PacedLanes lanes;
    private final Abort abort;
    private final Recorders recorders;
    private final ReportPrinter printer;
    private final RunRecords records;
    private final Lifecycle lifecycle;
    /** Counted down by the event-loop driver once the warm-up is over or the benchmark ended. */
    private final CountDownLatch warmedUpOrOver = new CountDownLatch(1);

    /**
     * @param settings       the benchmark's settings
     * @param out            where the report goes
     * @param resultConsumer receives the results before {@code JLBHTask.complete()} is called; may be null
     */
    public Harness(Settings settings, PrintStream out, Consumer<JLBHResult> resultConsumer) {
        this.settings = settings;
        this.out = out;
        this.loop = new PacedLoop(settings.clock, settings.task);
        this.lanes = new PacedLanes(loop, settings.threads);
        this.abort = new Abort(lanes, settings.runOnCallingThread);
        this.recorders = new Recorders(settings);
        this.printer = new ReportPrinter(out, settings, recorders.osJitter);
        this.records = new RunRecords(settings, recorders, lanes, abort, printer);
        this.lifecycle = new Lifecycle(settings, out, resultConsumer, abort, recorders, printer, records);
    }

    /**
     * Adds a probe, or returns the one of that name added already, for {@link JLBH#addProbe}.
     *
     * @param name the probe's name
     * @return its sampler, in nanoseconds
     */
    public NanoSampler addProbe(String name) {
        return recorders.addProbe(name, abort::runner);
    }

    /**
     * Records one end-to-end latency, for {@link JLBH#sample}; from any thread.
     *
     * @param durationNs the latency in nanoseconds
     */
    public void sample(long durationNs) {
        recorders.endToEnd.sampleNanos(durationNs);
    }

    /** @return the calling thread's index among the harness threads, or -1, for {@link JLBH#threadIndex()} */
    public int threadIndex() {
        return recorders.endToEnd.ownerIndex(Thread.currentThread());
    }

    /**
     * @return when the calling harness thread's loop called the task for its current iteration, for
     *         {@link JLBH#callTimeNanos()}; {@link Long#MIN_VALUE} where that is not known
     */
    public long callTimeNanos() {
        int lane = threadIndex();
        PacedLoop laneLoop = lane < 0 || lane >= lanes.count() ? null : lanes.loop(lane);
        return laneLoop == null ? Long.MIN_VALUE : laneLoop.calledAtNanos();
    }

    /** Ends the benchmark early, for {@link JLBH#abort()}; from any thread. */
    public void abort() {
        abort.abort("abort() was called");
    }

    /**
     * Runs the benchmark for {@link JLBH#start()}, on a {@code jlbh-harness} thread supervised from this one or on
     * this thread (as the settings say); blocks until done.
     *
     * @param jlbh the benchmark, which the task's {@code init} is given
     * @throws IllegalStateException when called a second time, or affinity is asked for but missing
     * @throws RuntimeException      what the task threw, after the report of what ran before it
     */
    public void start(JLBH jlbh) {
        claimStart();
        try {
            ThreadDriver driver = new ThreadDriver(jlbh, settings, out, lanes, abort, recorders, printer, records,
                    lifecycle);
            if (settings.runOnCallingThread) {
                driver.runOnCallingThread();
            } else {
                driver.runOnHarnessThread();
            }
        } finally {
            if (recorders.osJitter != null) {
                recorders.osJitter.stop();
            }
        }
        lifecycle.rethrowFailure();
    }

    /**
     * Starts the benchmark as an event handler, for {@link JLBH#eventLoopHandler}.
     *
     * @param jlbh the benchmark, which the task's {@code init} is given
     * @return the handler, which runs the benchmark one step per call and removes itself once it is over
     * @throws IllegalStateException when the benchmark was started already, affinity is asked for but missing, or
     *                               more than one harness thread was asked for
     */
    public EventHandler asEventHandler(JLBH jlbh) {
        if (settings.threads > 1) {
            throw new IllegalStateException("JLBHOptions.threads(" + settings.threads + ") needs start(): an event "
                    + "loop is one thread, so eventLoopHandler() cannot share the load between threads");
        }
        if (settings.warmedUpWhen != null) {
            throw new IllegalStateException("JLBHOptions.warmUpUntil(...) needs start(): an event loop's handler "
                    + "warms up once, for warmUpIterations");
        }
        claimStart();
        return new EventLoopDriver(jlbh, settings, loop, recorders, printer, records, lifecycle, warmedUpOrOver);
    }

    private void claimStart() {
        lifecycle.claimStart();
        if (recorders.osJitter != null) {
            recorders.osJitter.start();
        }
    }

    /** Waits until the event-loop handler has warmed up, ended, or been aborted; an interrupt aborts it. */
    public void awaitWarmedUp() {
        try {
            while (!warmedUpOrOver.await(Supervisor.SUPERVISION_POLL_MS, TimeUnit.MILLISECONDS)) {
                if (loop.abortRequested()) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            abort.abort("the thread that called eventLoopHandler() was interrupted");
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The reference's raw results of end to end, for {@link JLBH#percentileRuns()}.
     *
     * @param histograms makes the histogram each run's samples are copied into
     * @return a new list, one array per measured run so far
     */
    public List<double[]> percentileRuns(Supplier<Histogram> histograms) {
        List<double[]> raw = new ArrayList<>();
        for (RunRecord record : records.soFar()) {
            raw.add(ReferencePercentiles.rawPercentiles(histograms.get(), record.endToEnd));
        }
        return raw;
    }

    /**
     * The reference's raw results of each probe, for {@link JLBH#additionalPercentileRuns()}.
     *
     * @param histograms makes the histogram each run's samples are copied into
     * @return a new map from probe name (in the order the probes were added) to one array per measured run so far
     */
    public Map<String, List<double[]>> additionalPercentileRuns(Supplier<Histogram> histograms) {
        Map<String, List<double[]>> raw = new LinkedHashMap<>();
        for (RunRecord record : records.soFar()) {
            record.probes.forEach((name, result) -> raw.computeIfAbsent(name, n -> new ArrayList<>())
                    .add(ReferencePercentiles.rawPercentiles(histograms.get(), result)));
        }
        return raw;
    }

    /**
     * A SUMMARY table of raw percentile arrays, for {@link JLBH#printPercentilesSummary}: a row per percentile the
     * reference lists for the iterations per run, leaving out the first run when the settings say so.
     *
     * @param label          the table's name
     * @param percentileRuns per run, values in nanoseconds, worst last
     * @return the table's text
     */
    public String percentilesSummary(String label, List<double[]> percentileRuns) {
        return SummaryTable.rawSummary(label, percentileRuns, Histogram.percentilesFor(settings.iterations),
                settings.skipFirstRun);
    }
}
