package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CI's smoke run of the evidence's cost: one build with the evidence on and one off, at a fiftieth of the iterations,
 * each a fresh JVM. It checks that both settings build and their figures are read; the cost itself is measured by
 * the full run (its table is in the module's README), never judged in a test.
 */
class EvidenceCostSmokeTest {

    @Test
    void bothSettingsBuildAndTheirFiguresAreRead() throws IOException {
        String table = EvidenceCost.measure(1, "0.02");

        assertThat(table).containsPattern("\\| on \\| [\\d.]+ \\| [\\d.]+ \\|").containsPattern("\\| off \\| [\\d.]+ \\|")
                .doesNotContain("no result", "not measured");
    }
}
