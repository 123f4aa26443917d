package org.jlbh.junit.internal.run;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** When a sized warm-up is done, on a JIT clock set by hand. */
class WarmUpGaugeTest {
    private final AtomicLong compiledMillis = new AtomicLong(100);

    @Test
    void doneAtTheFirstQuietRoundBegunWithEnoughCallsBehindIt() {
        WarmUpGauge gauge = new WarmUpGauge(1_000, 3_000, compiledMillis::get, () -> true);

        assertThat(gauge.roundEnded()).as("1,000 calls: too few, though quiet").isFalse();
        compiledMillis.addAndGet(20);
        assertThat(gauge.roundEnded()).as("2,000 calls, compiling").isFalse();
        assertThat(gauge.roundEnded()).as("began with 2,000 calls: the compiler may not have been asked yet")
                .isFalse();
        compiledMillis.addAndGet(8);
        assertThat(gauge.roundEnded()).as("began with 3,000, but the optimising compiler worked in it").isFalse();
        compiledMillis.addAndGet(1);
        assertThat(gauge.roundEnded()).as("a millisecond of others' compiling counts as quiet").isTrue();
    }

    @Test
    void whereTheJvmCannotSayWhatItCompiledEnoughCallsAlone() {
        WarmUpGauge gauge = new WarmUpGauge(2_500, 5_000, () -> -1, () -> true);

        assertThat(gauge.roundEnded()).isFalse();
        assertThat(gauge.roundEnded()).isFalse();
        assertThat(gauge.roundEnded()).as("began with 5,000 calls").isTrue();
    }

    @Test
    void aRoundCountsOnlyWhenTheEvidenceWasReadyAsItBegan() {
        AtomicBoolean ready = new AtomicBoolean(false);
        WarmUpGauge gauge = new WarmUpGauge(1_000, 1_000, compiledMillis::get, ready::get);

        assertThat(gauge.roundEnded()).as("1,000 calls: too few").isFalse();
        assertThat(gauge.roundEnded()).as("enough calls and quiet, but the evidence is not ready").isFalse();
        ready.set(true);
        assertThat(gauge.roundEnded()).as("the evidence became ready during this round: what its start disturbed "
                + "may still be going on").isFalse();
        assertThat(gauge.roundEnded()).as("began with the evidence ready, quiet").isTrue();
    }

    @Test
    void thisJvmsThresholdIsHotSpotsOwn() {
        // the suite's JVMs (OpenJDK 17, Temurin 25) run with HotSpot's default Tier4InvocationThreshold
        assertThat(WarmUpGauge.optimisingCalls()).isEqualTo(WarmUpGauge.DEFAULT_OPTIMISING_CALLS);
    }
}
