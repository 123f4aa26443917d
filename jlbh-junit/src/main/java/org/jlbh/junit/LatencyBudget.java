package org.jlbh.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A latency budget: the percentile of a probe (end to end by default) must be at most {@link #maxMicros()}.
 *
 * <pre>{@code
 * @LatencyTest(throughput = 20_000)
 * @LatencyBudget(percentile = 50, maxMicros = 20)
 * @LatencyBudget(percentile = 99.9, maxMicros = 200)
 * @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 5)
 * void roundTrip(@Probe("parse") NanoSampler parse) { ... }
 * }</pre>
 *
 * <p>Each run must have at least {@code 10 / (1 − percentile/100)} iterations (p99.9 needs 10,000); fewer is a
 * configuration error.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(LatencyBudgets.class)
public @interface LatencyBudget {

    /** The name of the end-to-end latency, the default probe of a budget. */
    String END_TO_END = "end to end";

    /** @return the probe: {@link #END_TO_END}, or the name of a {@link Probe @Probe} parameter of the method */
    String probe() default END_TO_END;

    /** @return the percentile, in (0, 100]; 100 is the worst sample */
    double percentile();

    /** @return the most the percentile may be, in microseconds, &gt; 0 */
    double maxMicros();
}
