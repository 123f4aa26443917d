package org.jlbh.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PercentilesTest {

    @Test
    void aPercentileNeedsTenSamplesAtOrBeyondIt() {
        assertThat(Percentiles.minimumSamples(50)).isEqualTo(20);
        assertThat(Percentiles.minimumSamples(90)).isEqualTo(100);
        assertThat(Percentiles.minimumSamples(99)).isEqualTo(1_000);
        assertThat(Percentiles.minimumSamples(99.7)).isEqualTo(3_334);
        assertThat(Percentiles.minimumSamples(99.9)).isEqualTo(10_000);
        assertThat(Percentiles.minimumSamples(99.97)).isEqualTo(33_334);
        assertThat(Percentiles.minimumSamples(99.99)).isEqualTo(100_000);
        assertThat(Percentiles.minimumSamples(99.999)).isEqualTo(1_000_000);
        assertThat(Percentiles.minimumSamples(100)).isEqualTo(1);
    }

    @Test
    void supportDependsOnTheCount() {
        assertThat(Percentiles.supported(99.9, 9_999)).isFalse();
        assertThat(Percentiles.supported(99.9, 10_000)).isTrue();
        assertThat(Percentiles.supported(100, 0)).isFalse();
        assertThat(Percentiles.supported(100, 1)).isTrue();
    }

    @Test
    void rejectsPercentilesOutsideZeroToHundred() {
        assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.minimumSamples(0)).withMessageContaining("was 0.0");
        assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.minimumSamples(100.1));
        assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.minimumSamples(Double.NaN));
    }

    @Test
    void labelsReadAsUsual() {
        assertThat(Percentiles.label(50)).isEqualTo("50");
        assertThat(Percentiles.label(99.9)).isEqualTo("99.9");
        assertThat(Percentiles.label(99.99)).isEqualTo("99.99");
    }
}
