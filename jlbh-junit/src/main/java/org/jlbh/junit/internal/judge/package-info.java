/**
 * Judging a latency test, with no I/O: each budget checked against an attempt ({@link
 * org.jlbh.junit.internal.judge.PercentileCheck}, the one budget check the AssertJ assertions share, and the
 * completeness, allocation and GC checks), and the {@link org.jlbh.junit.internal.judge.Decision} that ends the test
 * with one {@link org.jlbh.junit.internal.judge.Outcome} from its attempts, the comparison with its baseline and the
 * mode.
 *
 * <h2>How a budget travels to a verdict</h2>
 * {@code @LatencyTest(percentile = 99.9, maxMicros = 50)} becomes a {@code Budget} in the test's settings (scaled by
 * {@code jlbh.budget.factor}); after each attempt, {@code AttemptJudgement} runs a {@code PercentileCheck} of that
 * probe's runs (the median run's value, or every run's). When it breaks, every sample over the budget (a "late"
 * sample) is put down to a {@link org.jlbh.junit.internal.judge.attribution.Cause}, and the check is judged again with the late
 * samples the platform and the JVM's safepoints account for replaced by what they would have been without those
 * pauses. The attempt passes, fails, or is inconclusive; {@code Decision} takes the attempts, the baseline
 * comparison and the mode and gives the test's outcome and message.
 *
 *
 * <p>Two parts sit below the judgement: why samples were late ({@link org.jlbh.junit.internal.judge.attribution}) and
 * how this build compares with its recorded history ({@link org.jlbh.junit.internal.judge.baseline}).
 */
package org.jlbh.junit.internal.judge;
