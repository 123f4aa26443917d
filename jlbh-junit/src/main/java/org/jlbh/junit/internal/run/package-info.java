/**
 * Running a latency test: one {@link org.jlbh.junit.internal.run.Measurement} per test drives the harness with the
 * test method as its task ({@link org.jlbh.junit.internal.run.MethodTask}) and the meters beside it; each attempt
 * yields an {@link org.jlbh.junit.internal.run.Attempt}. No judging and no reporting here. Below it: the evidence of
 * what else made samples late ({@code run.evidence}), each run's latency over time ({@code run.timeline}) and the base
 * build's side of a paired test ({@code run.paired}).
 */
package org.jlbh.junit.internal.run;
