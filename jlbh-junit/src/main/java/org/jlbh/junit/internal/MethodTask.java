package org.jlbh.junit.internal;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHTask;
import org.jlbh.junit.IterationContext;

import java.util.Locale;

/**
 * Runs a test method as a {@link JLBHTask}: one call per iteration, sampling end to end when it returns (unless
 * the method samples itself through its {@link IterationContext}). A throwable from the method ends the benchmark
 * and is kept, with where it happened, to fail the test with. Used on the harness thread; {@link #failure()} and
 * {@link #failedWhere()} are read after {@link JLBH#start()} returns.
 */
public final class MethodTask implements JLBHTask, IterationContext {
    private final boolean samplesOnReturn;
    private final int warmUpIterations;
    private final long iterations;
    private final int runs;
    private Body body;
    private JLBH jlbh;
    private long startTimeNanos;
    private int run;
    private long iteration;
    private Throwable failure;
    private String failedWhere;

    /**
     * @param samplesOnReturn  whether this task samples end to end when the method returns
     * @param warmUpIterations warm-up iterations, for messages
     * @param iterations       iterations per run, for messages
     * @param runs             runs, for messages
     */
    public MethodTask(boolean samplesOnReturn, int warmUpIterations, long iterations, int runs) {
        this.samplesOnReturn = samplesOnReturn;
        this.warmUpIterations = warmUpIterations;
        this.iterations = iterations;
        this.runs = runs;
    }

    /** @param body the test method to call; set before the benchmark starts */
    public void body(Body body) {
        this.body = body;
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
        this.run = warmUpIterations > 0 ? 0 : 1;
    }

    @Override
    public void run(long startTimeNS) {
        startTimeNanos = startTimeNS;
        try {
            body.run();
        } catch (Throwable t) {
            if (failure == null) {
                failure = t;
                failedWhere = run == 0
                        ? String.format(Locale.ROOT, "warm-up iteration %,d of %,d", iteration + 1, warmUpIterations)
                        : String.format(Locale.ROOT, "run %d of %d, iteration %,d of %,d", run, runs, iteration + 1, iterations);
                jlbh.abort();
            }
            return;
        }
        if (samplesOnReturn) {
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
        iteration++;
    }

    @Override
    public void warmedUp() {
        run = 1;
        iteration = 0;
    }

    @Override
    public void runComplete() {
        run++;
        iteration = 0;
    }

    @Override
    public long startTimeNanos() {
        return startTimeNanos;
    }

    @Override
    public void sampleEndToEnd(long latencyNanos) {
        jlbh.sample(latencyNanos);
    }

    /** @return what the test method threw, or null */
    public Throwable failure() {
        return failure;
    }

    /** @return where it threw, e.g. "run 2 of 3, iteration 1,235 of 10,000" */
    public String failedWhere() {
        return failedWhere;
    }
}
