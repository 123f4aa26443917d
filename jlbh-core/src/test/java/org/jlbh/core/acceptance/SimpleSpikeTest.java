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
 * The seed post's coordinated-omission demonstration, on the real clock: 1,100,000 iterations at 100,000/s with a
 * 1 ms stall every 10,000th call, three runs, OS jitter recorded.
 *
 * <p>Analytically, each stall delays the next 100 iterations by 1,000, 990, … 10 µs, so with coordinated omission
 * accounted for 1 iteration in 100 is affected: p99.9 ≈ 900 µs and p99.99 ≈ 990–1,000 µs. Without it only the
 * stalled iteration itself shows (1 in 10,000), so p99.9 is the machine's ordinary noise. The bands are the
 * issue's: a harness that re-anchored its schedule (hiding the stall) or lost the queued iterations fails them.
 *
 * <p>Platform stalls only ever add latency, so the lower ends of the bands (a harness that hid the stall or lost the
 * queued iterations falls below them) are checked in every run. The upper ends are checked only in runs the platform
 * left alone: this machine takes the CPU away from a spinning process for 2–4 ms a couple of times a minute when
 * quiet (a C program that only spins on {@code clock_gettime}, with no JVM running, saw gaps of 4.0 and 2.2 ms in
 * 70 s), and for 7–150 ms in most 11 s runs when its host is busy (15% steal time seen in /proc/stat). With
 * coordinated omission accounted for, such a stall truly delays hundreds of queued iterations, and p99.99 (the
 * 110th-worst of 1.1M) leaves the band; the harness is right to report it. The harness measures its own lateness,
 * so a run in which it was held up by more than {@link #PLATFORM_STALL_US} beyond the task's own 1 ms stall is
 * set aside for the upper ends, and measuring goes on (up to three attempts) until three runs are undisturbed. Every
 * undisturbed run must be within the band; if the platform disturbed every run of every attempt, the upper ends
 * cannot be judged and the test is aborted (reported as skipped) with the lateness figures, never passed.
 */
class SimpleSpikeTest {
    /** The task's stall (1,000 µs) plus 500 µs: harness lateness beyond this means the platform held the harness. */
    private static final double PLATFORM_STALL_US = 1_500;
    private static final int RUNS_NEEDED = 3;
    private static final int MAX_ATTEMPTS = 3;

    @Test
    void withCoordinatedOmissionAccountedForTheStallShowsInOneIterationInAHundred() {
        List<JLBHResult.RunResult> undisturbed = new ArrayList<>();
        List<String> setAside = new ArrayList<>();
        for (int attempt = 1; attempt <= MAX_ATTEMPTS && undisturbed.size() < RUNS_NEEDED; attempt++) {
            JLBHResult result = run(true);
            for (int i = 0; i < result.runs().size(); i++) {
                JLBHResult.RunResult run = result.endToEnd().eachRunSummary().get(i);
                // the lower ends hold whatever the platform did: its stalls only add latency
                assertThat(run.get999thPercentile().toNanos() / 1e3).as("p99.9 of attempt %d, run %d, us", attempt,
                        run.run()).isGreaterThanOrEqualTo(850.0);
                assertThat(run.get9999thPercentile().toNanos() / 1e3).as("p99.99 of attempt %d, run %d, us", attempt,
                        run.run()).isGreaterThanOrEqualTo(950.0);
                double latenessUs = result.runs().get(i).harnessLateness().max().toNanos() / 1e3;
                if (latenessUs > PLATFORM_STALL_US) {
                    setAside.add(String.format(Locale.ROOT, "attempt %d, run %d: harness %,.0f us late", attempt,
                            i + 1, latenessUs));
                    System.out.printf("Attempt %d, run %d not counted: the harness started an iteration %,.0f us late, "
                            + "more than the task's own 1,000 us stall explains; the platform held it up%n",
                            attempt, i + 1, latenessUs);
                    continue;
                }
                undisturbed.add(run);
            }
        }
        assumeTrue(!undisturbed.isEmpty(), () -> "the platform held the harness up in every run ("
                + String.join("; ", setAside) + "): the upper ends of the bands could not be judged");
        for (JLBHResult.RunResult run : undisturbed) {
            assertThat(run.get999thPercentile().toNanos() / 1e3).as("p99.9 of run %d, us", run.run())
                    .isBetween(850.0, 1_000.0);
            assertThat(run.get9999thPercentile().toNanos() / 1e3).as("p99.99 of run %d, us", run.run())
                    .isBetween(950.0, 1_100.0);
        }
    }

    /**
     * p99.9 is robust to the platform's stalls: more than 1,100 iterations per run would have to be slower than
     * 50 µs, which takes an 11 ms stall or a harness that adds noise of its own.
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
        new JLBH(SimpleSpikeJLBHTask.options(accountForCO), System.out, results).start();
        JLBHResult result = results.get();
        assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(result.endToEnd().eachRunSummary()).hasSize(3)
                .allSatisfy(run -> assertThat(run.count()).isEqualTo(1_100_000));
        assertThat(result.osJitter()).isPresent();
        return result;
    }
}
