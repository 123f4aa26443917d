package org.jlbh.core.internal.engine;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's status detail groups its counts as the reports do, without a Formatter (it is built every warm-up round). */
class RecordersTest {

    @Test
    void groupsThousandsAsStringFormatDoes() {
        for (long count : new long[] {0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 300_000_000_000L, -1, -999,
                -1_000, -1_234_567, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(Recorders.grouped(count)).as("%d", count)
                    .isEqualTo(String.format(Locale.ROOT, "%,d", count));
        }
    }
}
