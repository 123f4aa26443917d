package org.jlbh.junit;

import org.jlbh.core.Arrivals;
import org.jlbh.core.JLBHOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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
 * A latency test: the method body is one iteration, called at {@link #throughput()} iterations per second by the
 * jlbh-core harness, timed from each iteration's intended start, and judged against its latency budgets.
 *
 * <pre>{@code
 * @LatencyTest(throughput = 10_000, percentile = 99.9, maxMicros = 50)
 * void parseNewOrderSingle() {
 *     parser.parse(message);
 * }
 * }</pre>
 *
 * <p>{@code @BeforeEach} and {@code @AfterEach} run once around the whole measurement, untimed. A broken budget fails
 * the test, naming probe, percentile, measured value, budget and each run's value. {@link LatencyBudget} adds budgets,
 * also on {@link Probe probes}. Latency tests run exclusively, even under JUnit's parallel execution. Usable as a
 * meta-annotation. Every attribute's type, default and range:
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/docs/reference.md#latencytest">the reference</a>.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@Tag(LatencyTest.TAG)
@ExtendWith(LatencyTestExtension.class)
@ResourceLock(value = Resources.GLOBAL, mode = ResourceAccessMode.READ_WRITE)
public @interface LatencyTest {

    /** {@value}: the tag of every latency test, to run them alone ({@code -Dgroups=latency}) or without them. */
    String TAG = "latency";

    /** @return the target rate, in iterations per second, &gt; 0 */
    int throughput();

    /** @return when iterations are due: evenly, or {@link Arrivals#POISSON} seeded by {@link #arrivalSeed()} */
    Arrivals arrivals() default Arrivals.FIXED_RATE;

    /** @return the seed of {@link Arrivals#POISSON} arrivals: the same seed, the same arrivals */
    long arrivalSeed() default JLBHOptions.DEFAULT_ARRIVAL_SEED;

    /**
     * @return harness threads sharing the throughput, 1 to {@value JLBHOptions#MAX_THREADS}; with more than one, the
     *         method must be thread-safe ({@link IterationContext#threadIndex()} tells them apart) and end to end is
     *         also reported per thread
     */
    int threads() default 1;

    /**
     * @return measured iterations per run, &gt; 0, before {@link LatencyTestConfiguration#ITERATIONS_FACTOR};
     *         {@link #SIZED}: the samples the highest percentile budgeted needs, and at least one second of them
     */
    long iterations() default SIZED;

    /**
     * @return warm-up iterations, run once before the runs on the same schedule, &ge; 0; {@link #SIZED}: rounds of
     *         0.1 s until the JIT compiled nothing in one, 10 s at most
     */
    long warmUpIterations() default SIZED;

    /**
     * @return measured runs of an attempt, &gt; 0 (in the paired mode the change's, its two copies taking half each,
     *         each in a round with a run of each copy of the base); {@link #SIZED}: attempts of 3 runs (in the paired
     *         mode, the runs whose rounds its comparison needs: 15 for p50, p90 and p99), each after the first only
     *         while the runs disagree about a budget ({@link LatencyTestConfiguration#REMEASURE_UNDECIDED})
     */
    int runs() default SIZED;

    /** @return whether latency is timed from each iteration's intended start (the default) or its actual start */
    boolean accountForCoordinatedOmission() default true;

    /** @return whether a sleeping thread records OS jitter beside the runs */
    boolean recordOSJitter() default true;

    /**
     * @return how long an iteration may take to return, and missing samples are waited for, in milliseconds, before
     *         the run ends and fails the test
     */
    long timeoutMillis() default 10_000;

    /**
     * @return the shorthand end-to-end budget's percentile, in (0, 100], with {@link #maxMicros()}; 0 for none, and
     *         then a {@link LatencyBudget} is required
     */
    double percentile() default 0;

    /** @return the most the shorthand budget's percentile may be, in microseconds, &gt; 0 */
    double maxMicros() default 0;

    /** @return over which runs a budget is judged */
    Verdict verdict() default Verdict.MEDIAN_RUN;

    /**
     * @return the most the body may allocate per iteration, in bytes, on the threads that run it, judged as
     *         {@link #verdict()} says; 0 demands a garbage-free body; {@link #UNLIMITED}: measured, not judged
     */
    long maxAllocatedBytesPerOp() default UNLIMITED;

    /**
     * @return the most garbage collections during the measured runs, all runs together; with 0 the heap is collected
     *         once after the warm-up; {@link #UNLIMITED}: reported, not judged
     */
    long maxGcCount() default UNLIMITED;

    /** @return the longest garbage-collection pause during the measured runs, in milliseconds */
    long maxGcPauseMillis() default UNLIMITED;

    /** {@value}: the default of iterations, warm-up and runs: sized from the budgets, as each attribute says. */
    int SIZED = -1;

    /** The default of the allocation and GC budgets: no budget. */
    long UNLIMITED = Long.MAX_VALUE;
}
