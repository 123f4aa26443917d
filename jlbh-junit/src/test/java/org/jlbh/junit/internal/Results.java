package org.jlbh.junit.internal;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.core.NanoClock;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Results with chosen samples, for deterministic tests of the judging and reporting logic: a real harness on a clock
 * that jumps to each due time, driving a task that samples the chosen values instead of timed ones. A run is made
 * of {@code (count, nanoseconds)} pairs; every run of a result has the same number of samples.
 */
public final class Results {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private Results() {
    }

    /**
     * @param countsAndNanos pairs: how many samples of how many nanoseconds
     * @return one run's samples, in order
     */
    public static long[] run(long... countsAndNanos) {
        List<Long> samples = new ArrayList<>();
        for (int i = 0; i < countsAndNanos.length; i += 2) {
            for (long n = 0; n < countsAndNanos[i]; n++) {
                samples.add(countsAndNanos[i + 1]);
            }
        }
        return samples.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * @param throughput target throughput, per second
     * @param runs       each run's end-to-end samples, all runs of the same length
     * @return the harness's result of those runs, coordinated omission on, no OS jitter
     */
    public static JLBHResult result(int throughput, long[]... runs) {
        return measure(new JLBHOptions().throughput(throughput).iterations(runs[0].length).runs(runs.length),
                new ChosenSamples(runs));
    }

    /**
     * @param throughput target throughput, per second
     * @return a result with no measured run: the warm-up was aborted
     */
    public static JLBHResult noRun(int throughput) {
        return measure(new JLBHOptions().throughput(throughput).warmUpIterations(10), new JLBHTask() {
            private JLBH jlbh;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
            }

            @Override
            public void run(long startTimeNS) {
                jlbh.abort();
            }
        });
    }

    private static JLBHResult measure(JLBHOptions options, JLBHTask task) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        NanoClock clock = new NanoClock() {
            private volatile long now = 1_000_000_000L;

            @Override
            public long nanoTime() {
                return now;
            }

            @Override
            public long awaitUntil(long deadlineNs) {
                if (now < deadlineNs) {
                    now = deadlineNs;
                }
                return now;
            }
        };
        new JLBH(options.clock(clock).recordOSJitter(false).progressIntervalMS(0).jlbhTask(task), QUIET, results)
                .start();
        return results.get();
    }

    /** Samples run {@code r}'s {@code i}-th chosen value at its {@code i}-th iteration; warm-up samples zeros. */
    private static final class ChosenSamples implements JLBHTask {
        private final long[][] runs;
        private JLBH jlbh;
        private int run = -1;
        private int iteration;

        ChosenSamples(long[][] runs) {
            this.runs = runs;
        }

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            jlbh.sample(run < 0 ? 0 : runs[run][iteration++]);
        }

        @Override
        public void warmedUp() {
            run = 0;
        }

        @Override
        public void runComplete() {
            run++;
            iteration = 0;
        }
    }
}
