/**
 * This build's figures against its baseline, a short history of recorded builds
 * ({@link org.jlbh.junit.internal.judge.baseline.BaselineComparison}): per probe and percentile, the change with its
 * interval from a hierarchical bootstrap over builds and runs
 * ({@link org.jlbh.junit.internal.judge.baseline.HierarchicalBootstrap}), or, for a history too noisy for it, a rank
 * rule ({@link org.jlbh.junit.internal.judge.baseline.RankBeyond}); the multiple comparisons controlled. The measured
 * figures it compares ({@link org.jlbh.junit.internal.judge.baseline.ProbeFigures}) are the ones the reports carry.
 */
package org.jlbh.junit.internal.judge.baseline;
