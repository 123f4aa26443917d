/**
 * Running a latency test: the test method as the harness's task ({@link org.jlbh.junit.internal.run.MethodTask},
 * bound through {@link org.jlbh.junit.internal.run.Body}), its probe parameters, and the meters beside the harness
 * (allocation, garbage collections). One {@link org.jlbh.junit.internal.run.Measurement} per test; each attempt yields
 * an {@link org.jlbh.junit.internal.run.Attempt}. No judging and no reporting here. Below it, two parts of their own:
 * the evidence of what else made samples late ({@link org.jlbh.junit.internal.run.evidence}) and each run's latency
 * over time ({@link org.jlbh.junit.internal.run.timeline}).
 */
package org.jlbh.junit.internal.run;
