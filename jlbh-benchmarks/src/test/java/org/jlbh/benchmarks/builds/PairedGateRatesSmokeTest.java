package org.jlbh.benchmarks.builds;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * How {@link PairedGateRates} reads a build's paired decisions from its JSON result and checks which versions ran. The
 * rates themselves are measured by the full run through real launchers against the installed jars, never judged in a
 * test.
 */
class PairedGateRatesSmokeTest {

    @Test
    void eachPairedRowsDecisionBasisChangeAndDetectableChangeAreReadFromTheResult() {
        String json = "{\n  \"probes\": [],\n  \"baseline\": [\n    {\"probe\": \"end to end\", \"percentile\": "
                + "\"50\", \"decision\": \"WITHIN_NOISE\"}\n  ],\n  \"paired\": {\n    \"base\": [\"/b\"],\n"
                + "    \"pairs\": 6,\n    \"tolerancePercent\": 5,\n    \"rows\": [\n      {\n        \"probe\": "
                + "\"end to end\",\n        \"percentile\": \"50\",\n        \"basis\": \"CODES_OWN\",\n"
                + "        \"baseNanos\": [330, 331],\n        \"changeNanos\": [363, 364],\n"
                + "        \"changePercent\": 9.8,\n        \"lowPercent\": 6.1,\n        \"highPercent\": 12.0,\n"
                + "        \"detectablePercent\": 7.5,\n        \"decision\": \"REGRESSION\",\n        \"why\": \"\"\n"
                + "      },\n      {\"probe\": \"end to end\", \"percentile\": \"99\", \"basis\": \"MEASURED\", "
                + "\"baseNanos\": [], \"changeNanos\": [], \"detectablePercent\": null, \"decision\": \"NOT_JUDGED\"}\n"
                + "    ],\n    \"notes\": []\n  }\n}\n";

        assertThat(PairedGateRates.rows(json)).containsExactly(
                new GateBuilds.Row("end to end p50", "CODES_OWN", "REGRESSION", "+9.8 [+6.1..+12.0]", 7.5),
                new GateBuilds.Row("end to end p99", "MEASURED", "NOT_JUDGED", "-", Double.NaN));
        assertThat(PairedGateRates.rows("{\"probes\": []}")).as("not paired").isEmpty();
    }

    @Test
    void aBuildMustSayItRanTheVersionAskedForBesideTheUnchangedBase() throws Exception {
        String ran = "PairedHashTest variant slower loaded by app\n"
                + "PairedHashTest variant unchanged loaded by jlbh-paired-base\n";

        PairedGateRates.requireVariant(new ConsumerProject.Build(0, ran, "", 1), PairedGateRates.SLOWER);
        assertThatIOException().isThrownBy(() -> PairedGateRates.requireVariant(new ConsumerProject.Build(0, ran, "",
                1), PairedGateRates.TAIL)).withMessageContaining("the change tail, the base unchanged");
        assertThatIOException().isThrownBy(() -> PairedGateRates.requireVariant(new ConsumerProject.Build(0,
                "PairedHashTest variant slower loaded by app\n", "", 1), PairedGateRates.SLOWER));
    }
}
