package org.jlbh.junit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link SweepResult} parameter, typically of an {@code @AfterAll} method, to receive the throughput sweep of
 * the named {@link LatencyTemplate} method of the same test class: each measured rate's result and the knee, for
 * assertions the budgets cannot state (how the latency grows past the knee, what stays flat).
 *
 * <pre>{@code
 * @LatencyTemplate(rates = {5_000, 10_000, 20_000, 40_000}, requiredThroughput = 10_000, percentile = 99,
 *         maxMicros = 10_000)
 * void roundTrip() { ... }
 *
 * @AfterAll
 * static void pastTheKneeTheQueueDominates(@SweepOf("roundTrip") SweepResult sweep) {
 *     assertThat(sweep.knee().orElse(0)).isGreaterThanOrEqualTo(10_000);
 * }
 * }</pre>
 *
 * <p>The guide's page on it: {@code docs/sweeps-and-capacity.md}, with every attribute's type, default and range in
 * {@code docs/reference.md}.
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(LatencyTestExtension.class)
public @interface SweepOf {

    /** @return the name of the sweeping {@link LatencyTemplate} method, declared in the test class or a superclass */
    String value();
}
