/**
 * Judging a latency test, with no I/O: each budget checked against an attempt ({@link
 * org.jlbh.junit.internal.judge.PercentileCheck}, the one budget check the AssertJ assertions share, and the
 * completeness, allocation and GC checks), breaches that the platform's stalls explain told apart from real ones
 * ({@link org.jlbh.junit.internal.judge.StallExplanation}), the comparison with a baseline, and the
 * {@link org.jlbh.junit.internal.judge.Decision} that ends the test with one
 * {@link org.jlbh.junit.internal.judge.Outcome}.
 *
 * <h2>How a budget travels to a verdict</h2>
 * {@code @LatencyTest(percentile = 99.9, maxMicros = 50)} becomes a {@code Budget} in the test's settings (scaled by
 * {@code jlbh.budget.factor}); after each attempt, {@code AttemptJudgement} runs a {@code PercentileCheck} of that
 * probe's runs (the median run's value, or every run's), and when it breaks in a noise-aware build asks
 * {@code StallExplanation} whether the platform's stalls account for the samples over budget. The attempt passes,
 * fails, or is inconclusive; {@code Decision} takes the attempts, the baseline comparison and the mode and gives the
 * test's outcome and message.
 */
package org.jlbh.junit.internal.judge;
