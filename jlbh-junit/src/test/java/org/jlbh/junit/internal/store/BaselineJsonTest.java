package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The baseline file: a history of builds, written and read back equal; anything else is refused, saying why. */
class BaselineJsonTest {
    private static final ResultSnapshot.Test TEST = new ResultSnapshot.Test("com.example.T.m", "com.example.T",
            "com.example.T", "m", List.of(), "T.m", "");

    private static RecordedBuild build(String time, long p50) {
        return new RecordedBuild(time, "CPU X, 2 cores, Java 17, G1", List.of(new ProbeFigures("end to end", List.of(
                new RunFigures(1, 20_000, 100, p50, 9_000, Map.of("50", p50, "99", 3 * p50), List.of(), 0),
                new RunFigures(2, 0, 0, 0, 0, Map.of(), List.of(), 0)))));
    }

    @Test
    void aHistoryIsWrittenOneBuildAfterAnotherAndReadsBackEqual() {
        List<RecordedBuild> builds = List.of(build("2026-11-01T10:00:00Z", 1_000), build("2026-11-02T10:00:00Z", 1_010));

        String text = BaselineJson.write(TEST, builds);

        assertThat(text).startsWith("{\n  \"format\": \"jlbh-junit baseline 1\",").doesNotContain("distribution");
        assertThat(BaselineJson.read(text, TEST.id())).isEqualTo(builds);
    }

    @Test
    void anotherTestsBaselineIsRefusedNamingTheTestItRecords() {
        String text = BaselineJson.write(TEST, List.of(build("1", 1_000)));

        assertThatExceptionOfType(BaselineJson.OtherTest.class).isThrownBy(() -> BaselineJson.read(text, "com.example.U.m"))
                .withMessage("it records the test \"com.example.T.m\", not this one");
    }

    @Test
    void aNumberBeyondADoubleOrALongIsRefusedSayingWhere() {
        String text = BaselineJson.write(TEST, List.of(build("1", 1_000)));

        assertThatIllegalArgumentException()
                .isThrownBy(() -> BaselineJson.read(text.replace("\"50\": 1000", "\"50\": 1e999"), TEST.id()))
                .withMessageContaining("\"50\" of").withMessageEndingWith("is not a finite number");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BaselineJson.read(text.replace("\"50\": 1000", "\"50\": 1e30"), TEST.id()))
                .withMessageEndingWith("is beyond a 64-bit whole number");
    }

    @Test
    void anythingElseIsRefusedSayingWhat() {
        assertThatIllegalArgumentException().isThrownBy(() -> BaselineJson.read("{\"format\": \"something\"}", TEST.id()))
                .withMessage("not a \"jlbh-junit baseline 1\" file: its format is \"something\"");
        // a result file, as development versions kept for a baseline before baselines had a history
        String result = ResultJson.write(ResultJsonTest.everything());
        assertThatIllegalArgumentException().isThrownBy(() -> BaselineJson.read(result, "com.example.T.m-20-000-s-"))
                .withMessage("not a \"jlbh-junit baseline 1\" file: its format is \"jlbh-junit result 1\"");
    }
}
