package org.jlbh.junit.internal.judge;

import java.util.Optional;
import org.jlbh.junit.internal.judge.attribution.BreachExplanation;

/**
 * One budget of a latency test checked against one attempt: latency, completeness of the runs, allocation or
 * garbage collection. Immutable.
 */
public sealed interface Check permits CompletenessCheck, LatencyCheck, AllocationCheck, GcCheck {

    /** @return what was checked, e.g. {@code end to end p99.9 <= 50 µs} or {@code allocation <= 0 bytes/op} */
    String budget();

    /** @return the value judged, with its unit, e.g. {@code 45.000 µs} */
    String measured();

    /** @return why the budget does not hold, a sentence with the figures; empty when it holds */
    Optional<String> breach();

    default boolean met() {
        return breach().isEmpty();
    }

    /** @return for a broken latency budget the evidence cannot decide, why it is inconclusive; else empty */
    default Optional<BreachExplanation> explanation() {
        return Optional.empty();
    }
}
