/**
 * Running a latency test: the test method as the harness's task ({@link org.jlbh.junit.internal.run.MethodTask},
 * bound through {@link org.jlbh.junit.internal.run.Body}), its probe parameters, and the meters beside the harness
 * (allocation, garbage collections, platform stalls). One {@link org.jlbh.junit.internal.run.Measurement} per test;
 * each attempt yields an {@link org.jlbh.junit.internal.run.Attempt}. No judging and no reporting here.
 */
package org.jlbh.junit.internal.run;
