/**
 * Judging a latency test, with no I/O: each budget checked against an attempt ({@link
 * org.jlbh.junit.internal.judge.PercentileCheck}, the one budget check the AssertJ assertions share, and the
 * completeness, allocation and GC checks), each late sample of a broken budget put down to a cause ({@link
 * org.jlbh.junit.internal.judge.LateSampleAttribution}), the comparison with a baseline, and the
 * {@link org.jlbh.junit.internal.judge.Decision} that ends the test with one
 * {@link org.jlbh.junit.internal.judge.Outcome}.
 *
 * <h2>How a budget travels to a verdict</h2>
 * {@code @LatencyTest(percentile = 99.9, maxMicros = 50)} becomes a {@code Budget} in the test's settings (scaled by
 * {@code jlbh.budget.factor}); after each attempt, {@code AttemptJudgement} runs a {@code PercentileCheck} of that
 * probe's runs (the median run's value, or every run's). When it breaks, every sample over the budget (a "late"
 * sample) is put down to a {@link org.jlbh.junit.internal.judge.Cause}, and the check is judged again with the late
 * samples the platform and the JVM's safepoints account for replaced by what they would have been without those
 * pauses. The attempt passes, fails, or is inconclusive; {@code Decision} takes the attempts, the baseline
 * comparison and the mode and gives the test's outcome and message.
 *
 * <h2>Every late sample has a cause</h2>
 * The evidence ({@code run.RunEvidence}) is direct: the harness thread's own run-queue waits and the time the host
 * took its CPU, from Linux's scheduler statistics sampled beside the run; and the JVM's safepoints and collections,
 * from the Flight Recorder. A sample over a budget is put down to
 * <ul>
 *   <li>the <b>platform</b> when, replayed without the waits for a CPU and the host's taking it, it would have been
 *   within the budget;</li>
 *   <li>a <b>safepoint</b> (named by its VM operation) when it is so without the JVM's stops other than
 *   collections;</li>
 *   <li>a <b>garbage collection</b> when only cutting collections too brings it within the budget — collections are
 *   the code's own allocation;</li>
 *   <li>the <b>code</b> otherwise: no pause covers it.</li>
 * </ul>
 * A pause makes the iterations queued behind it late too (coordinated omission): the replay moves them up with it,
 * so they belong to the same cause until the schedule is caught up ({@link
 * org.jlbh.junit.internal.judge.QueueReplay} says exactly how a pause is placed and cut). A broken budget is
 * <b>failed</b> when the samples the code and its collections account for alone still break it, and
 * <b>inconclusive</b> (in {@code jlbh.noise = aware}) when it holds without the platform's and the safepoints' late
 * samples; either way the message carries the attribution. Where the OS gives no scheduler evidence, a breach is
 * weighed against the OS jitter measurement instead ({@link org.jlbh.junit.internal.judge.StallExplanation}), as
 * before this evidence existed.
 */
package org.jlbh.junit.internal.judge;
