package org.jlbh.samples;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHTask;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 7 — the same load, arriving evenly or at random (the seed series' lesson that latency depends on how the
 * load arrives, not only on how much of it there is).
 *
 * <p>What it teaches: a metronome is kind to the code under test. A body that takes 30 µs, called 20,000 times a
 * second, is busy 60% of the time; called exactly every 50 µs it never waits for the call before it, so every call
 * takes its 30 µs. Real requests arrive independently, bunched at times (a Poisson process); then calls queue behind
 * each other and the tail grows, though the average rate is the same. Queueing theory (M/D/1 at 60% load) puts
 * the mean wait at 0.75 times the service time and the tail far beyond it. A benchmark driven at a fixed rate never
 * shows that.
 *
 * <p>How: the same body measured twice with the harness on its own, once at a fixed rate and once with
 * {@link Arrivals#POISSON} arrivals (seeded, so every build sees the same bursts); latency is taken from each
 * call's due time either way.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample07*} (add
 * {@code -Dsurefire.failIfNoSpecifiedTests=false}); the reports are printed in the test output.
 */
class Sample07_PoissonArrivals {

    /**
     * The median run's p99 under Poisson arrivals must be at least twice that at a fixed rate, and its p50 higher.
     * Measured here (2 vCPU, JDK 17, two builds): p50 30.1 µs at a fixed rate against 42.0–42.1 µs with Poisson
     * arrivals, p99 39.8–42.1 µs against 176.6–177.3 µs, 4.2 to 4.5 times. The fixed rate's p99 is the service time
     * plus this machine's noise; twice it leaves room for that noise and still fails if the arrivals made no queue.
     */
    @Test
    void randomArrivalsQueueWhereAMetronomeDoesNot() {
        JLBHResult fixed = Benchmarks.run(options(Arrivals.FIXED_RATE), new Service());
        JLBHResult poisson = Benchmarks.run(options(Arrivals.POISSON), new Service());

        for (double percentile : new double[]{50, 99}) {
            double fixedNanos = Benchmarks.medianRun(fixed.endToEnd(), percentile);
            double poissonNanos = Benchmarks.medianRun(poisson.endToEnd(), percentile);
            System.out.printf("30 us service at 20,000/s, p%.0f: %.1f us at a fixed rate, %.1f us with Poisson "
                    + "arrivals (x%.2f)%n", percentile, fixedNanos / 1e3, poissonNanos / 1e3, poissonNanos / fixedNanos);
        }
        assertThat(Benchmarks.medianRun(poisson.endToEnd(), 99)).as("p99 Poisson / fixed rate")
                .isGreaterThanOrEqualTo(2 * Benchmarks.medianRun(fixed.endToEnd(), 99));
        assertThat(Benchmarks.medianRun(poisson.endToEnd(), 50)).as("p50 Poisson / fixed rate")
                .isGreaterThan(Benchmarks.medianRun(fixed.endToEnd(), 50));
    }

    private static JLBHOptions options(Arrivals arrivals) {
        return new JLBHOptions().throughput(20_000).warmUpIterations(20_000).iterations(20_000).runs(3)
                .arrivals(arrivals).arrivalSeed(2026);
    }

    /** 30 µs of work per call. */
    private static final class Service implements JLBHTask {
        private JLBH jlbh;

        @Override
        public void init(JLBH jlbh) {
            this.jlbh = jlbh;
        }

        @Override
        public void run(long startTimeNS) {
            Benchmarks.busyWaitMicros(30);
            jlbh.sample(System.nanoTime() - startTimeNS);
        }
    }
}
