/**
 * Judging a latency test, with no I/O. After each attempt, {@link org.jlbh.junit.internal.judge.AttemptJudgement}
 * checks every budget, a latency budget by a {@link org.jlbh.junit.internal.judge.PercentileCheck} (the one check the
 * AssertJ assertions share), with its late samples put down to their causes
 * ({@link org.jlbh.junit.internal.judge.attribution}): in {@code jlbh.noise = aware}, it is met on the code's own
 * account when it holds without those that are not the code's.
 *
 * <p>When the runs disagree, the {@link org.jlbh.junit.internal.judge.SequentialRule} counts the runs of the attempts
 * so far together: a budget is met or broken when one side outnumbers the other by 3, else the test is measured again,
 * and is inconclusive when the attempts run out. The {@link org.jlbh.junit.internal.judge.Decision} gives the test one
 * {@link org.jlbh.junit.internal.judge.Outcome} from what the attempts say, the comparison with the baseline
 * ({@link org.jlbh.junit.internal.judge.baseline}) and the mode.
 */
package org.jlbh.junit.internal.judge;
