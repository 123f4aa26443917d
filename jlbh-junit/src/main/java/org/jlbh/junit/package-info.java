/**
 * Latency budgets in ordinary JUnit 5 test runs: annotate a test method with {@link org.jlbh.junit.LatencyTest}, and
 * its body is called at a paced throughput on the jlbh-core harness, timed from each call's intended start
 * (coordinated omission accounted for), and judged against its budgets; a breach fails the test, and so the build.
 *
 * <pre>{@code
 * class PriceLatencyTest {
 *     private final double[] quotes = new double[1_000];
 *     private double mid;
 *
 *     // 10,000 prices a second, the 99th percentile within 1 ms: iterations, warm-up and runs are sized from it
 *     @LatencyTest(throughput = 10_000, percentile = 99, maxMicros = 1_000)
 *     void price() {
 *         double sum = 0;
 *         for (double quote : quotes) {
 *             sum += quote;
 *         }
 *         mid = sum / quotes.length;
 *     }
 * }
 * }</pre>
 *
 * <p>The API:
 * <ul>
 *   <li>{@link org.jlbh.junit.LatencyTest}: one latency test, its rate and its budget; every attribute's unit,
 *       default and range are in the guide's reference ({@code docs/reference.md}).</li>
 *   <li>{@link org.jlbh.junit.LatencyBudget}: more budgets, on more percentiles and on probes.</li>
 *   <li>{@link org.jlbh.junit.Probe} and {@link org.jlbh.junit.IterationContext}: parameters of the test method that
 *       time a part of the iteration, or carry its intended start through an asynchronous flow.</li>
 *   <li>{@link org.jlbh.junit.LatencyTemplate}, {@link org.jlbh.junit.SweepOf} and
 *       {@link org.jlbh.junit.SweepResult}: a test measured at several rates, or per invocation of a parameterized or
 *       repeated test ({@code docs/sweeps-and-capacity.md}).</li>
 *   <li>{@link org.jlbh.junit.Verdict}: over which runs a budget is judged.</li>
 *   <li>{@link org.jlbh.junit.LatencyTestConfiguration}: the configuration parameters ({@code jlbh.*}), tabled in
 *       {@code docs/configuration.md}.</li>
 * </ul>
 *
 * <p>What a pass and a breach print, and how to read them: the README; the guide, one page per feature: {@code docs/}.
 */
package org.jlbh.junit;
