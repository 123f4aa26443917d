package org.jlbh.junit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link SweepResult} parameter, typically of an {@code @AfterAll} method, to receive the sweep of the named
 * {@link LatencyTemplate} method of the same test class, for assertions the budgets cannot state.
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
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(LatencyTestExtension.class)
public @interface SweepOf {

    /** @return the name of the sweeping {@link LatencyTemplate} method, declared in the test class or a superclass */
    String value();
}
