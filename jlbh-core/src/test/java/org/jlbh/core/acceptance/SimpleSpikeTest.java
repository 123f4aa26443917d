package org.jlbh.core.acceptance;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.RunStatus;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The seed post's coordinated-omission demonstration, on the real clock: runs of 1,100,000 iterations at 100,000/s
 * with a 1 ms stall every 10,000th call, OS jitter recorded. The post measures three runs at a time; each band here
 * is judged run by run, so the tests measure one at a time (11 s each), and only as many as they need.
 *
 * <p>Analytically, each stall delays the next 100 iterations by 1,000, 990, … 10 µs, so with coordinated omission
 * accounted for 1 iteration in 100 is affected: p99.9 ≈ 900 µs and p99.99 ≈ 990–1,000 µs. Without it only the
 * stalled iteration itself shows (1 in 10,000), so p99.9 is the machine's ordinary noise. The bands are the
 * issue's: a harness that re-anchored its schedule (hiding the stall) or lost the queued iterations fails them.
 *
 * <p>Platform stalls only ever add latency, so the lower ends of the bands (a harness that hid the stall or lost the
 * queued iterations falls below them) are checked in every run. The upper ends catch a harness that adds latency of
 * its own, which it would add to every run; the platform adds to some runs only: this machine takes the CPU away
 * from a spinning process for 2–4 ms a couple of times a minute when quiet (a C program that only spins on
 * {@code clock_gettime}, with no JVM running, saw gaps of 4.0 and 2.2 ms in 70 s), and for 7–150 ms in most 11 s
 * runs when its host is busy (15% steal time seen in /proc/stat). With coordinated omission accounted for, such a
 * stall truly delays hundreds of queued iterations, and p99.99 (the 110th-worst of 1.1M) leaves the band; the harness
 * is right to report it; several shorter stalls do the same (one run here: five of about 1.4 ms put p99.99 at
 * 1,137 µs). So the upper ends are judged on the best run: measuring goes on (up to nine runs, one at a time)
 * until one run is within both upper ends. If none is, and every run shows the platform's hand (the harness started
 * an iteration more than {@link #TASK_STALL_US} + 10% late, which the task's own stall does not explain), the upper
 * ends cannot be judged and the test is aborted (reported as skipped) with the figures, never passed; otherwise it
 * fails.
 */
class SimpleSpikeTest {
    /** The task's own stall: no iteration can be later than this, unless the platform held the harness up. */
    private static final double TASK_STALL_US = 1_000;
    private static final int MAX_ATTEMPTS = 9;

    @Test
    void withCoordinatedOmissionAccountedForTheStallShowsInOneIterationInAHundred() {
        List<String> outOfBand = new ArrayList<>();
        boolean platformInEveryRun = true;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            JLBHResult result = run(true);
            for (int i = 0; i < result.runs().size(); i++) {
                JLBHResult.RunResult run = result.endToEnd().eachRunSummary().get(i);
                double p999 = run.get999thPercentile().toNanos() / 1e3;
                double p9999 = run.get9999thPercentile().toNanos() / 1e3;
                // the lower ends hold whatever the platform did: its stalls only add latency
                assertThat(p999).as("p99.9 of attempt %d, run %d, us", attempt, run.run())
                        .isGreaterThanOrEqualTo(850.0);
                assertThat(p9999).as("p99.99 of attempt %d, run %d, us", attempt, run.run())
                        .isGreaterThanOrEqualTo(950.0);
                if (p999 <= 1_000.0 && p9999 <= 1_100.0) {
                    return; // a run within every band: the harness adds nothing of its own
                }
                double latenessUs = result.runs().get(i).harnessLateness().max().toNanos() / 1e3;
                platformInEveryRun &= latenessUs > TASK_STALL_US * 1.1;
                outOfBand.add(String.format(Locale.ROOT, "attempt %d, run %d: p99.9 %,.1f us, p99.99 %,.1f us, "
                        + "harness at worst %,.0f us late", attempt, i + 1, p999, p9999, latenessUs));
            }
        }
        String runs = String.join("; ", outOfBand);
        assumeTrue(!platformInEveryRun, () -> "the platform held the harness up in every run (" + runs
                + "): the upper ends of the bands (p99.9 <= 1,000 us, p99.99 <= 1,100 us) could not be judged");
        throw new AssertionError("no run had p99.9 <= 1,000 us and p99.99 <= 1,100 us, though the platform left some "
                + "alone: " + runs);
    }

    /**
     * p99.9 is robust to the platform's stalls: more than 1,100 iterations per run would have to be slower than
     * 50 µs, which takes an 11 ms stall or a harness that adds noise of its own. One run: each run is held to the
     * same bound, and a harness that adds noise of its own adds it to every run.
     */
    @Test
    void withoutItTheStallShowsOnlyInTheStalledIteration() {
        JLBHResult result = run(false);

        for (JLBHResult.RunResult run : result.endToEnd().eachRunSummary()) {
            assertThat(run.get999thPercentile().toNanos() / 1e3).as("p99.9 of run %d, us", run.run())
                    .isLessThan(50.0);
            // the stalled iterations themselves are still there: 110 per run, each at least 1 ms
            assertThat(run.histogram().getCountBetweenValues(1_000_000, Long.MAX_VALUE / 2))
                    .as("iterations of at least 1 ms in run %d", run.run()).isGreaterThanOrEqualTo(110);
        }
    }

    private static JLBHResult run(boolean accountForCO) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(SimpleSpikeJLBHTask.options(accountForCO).runs(1), System.out, results).start();
        JLBHResult result = results.get();
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.endToEnd().eachRunSummary()).hasSize(1)
                .allSatisfy(run -> assertThat(run.count()).isEqualTo(1_100_000));
        assertThat(result.osJitter()).isPresent();
        return result;
    }
}
