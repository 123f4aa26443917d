package org.jlbh.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReportFormatTest {

    @Test
    void valuesArePrintedInMicrosecondsWithNanosecondResolution() {
        assertThat(ReportFormat.micros(41)).isEqualTo("0.041");
        assertThat(ReportFormat.micros(1_000_447)).isEqualTo("1,000.447");
        assertThat(ReportFormat.duration(999_000)).isEqualTo("0.999 ms");
        assertThat(ReportFormat.duration(11_000_000_000L)).isEqualTo("11.000 s");
        assertThat(ReportFormat.rate(100_000)).isEqualTo("100,000/s");
        assertThat(ReportFormat.rate(2.5)).isEqualTo("2.500/s");
    }

    @Test
    void numbersArePrintedAsWrittenByHand() {
        assertThat(ReportFormat.plain(100)).isEqualTo("100");
        assertThat(ReportFormat.plain(99.9)).isEqualTo("99.9");
        assertThat(ReportFormat.plain(0.5)).isEqualTo("0.5");
        assertThat(ReportFormat.plain(5_000)).isEqualTo("5000");
        assertThat(ReportFormat.plain(Double.NaN)).isEqualTo("NaN");
        assertThat(ReportFormat.plain(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    }
}
