package org.jlbh.junit.internal.run;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the extension's own meters saw during one measured run, beside the harness's latency figures. Immutable.
 *
 * @param run            1-based run
 * @param allocatedBytes bytes the thread running the test body allocated over the run's iterations; empty when the
 *                       run did not complete its iterations or the JVM cannot measure it
 * @param gc             garbage collections during the run, in order
 * @param stalls         the platform's stalls during the run; empty when there is no evidence either way
 */
public record RunMeasures(int run, OptionalLong allocatedBytes, List<GcEvent> gc, Optional<PlatformStalls> stalls) {

    /** Copies the collections. */
    public RunMeasures {
        gc = List.copyOf(gc);
    }
}
