/**
 * This build's figures against its baseline, a short history of recorded builds
 * ({@link org.jlbh.junit.internal.judge.baseline.BaselineComparison}): per probe and percentile, the change with its
 * interval from a hierarchical bootstrap over builds and runs
 * ({@link org.jlbh.junit.internal.judge.baseline.HierarchicalBootstrap}), or, for a history too noisy for it, a rank
 * rule ({@link org.jlbh.junit.internal.judge.baseline.RankBeyond}); the multiple comparisons controlled; each row with
 * the smallest slowdown it would flag. The figures it compares ({@link
 * org.jlbh.junit.internal.judge.baseline.ProbeFigures}) are the ones the reports carry: on the code's own account
 * ({@link org.jlbh.junit.internal.judge.CodesOwnFigures}, late samples the platform and the JVM made later replayed
 * without them) where this build and every recorded one have them, else as measured. In the paired mode, the change
 * against its base measured in turns in the same JVM ({@link org.jlbh.junit.internal.judge.baseline.PairedComparison}):
 * per probe and percentile, the median pair's ratio with a sign-test interval.
 */
package org.jlbh.junit.internal.judge.baseline;
