package org.jlbh.samples;

import org.jlbh.core.Arrivals;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.AfterAll;

import java.util.concurrent.atomic.AtomicLongArray;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 10 — a latency test whose body two paced harness threads call at once ({@code threads = 2}).
 *
 * <p>What it teaches: the JUnit way to put a shared structure under concurrent load, with a budget. Sample 9 does the
 * same with jlbh-core's {@code JLBHOptions.threads(2)}; here it is one annotation attribute. A book guarded by one
 * lock, each update holding it for 20 µs, gets 20,000 updates a second from two harness threads at 10,000/s each,
 * arriving independently (Poisson), as two clients would. {@link IterationContext#threadIndex()} tells the body which
 * thread calls it (here, which client's orders it updates), and {@link IterationContext#startTimeNanos()} is that
 * thread's own iteration's start. The report gives end to end merged and per thread ({@code end to end, thread 0},
 * {@code end to end, thread 1}) and says {@code 20,000/s Poisson (seed 2026) arrivals from 2 harness threads}.
 *
 * <p>What it shows (a quiet 2-core machine, JDK 17): p50 27–36 µs (the hold, plus a wait behind the other thread's
 * hold now and then), p99 1.1–3.3 ms, about 15% of calls contended. The tail is the machine's as much as the lock's:
 * both harness threads spin until their next call is due, so the two take both CPUs, and the harness's own lateness
 * reaches p99 ~1 ms. With two harness threads the scheduler's evidence is not used (it is gathered for one thread),
 * so a breach of a tail budget here could not be put down to the platform: budget the tail of concurrent load on a
 * machine with a CPU per harness thread and one to spare.
 *
 * <p>What is asserted, and why it holds on a shared machine: the budget, p50 within 1 ms, is some 30 times what the
 * median call takes; a lock held for milliseconds (an I/O under it, say) would break it in every run, the machine's
 * stalls break it in a run now and then. Beside one busy-loop process (three spinning threads on two CPUs, so a harness
 * thread is off its CPU for milliseconds at a time) the first attempt's runs read p50 over 1 ms in 1 or 2 of 3 in 4 of
 * 4 builds (2026-12-02): the runs disagreed, the test was measured again as the sequential rule says, and met its
 * budget in the second attempt (3 builds) or the third (1). After the test,
 * over every attempt (each a warm-up and its runs): each thread made half the calls, on two different threads; no
 * update was lost (the lock works); and some calls found the lock taken, which only calls that really overlap can make
 * (at least 1%: Sample 9 measures about 15% quiet and about 4% under load for this load).
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample10*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}); the report is printed in the test output.
 */
class Sample10_ALatencyTestFromTwoThreads {
    private static final int WARM_UP = 5_000;
    private static final int ITERATIONS = 10_000;
    private static final int RUNS = 3;
    private static final long CALLS = WARM_UP + (long) ITERATIONS * RUNS;

    private static final LockedBook book = new LockedBook();
    /** Per client (harness thread): the updates it made. */
    private static final AtomicLongArray updates = new AtomicLongArray(2);
    private static final Thread[] callers = new Thread[2];

    @LatencyTest(throughput = 20_000, threads = 2, arrivals = Arrivals.POISSON, arrivalSeed = 2026,
            warmUpIterations = WARM_UP, iterations = ITERATIONS, runs = RUNS, percentile = 50, maxMicros = 1_000)
    void update(IterationContext context) {
        int client = context.threadIndex();
        callers[client] = Thread.currentThread();
        book.update();
        updates.incrementAndGet(client);
        context.sampleEndToEnd(System.nanoTime() - context.startTimeNanos());
    }

    @AfterAll
    static void eachThreadMadeHalfTheCallsAndTheyOverlapped() {
        // runs that disagree are measured again, up to 3 more attempts (jlbh.remeasure.undecided), each its own warm-up
        // and runs: the calls are a whole number of attempts' worth
        long attempts = book.updates() / CALLS;
        System.out.printf("20 us under one lock at 20,000/s from two harness threads: %.1f%% of calls found the lock "
                + "taken (%d attempt%s)%n", 100.0 * book.contended() / book.updates(), attempts,
                attempts == 1 ? "" : "s");
        assertThat(attempts).as("attempts, each of %,d calls", CALLS).isBetween(1L, 4L);
        assertThat(book.updates()).as("updates, none lost").isEqualTo(attempts * CALLS);
        assertThat(updates.get(0)).as("updates by harness thread 0").isEqualTo(attempts * CALLS / 2);
        assertThat(updates.get(1)).as("updates by harness thread 1").isEqualTo(attempts * CALLS / 2);
        assertThat(callers[0]).as("the two harness threads").isNotSameAs(callers[1]);
        assertThat(book.contended()).as("calls that found the lock taken")
                .isGreaterThanOrEqualTo(book.updates() / 100);
    }
}
