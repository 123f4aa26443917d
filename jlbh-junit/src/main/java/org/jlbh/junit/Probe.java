package org.jlbh.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code net.openhft.chronicle.core.util.NanoSampler} parameter of a {@link LatencyTest} method as a named
 * probe: a latency distribution recorded per run beside end to end, for one stage of the iteration. Sample it with
 * {@code sampleNanos(latencyInNanoseconds)}, from any thread. Budgets refer to it by name.
 *
 * <pre>{@code
 * @LatencyTest(throughput = 20_000, percentile = 99, maxMicros = 100)
 * void roundTrip(@Probe("client2server") NanoSampler client2server) { ... }
 * }</pre>
 *
 * <p>The guide's page on it: {@code docs/writing-latency-tests.md}.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Probe {

    /** @return the probe's name, unique within the test */
    String value();
}
