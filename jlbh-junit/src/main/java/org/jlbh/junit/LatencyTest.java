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
 * A latency test: the method body is one iteration, driven at {@link #throughput()} iterations per second by the
 * jlbh-core harness, timed from each iteration's intended start, and checked against latency budgets.
 *
 * <pre>{@code
 * @LatencyTest(throughput = 10_000, percentile = 99.9, maxMicros = 50)
 * void parseNewOrderSingle() {
 *     parser.parse(message);
 * }
 * }</pre>
 *
 * <p>{@code @BeforeEach} and {@code @AfterEach} run once around the whole measurement and are never timed. The
 * test fails when a budget breaks, naming probe, percentile, measured value, budget, each run's value, throughput and
 * whether coordinated omission was accounted for. More budgets, and budgets on probes, are added with
 * {@link LatencyBudget}; probes reach the method as {@link Probe @Probe} {@code NanoSampler} parameters, and the
 * current iteration's intended start as an {@link IterationContext} parameter.
 *
 * <p>Latency tests run exclusively: no other test of the same JVM runs at the same time, even under JUnit's
 * parallel execution. This is a composed annotation: it may be used as a meta-annotation to define your own.
 * Configuration parameters ({@link LatencyTestConfiguration}) switch the mode and scale iterations and budgets.
 *
 * <p>The guide's page on it: {@code docs/writing-latency-tests.md}, with every attribute's type, default and range in
 * {@code docs/reference.md}.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@Tag(LatencyTest.TAG)
@ExtendWith(LatencyTestExtension.class)
@ResourceLock(value = Resources.GLOBAL, mode = ResourceAccessMode.READ_WRITE)
public @interface LatencyTest {

    /**
     * {@value}: the tag every latency test carries, so that a build can run them alone ({@code -Dgroups=latency}) or
     * without them ({@code -DexcludedGroups=latency}; Gradle's {@code includeTags} / {@code excludeTags}).
     */
    String TAG = "latency";

    /** @return target throughput in iterations per second, &gt; 0 */
    int throughput();

    /**
     * @return when iterations are due: {@link Arrivals#FIXED_RATE} (the default), or {@link Arrivals#POISSON},
     *         independent random intervals with the throughput's mean, as open-model traffic arrives, reproducible
     *         from {@link #arrivalSeed()}. Latency is taken from each iteration's due time either way
     */
    Arrivals arrivals() default Arrivals.FIXED_RATE;

    /** @return the seed of {@link Arrivals#POISSON}'s generator: the same seed gives the same arrivals every build */
    long arrivalSeed() default JLBHOptions.DEFAULT_ARRIVAL_SEED;

    /**
     * @return how many harness threads share the load, 1 (the default) to {@value JLBHOptions#MAX_THREADS}: each calls
     *         the test method at {@code throughput / threads}, their schedules shifted by one interval each, so that
     *         together they keep the throughput's one schedule (with {@link Arrivals#POISSON}, each draws independent
     *         arrivals at its share). The method is then called from several threads at once and must be thread-safe;
     *         {@link IterationContext#threadIndex()} tells it which thread it is on. End to end is reported merged and
     *         per thread ({@code end to end, thread 0}, …); the allocation budget counts every harness thread's
     *         allocation. Each harness thread reads its own scheduler evidence, and its own late samples are weighed
     *         against it (see docs/concurrency.md)
     */
    int threads() default 1;

    /**
     * @return measured iterations per run, before {@link LatencyTestConfiguration#ITERATIONS_FACTOR}, &gt; 0.
     *         {@link #SIZED} (the default): sized from the budgets, enough samples for the highest percentile budgeted
     *         ({@code 10 / (1 - p/100)}: 10,000 for p99.9) and at least one second of them at {@link #throughput()}
     */
    long iterations() default SIZED;

    /**
     * @return warm-up iterations, run once on the same schedule before the runs, 0 to 1,000,000,000. {@link #SIZED} (the
     *         default): warm up in rounds of 0.1 s until the body has been called often enough for the optimising
     *         JIT compiler and the JIT then compiled nothing for a whole round, 10 s at most
     */
    long warmUpIterations() default SIZED;

    /**
     * @return measured runs of an attempt, &gt; 0; with a set number, a test whose runs disagree about a budget is
     *         measured again in attempts of as many ({@link LatencyTestConfiguration#REMEASURE_UNDECIDED}). {@link #SIZED} (the
     *         default): attempts of 3 runs, the fewest that can decide, the next measured only while the runs disagree,
     *         so that the test stops as soon as its budgets are decided (12 runs at most with the default
     *         {@code jlbh.remeasure.undecided}); in the paired mode, each attempt takes the pairs of runs its comparison needs
     */
    int runs() default SIZED;

    /** @return whether latency is measured from each iteration's intended start (default) or its actual start */
    boolean accountForCoordinatedOmission() default true;

    /** @return whether OS jitter is measured alongside (a sleeping sampler thread; costs next to no CPU) */
    boolean recordOSJitter() default true;

    /**
     * @return how long an iteration may take to return, and how long missing end-to-end samples are waited for,
     *         in milliseconds, before the run ends with a status that fails the test
     */
    long timeoutMillis() default 10_000;

    /**
     * @return shorthand budget: the end-to-end percentile to check, in (0, 100]; with {@link #maxMicros()}.
     *         0 (the default) means no shorthand budget, and then at least one {@link LatencyBudget} is required
     */
    double percentile() default 0;

    /** @return shorthand budget: the most that {@link #percentile()} may be, in microseconds, &gt; 0 */
    double maxMicros() default 0;

    /** @return over which runs a budget is judged; the median run by default */
    Verdict verdict() default Verdict.MEDIAN_RUN;

    /**
     * @return the most the test body may allocate per iteration, in bytes: each run's bytes over its measured
     *         iterations, judged on the median run (the worst with {@link Verdict#EVERY_RUN}), measured on the
     *         threads that run the body (thread allocation counters of the
     *         {@code ThreadMXBean}); 0 demands a garbage-free body. {@link #UNLIMITED} (the default) sets no budget,
     *         but allocation is still measured and reported. Allocation on other threads is not counted
     */
    long maxAllocatedBytesPerOp() default UNLIMITED;

    /**
     * @return the most garbage collections (stop-the-world collections and pauses the JVM reports through its GC
     *         notifications) allowed during the measured runs, all runs together; 0 allows none. The JVM's
     *         collections count whatever thread's garbage filled the heap, so with 0 the heap is collected once after
     *         the warm-up ({@code System.gc()}, not counted): the runs begin on an empty young generation, and garbage
     *         that earlier tests left cannot be collected during them. {@link #UNLIMITED} (the default) sets no
     *         budget; collections are still reported
     */
    long maxGcCount() default UNLIMITED;

    /**
     * @return the longest garbage-collection pause allowed during the measured runs, in milliseconds (the JVM
     *         reports pauses to the millisecond). {@link #UNLIMITED} (the default) sets no budget
     */
    long maxGcPauseMillis() default UNLIMITED;

    /**
     * {@value}: the default of {@link #iterations()}, {@link #warmUpIterations()} and {@link #runs()}: sized from what
     * the test asserts, so that it reaches its verdict as soon as it can (see each attribute). The report says what
     * was sized and why, and what the test took.
     */
    int SIZED = -1;

    /** The default of the allocation and GC budgets: no budget. */
    long UNLIMITED = Long.MAX_VALUE;
}
