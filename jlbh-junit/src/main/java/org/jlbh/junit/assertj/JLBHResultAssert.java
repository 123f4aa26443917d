package org.jlbh.junit.assertj;

import org.assertj.core.api.AbstractAssert;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.judge.CompletenessCheck;

/**
 * Assertions on a whole {@link JLBHResult}; obtain through {@link LatencyAssertions#assertThat(JLBHResult)}.
 *
 * <p>The guide's page on it: {@code docs/harness-and-porting.md}.
 */
public class JLBHResultAssert extends AbstractAssert<JLBHResultAssert, JLBHResult> {

    JLBHResultAssert(JLBHResult actual) {
        super(actual, JLBHResultAssert.class);
    }

    /**
     * Verifies that every planned run was complete: one end-to-end sample per iteration.
     * <p>Passes for a result whose runs all ended {@link RunStatus#COMPLETE}; fails, quoting each run's status and
     * reason, when a run was incomplete, oversampled or aborted.
     *
     * @return this
     */
    public JLBHResultAssert isComplete() {
        isNotNull();
        CompletenessCheck.of(actual).breach().ifPresent(breach -> failWithMessage("%s", breach));
        return this;
    }

    /** @return assertions on the end-to-end latency */
    public ProbeResultAssert endToEnd() {
        isNotNull();
        return new ProbeResultAssert(actual.endToEnd(), actual);
    }

    /**
     * Verifies that the probe exists and returns assertions on it.
     * <p>Fails when no probe of that name was added, listing the probes there are.
     *
     * @param name the probe's name
     * @return assertions on that probe
     */
    public ProbeResultAssert probe(String name) {
        isNotNull();
        if (actual.probe(name).isEmpty()) {
            failWithMessage("Expected a probe named <%s> but the result has %s", name, actual.probeNames());
        }
        return new ProbeResultAssert(actual.probe(name).orElseThrow(), actual);
    }
}
