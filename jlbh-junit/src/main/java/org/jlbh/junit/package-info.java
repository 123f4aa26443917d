/**
 * Latency budgets in ordinary JUnit 5 test runs: a {@link org.jlbh.junit.LatencyTest} method's body is called at a
 * paced throughput on the jlbh-core harness, timed from each call's intended start (coordinated omission accounted
 * for), and judged against its budgets; a breach fails the test, and so the build.
 *
 * <ul>
 *   <li>{@link org.jlbh.junit.LatencyTest}: one latency test, its rate and its budget.</li>
 *   <li>{@link org.jlbh.junit.LatencyBudget}: more budgets, on more percentiles and on probes.</li>
 *   <li>{@link org.jlbh.junit.Probe} and {@link org.jlbh.junit.IterationContext}: parameters that time a part of the
 *       iteration, or carry its intended start through an asynchronous flow.</li>
 *   <li>{@link org.jlbh.junit.LatencyTemplate}, {@link org.jlbh.junit.SweepOf} and
 *       {@link org.jlbh.junit.SweepResult}: a test measured at several rates, or per invocation of a parameterized or
 *       repeated test.</li>
 *   <li>{@link org.jlbh.junit.Verdict}: over which runs a budget is judged.</li>
 *   <li>{@link org.jlbh.junit.LatencyTestConfiguration}: the configuration parameters ({@code jlbh.*}).</li>
 * </ul>
 *
 * <p>The guide, one page per feature, is listed in the project's
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/README.md#the-guide">README</a>; every attribute is tabled in the
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/docs/reference.md">reference</a> and every parameter in
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/docs/configuration.md#configuration-parameters">the configuration page</a>.
 */
package org.jlbh.junit;
