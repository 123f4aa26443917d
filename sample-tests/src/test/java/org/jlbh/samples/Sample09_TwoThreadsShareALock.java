package org.jlbh.samples;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHTask;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 9 — a structure two threads share, loaded by two paced threads at once ({@code JLBHOptions.threads(2)}).
 *
 * <p>What it teaches: contention only shows when calls really overlap. A book guarded by one lock, each update holding
 * it for 20 µs, gets 20,000 updates a second. From one harness thread the calls come one after another and no call
 * ever finds the lock taken. From two harness threads at 10,000/s each (the same total, arriving independently, as
 * two clients would: Poisson arrivals), a call finds the lock held by the other thread's update about a fifth of the
 * time (the other thread holds it 20% of the time), waits for it, and that wait is in its end-to-end latency, which
 * the report gives per thread ({@code end to end, thread 0} and {@code thread 1}) and merged: here p99 goes from
 * about 75 µs on one thread to 0.3–1 ms on two, for the same load.
 *
 * <p>How: the same task, thread-safe, run with one harness thread and with two; it counts the calls that found the
 * lock taken ({@link LockedBook}) and checks that no update was lost.
 *
 * <p>What is asserted, and why it holds on a shared machine: with one thread no call is contended (nothing else
 * takes the lock: exact, whatever the machine does); with two, at least 1% of calls are, which only calls that
 * really overlap can make (on a 2-core machine, JDK 17: 14.0–15.4% quiet, where end-to-end p99 is 73–81 µs on one
 * thread and 0.27–1.04 ms on two; 3.6–4.6% beside a busy process or other builds, when the two harness threads seldom
 * hold a CPU each at once); every update is counted once (the lock works); and no call is faster than its 20 µs hold
 * (a lower bound, which noise cannot break).
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample09*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}); the reports are printed in the test output.
 */
class Sample09_TwoThreadsShareALock {
    private static final int WARM_UP = 5_000;
    private static final int ITERATIONS = 10_000;
    private static final int RUNS = 3;

    @Test
    void aSharedLockMakesCallsWaitOnlyWhenTwoThreadsCall() {
        Book alone = new Book();
        JLBHResult oneThread = Benchmarks.run(options(1), alone);
        Book shared = new Book();
        JLBHResult twoThreads = Benchmarks.run(options(2), shared);

        long calls = WARM_UP + (long) ITERATIONS * RUNS;
        System.out.printf("20 us under one lock at 20,000/s: contended %.1f%% of calls on one thread, %.1f%% on two; "
                        + "end-to-end p99 %.1f us on one thread, %.1f us on two (thread 0 %.1f us, thread 1 %.1f us)%n",
                100.0 * alone.book.contended() / calls, 100.0 * shared.book.contended() / calls,
                Benchmarks.medianRun(oneThread.endToEnd(), 99) / 1e3,
                Benchmarks.medianRun(twoThreads.endToEnd(), 99) / 1e3,
                Benchmarks.medianRun(twoThreads.probe(JLBH.endToEndOfThread(0)).orElseThrow(), 99) / 1e3,
                Benchmarks.medianRun(twoThreads.probe(JLBH.endToEndOfThread(1)).orElseThrow(), 99) / 1e3);

        assertThat(alone.book.updates()).as("updates on one thread").isEqualTo(calls);
        assertThat(shared.book.updates()).as("updates on two threads, none lost").isEqualTo(calls);
        assertThat(alone.book.contended()).as("calls that found the lock taken, one thread").isZero();
        assertThat(shared.book.contended()).as("calls that found the lock taken, two threads")
                .isGreaterThanOrEqualTo(calls / 100);
        for (String probe : new String[]{JLBH.endToEndOfThread(0), JLBH.endToEndOfThread(1)}) {
            JLBHResult.ProbeResult thread = twoThreads.probe(probe).orElseThrow();
            assertThat(thread.eachRunSummary()).as(probe).allSatisfy(run -> {
                assertThat(run.count()).isEqualTo(ITERATIONS / 2);
                assertThat(run.histogram().getMinValue()).isGreaterThanOrEqualTo(20_000);
            });
        }
    }

    private static JLBHOptions options(int threads) {
        return new JLBHOptions().throughput(20_000).threads(threads).warmUpIterations(WARM_UP).iterations(ITERATIONS)
                .runs(RUNS).arrivals(Arrivals.POISSON).arrivalSeed(2026);
    }

    /** Updates a {@link LockedBook} per iteration. Thread-safe. */
    private static final class Book implements JLBHTask {
        private final LockedBook book = new LockedBook();
        private JLBH jlbh;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            book.update();
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}
