package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;
import org.jlbh.core.internal.AffinitySupport;
import org.jlbh.core.internal.Schedule;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The steps of one benchmark's life that both drivers take, {@link ThreadDriver} on a thread of its own or the
 * calling thread and {@link EventLoopDriver} on an event loop: claim the start, adopt the thread that runs the task,
 * begin and close each run's measurement, print a run and call {@code runComplete()}, report, and call
 * {@code complete()}. Keeps what the supervisor watches (the run under way, whether the task is done) and the first
 * failure, which {@link Harness#start} rethrows for {@link JLBH#start()}.
 *
 * <p>Thread-safety: the steps are taken by the thread that runs the task, except that the thread that called
 * {@code start()} or {@code eventLoopHandler()} claims the start, and the one that called {@code start()} adopts the
 * thread that runs the task and, after taking a stuck run over, reports in its place. The run under way, whether the
 * task is done and the failure are volatile; the previous run's end on its schedule is read and written by the thread
 * that runs the task only.
 */
final class Lifecycle {
    private final Settings settings;
    private final PrintStream out;
    private final Consumer<JLBHResult> resultConsumer;
    private final Abort abort;
    private final Recorders recorders;
    private final ReportPrinter printer;
    private final RunRecords records;

    private final AtomicBoolean started = new AtomicBoolean();
    private long previousSlotEnd = Long.MIN_VALUE; // thread running the task only
    private volatile boolean taskDone;
    private volatile int phase = -1;
    private volatile Throwable failure;

    Lifecycle(Settings settings, PrintStream out, Consumer<JLBHResult> resultConsumer, Abort abort, Recorders recorders,
              ReportPrinter printer, RunRecords records) {
        this.settings = settings;
        this.out = out;
        this.resultConsumer = resultConsumer;
        this.abort = abort;
        this.recorders = recorders;
        this.printer = printer;
        this.records = records;
    }

    /** @return the run being measured (0 = warm-up), or -1 before the first and once the task is done */
    int phase() {
        return phase;
    }

    /** @return whether the thread that runs the task has finished: reported, or left the task to the supervisor */
    boolean taskDone() {
        return taskDone;
    }

    /** The last step, whatever happened: no run is under way, and the task is done. */
    void ended() {
        phase = -1;
        taskDone = true;
    }

    /** @throws IllegalStateException when the benchmark was started already, or affinity is asked for but missing */
    void claimStart() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("JLBH.start() or eventLoopHandler() may be called once per JLBH instance");
        }
        if (settings.jitterAffinity) {
            AffinitySupport.requireAvailable("JLBHOptions.jitterAffinity(true)");
            out.println("Jitter thread running with affinity.");
        }
    }

    /** Makes {@code thread} the one that runs the task and owns the recorders' fast path. */
    void adopt(Thread thread, boolean mayInterrupt) {
        recorders.owner(thread);
        abort.runner(thread, mayInterrupt);
    }

    /** Starts recording run {@code run}; returns its iteration 0's due time. */
    long beginMeasurement(int run) {
        recorders.beginRun();
        phase = run;
        long t0 = settings.clock.nanoTime();
        // a run continues the previous one's rate: its first iteration is due no sooner than one interval after the
        // previous run's last, so there is never a burst of two iterations between runs
        return previousSlotEnd != Long.MIN_VALUE && previousSlotEnd - t0 > 0 ? previousSlotEnd : t0;
    }

    /**
     * Ends the measurement of a run. Its run time reaches from iteration 0's due time to {@code slotEnd}, the end of
     * its last iteration's interval on the schedule ({@code t0 + done × interval}; of the last of any harness
     * thread's, when several share the load), or to the last return or sample if that was later: a run that kept its
     * schedule exactly took its target time.
     */
    RunRecord closeMeasurement(int run, long planned, long done, long t0, long end, long slotEnd,
                               Schedule runSchedule, String thrown) {
        previousSlotEnd = slotEnd;
        return records.close(run, planned, done, t0, Math.max(end, slotEnd), runSchedule, thrown);
    }

    /** Keeps {@code t} as the failure; returns why the run ended, saying at which iteration the task threw. */
    String thrown(Throwable t, long done, long planned) {
        failure(t);
        return String.format(Locale.ROOT, "the task threw %s at iteration %,d of %,d", t.getClass().getName(), done + 1,
                planned);
    }

    /** Prints a run's block and calls runComplete(); returns whether further runs may follow. */
    boolean runComplete(RunRecord record) {
        printer.printRunBlock(record);
        settings.task.runComplete();
        return record.summary.status() != RunStatus.ABORTED;
    }

    /** Prints the summaries and hands the results over; a consumer that throws is rethrown by start(). */
    void report() {
        JLBHResult result = records.result();
        printer.printSummaries(result, abort.reason());
        out.flush();
        if (resultConsumer != null) {
            try {
                resultConsumer.accept(result);
            } catch (Throwable t) {
                failure(t);
            }
        }
    }

    /** Calls the task's {@code complete()}, keeping what it throws as the failure. */
    void complete() {
        try {
            settings.task.complete();
        } catch (Throwable t) {
            failure(t);
        }
    }

    /** Keeps {@code t} as the failure, unless there is one already (another harness thread's). */
    synchronized void failure(Throwable t) {
        if (failure == null) {
            failure = t;
        }
    }

    /** Throws the failure kept, if there is one, as it was or wrapped when it is a checked exception. */
    void rethrowFailure() {
        Throwable t = failure;
        if (t == null) {
            return;
        }
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new IllegalStateException("the JLBH task threw " + t, t);
    }
}
