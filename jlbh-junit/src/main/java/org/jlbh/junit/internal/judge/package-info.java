/**
 * Judging a latency test, with no I/O: each budget checked against an attempt ({@link
 * org.jlbh.junit.internal.judge.PercentileCheck}, the one budget check the AssertJ assertions share, and the
 * completeness, allocation and GC checks), the attempts counted together by the {@link
 * org.jlbh.junit.internal.judge.SequentialRule}, and the {@link org.jlbh.junit.internal.judge.Decision} that ends the
 * test with one {@link org.jlbh.junit.internal.judge.Outcome} from its attempts, the comparison with its baseline and
 * the mode.
 *
 * <h2>How a budget travels to a verdict</h2>
 * {@code @LatencyTest(percentile = 99.9, maxMicros = 50)} becomes a {@code Budget} in the test's settings (scaled by
 * {@code jlbh.budget.factor}); after each attempt, {@code AttemptJudgement} runs a {@code PercentileCheck} of that
 * probe's runs (the median run's value, or every run's). When it breaks, every sample over the budget (a "late"
 * sample) is put down to a {@link org.jlbh.junit.internal.judge.attribution.Cause}, and the check is judged again with
 * the late samples the platform, the JVM's safepoints and the collections' copying of objects older than the measured
 * runs account for replaced by what they would have been without those pauses: if it holds so, in
 * {@code jlbh.noise = aware}, the budget is met on the code's own account, and both figures are said.
 *
 * <h2>When the runs disagree</h2>
 * Each run meets a budget, as measured or on the code's own account, or breaks it. {@code SequentialRule} counts the
 * runs of the attempts so far together: a budget is met when the runs that met it outnumber those that broke it by 3,
 * broken the other way round, and undecided otherwise, and then the test is measured again (up to
 * {@code jlbh.remeasure.undecided} more attempts) before it is called inconclusive. Its error rates are computed exactly by
 * {@code SequentialRule.rates}. {@code Decision} takes what the attempts say, the baseline comparison and the mode and
 * gives the test's outcome and message.
 *
 * <p>{@link org.jlbh.junit.internal.judge.CodesOwnFigures} gives an attempt's percentiles on the code's own account, per
 * probe and run, the figures a baseline records and gates.
 *
 * <p>Two parts sit below the judgement: why samples were late ({@link org.jlbh.junit.internal.judge.attribution}) and
 * how this build compares with its recorded history ({@link org.jlbh.junit.internal.judge.baseline}).
 */
package org.jlbh.junit.internal.judge;
