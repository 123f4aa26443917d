package org.jlbh.junit;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A latency test with several invocations, each measured, judged and reported under its own name: a throughput
 * sweep ({@link #rates()}, or {@link #ratesFrom()} to {@link #ratesTo()}), or the invocations of a
 * {@code @ParameterizedTest} or {@code @RepeatedTest} on the same method, each at {@link #throughput()}.
 *
 * <pre>{@code
 * // up to what rate does the round trip meet p99 <= 100 µs? It must at least up to 20,000/s
 * @LatencyTemplate(rates = {5_000, 10_000, 20_000, 40_000}, requiredThroughput = 20_000,
 *         percentile = 99, maxMicros = 100)
 * void roundTrip() { ... }                                    // invocations [5,000/s] ... [40,000/s]
 *
 * @ParameterizedTest
 * @ValueSource(ints = {64, 1024})
 * @LatencyTemplate(throughput = 10_000, percentile = 99, maxMicros = 50)
 * void encode(int size) { ... }                               // invocations [1] 64, [2] 1024
 * }</pre>
 *
 * <p>It is {@link LatencyTest @LatencyTest} for methods JUnit calls more than once: the attributes the two share mean
 * the same, and every invocation is a full measurement with its own warm-up. A sweep's rates run in ascending order;
 * above {@link #requiredThroughput()} a broken latency budget is reported, not failed. After the last rate, the
 * console shows the sweep's table and its knee: the highest rate up to which every rate met the latency budgets.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@Tag(LatencyTest.TAG)
@ExtendWith(LatencyTestExtension.class)
@ResourceLock(value = Resources.GLOBAL, mode = ResourceAccessMode.READ_WRITE)
public @interface LatencyTemplate {

    /** @return iterations per second of a parameterized or repeated test's invocations; 0 in a sweep */
    int throughput() default 0;

    /** @return a sweep's rates, iterations per second, ascending, each &gt; 0; empty for none or a spaced sweep */
    int[] rates() default {};

    /** @return the lowest of a sweep's evenly spaced rates, with {@link #ratesTo()} and {@link #rateSteps()} */
    int ratesFrom() default 0;

    /** @return the highest of a sweep's evenly spaced rates */
    int ratesTo() default 0;

    /** @return how many evenly spaced rates, both ends included, at least 2, rounded to whole iterations per second */
    int rateSteps() default 0;

    /**
     * @return the capacity budget: the rate, one of the sweep's, up to which every rate must meet the latency budgets;
     *         0: every rate's budgets are enforced
     */
    int requiredThroughput() default 0;

    /** @return as {@link LatencyTest#arrivals()} */
    Arrivals arrivals() default Arrivals.FIXED_RATE;

    /** @return as {@link LatencyTest#arrivalSeed()} */
    long arrivalSeed() default JLBHOptions.DEFAULT_ARRIVAL_SEED;

    /** @return as {@link LatencyTest#threads()} */
    int threads() default 1;

    /** @return as {@link LatencyTest#iterations()} */
    long iterations() default LatencyTest.SIZED;

    /** @return as {@link LatencyTest#warmUpIterations()} */
    long warmUpIterations() default LatencyTest.SIZED;

    /** @return as {@link LatencyTest#runs()} */
    int runs() default LatencyTest.SIZED;

    /** @return as {@link LatencyTest#accountForCoordinatedOmission()} */
    boolean accountForCoordinatedOmission() default true;

    /** @return as {@link LatencyTest#recordOSJitter()} */
    boolean recordOSJitter() default true;

    /** @return as {@link LatencyTest#timeoutMillis()} */
    long timeoutMillis() default 10_000;

    /** @return as {@link LatencyTest#percentile()} */
    double percentile() default 0;

    /** @return as {@link LatencyTest#maxMicros()} */
    double maxMicros() default 0;

    /** @return as {@link LatencyTest#verdict()} */
    Verdict verdict() default Verdict.MEDIAN_RUN;

    /** @return as {@link LatencyTest#maxAllocatedBytesPerOp()} */
    long maxAllocatedBytesPerOp() default LatencyTest.UNLIMITED;

    /** @return as {@link LatencyTest#maxGcCount()} */
    long maxGcCount() default LatencyTest.UNLIMITED;

    /** @return as {@link LatencyTest#maxGcPauseMillis()} */
    long maxGcPauseMillis() default LatencyTest.UNLIMITED;
}
