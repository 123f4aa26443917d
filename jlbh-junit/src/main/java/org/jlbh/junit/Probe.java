package org.jlbh.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code NanoSampler} parameter of a {@link LatencyTest} method as a named probe: a latency distribution per
 * run beside end to end, sampled with {@code sampleNanos(nanos)} from any thread, and budgeted by its name.
 *
 * <pre>{@code
 * @LatencyTest(throughput = 20_000, percentile = 99, maxMicros = 100)
 * void roundTrip(@Probe("client2server") NanoSampler client2server) { ... }
 * }</pre>
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Probe {

    /** @return the probe's name, unique within the test */
    String value();
}
