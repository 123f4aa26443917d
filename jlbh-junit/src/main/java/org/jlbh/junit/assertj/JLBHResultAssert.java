package org.jlbh.junit.assertj;

import org.assertj.core.api.AbstractAssert;
import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.judge.CompletenessCheck;

/** Assertions on a whole {@link JLBHResult}, from {@link LatencyAssertions#assertThat(JLBHResult)}. */
public class JLBHResultAssert extends AbstractAssert<JLBHResultAssert, JLBHResult> {

    JLBHResultAssert(JLBHResult actual) {
        super(actual, JLBHResultAssert.class);
    }

    /**
     * Verifies that every run ended {@link RunStatus#COMPLETE}, with one end-to-end sample per iteration; fails
     * quoting each run's status and reason otherwise.
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
     * @param name the probe's name
     * @return assertions on that probe; fails when there is none, listing the probes there are
     */
    public ProbeResultAssert probe(String name) {
        isNotNull();
        if (actual.probe(name).isEmpty()) {
            failWithMessage("Expected a probe named <%s> but the result has %s", name, actual.probeNames());
        }
        return new ProbeResultAssert(actual.probe(name).orElseThrow(), actual);
    }
}
