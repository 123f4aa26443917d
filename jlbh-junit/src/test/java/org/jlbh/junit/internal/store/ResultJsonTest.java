package org.jlbh.junit.internal.store;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.GrownFrame;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.profile.TailFrame;
import org.jlbh.junit.internal.profile.TailSplit;
import org.jlbh.junit.internal.report.result.EvidenceSnapshot;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The JSON format: what is written reads back equal, and a file that lacks what the format always has is refused. */
public class ResultJsonTest {

    private static final EvidenceSnapshot.PauseRecord GC_PAUSE = new EvidenceSnapshot.PauseRecord(1, true, "G1New",
            333_000_000, 4_100_000, 3_500_000);
    private static final EvidenceSnapshot.Attribution ATTRIBUTION = new EvidenceSnapshot.Attribution(50,
            List.of(new EvidenceSnapshot.LateByCause(1, 1_180, 3, 41, 32, 0, List.of(
                            new EvidenceSnapshot.CauseWindow(12, 1_180, 3, 0, 1, 0),
                            new EvidenceSnapshot.CauseWindow(333, 0, 0, 41, 31, 64)), 64),
                    new EvidenceSnapshot.LateByCause(2, 0, 0, 0, 7, 2, List.of(), 0)),
            38_200_000, 12, 48_000, 1, 2, 21_200_000, 90_700_000, 303, List.of(GC_PAUSE),
            List.of(new EvidenceSnapshot.PauseRecord(1, false, "Cleanup", 10, 687_000, 0)), 45.5,
            List.of("no JVM evidence: the Flight Recorder is not available"),
            "late samples over 50 µs: 1,180 while the harness thread waited …");
    private static final EvidenceSnapshot.Evidence EVIDENCE = new EvidenceSnapshot.Evidence(Optional.empty(),
            38_200_000, 48_000, 412, Optional.empty(), 120, List.of(GC_PAUSE));
    private static final EvidenceSnapshot.Timeline TIMELINE = new EvidenceSnapshot.Timeline(1_000_000,
            List.of(1_200L, 0L, 4_100_000L), List.of(new EvidenceSnapshot.BudgetWindows(50_000,
            List.of(new EvidenceSnapshot.WindowValue(2, 82)))),
            List.of(new EvidenceSnapshot.WindowValue(0, 3_000), new EvidenceSnapshot.WindowValue(2, 700_000)),
            List.of());

    /** A result with every kind of member: a failed attempt then a passed one, GC, stalls, a baseline. */
    public static ResultSnapshot everything() {
        Map<String, Long> percentiles = new LinkedHashMap<>();
        percentiles.put("50", 1_234L);
        percentiles.put("99.9", 98_765L);
        RunFigures figures = new RunFigures(1, 20_000, 101, 1_500, 1_234_567, percentiles,
                List.of(new RunFigures.Point(0, 101), new RunFigures.Point(36.9043, 1_100),
                        new RunFigures.Point(99.9, 98_765), new RunFigures.Point(100, 1_234_567)), 3,
                Map.of("50", 1_050L, "99.9", 12_345L));
        RunFigures empty = new RunFigures(2, 0, 0, 0, 0, Map.of(), List.of(), 0);
        ResultSnapshot.CheckRecord breached = new ResultSnapshot.CheckRecord("end to end p99.9 <= 50 \u00b5s",
                "98.765 \u00b5s", false, Optional.of(new ResultSnapshot.LatencyRecord("end to end", 99.9, 50, 98.765)),
                Optional.of("end to end p99.9 was 98.765 \u00b5s, budget 50 \u00b5s (runs: …)\nsecond \"line\""),
                Optional.of("inconclusive: the platform itself stalled"), Optional.empty(), Optional.of(ATTRIBUTION));
        ResultSnapshot.CheckRecord unjudged = new ResultSnapshot.CheckRecord("parse p99.99 <= 5 \u00b5s",
                "not judged", false, Optional.of(new ResultSnapshot.LatencyRecord("parse", 99.99, 5, Double.NaN)),
                Optional.of("parse p99.99 could not be judged"), Optional.empty(), Optional.empty(), Optional.empty());
        ResultSnapshot.CheckRecord allocation = new ResultSnapshot.CheckRecord("allocation <= 0 bytes/op",
                "0 bytes/op", true, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
        ResultSnapshot.CheckRecord codesOwnAccount = new ResultSnapshot.CheckRecord("end to end p99 <= 100 \u00b5s",
                "3,690.000 \u00b5s", true, Optional.of(new ResultSnapshot.LatencyRecord("end to end", 99, 100, 3690)),
                Optional.empty(), Optional.empty(), Optional.of("end to end p99 11.600 \u00b5s on the code's own "
                + "account (runs: 11.200, 11.600, 12.000 \u00b5s), budget 100 \u00b5s; as measured 3,690.000 \u00b5s"),
                Optional.of(ATTRIBUTION));
        return new ResultSnapshot(
                new ResultSnapshot.Test("com.example.T.m-20-000-s-", "com.example.T", "com.example.Base", "m",
                        List.of("net.openhft.chronicle.core.util.NanoSampler"), "T.m[20,000/s]", "[20,000/s]"),
                new ResultSnapshot.Settings(20_000, "Poisson (seed 42)", 2, 20_000, 5_000, 2, true, true, 10_000, Verdict.EVERY_RUN,
                        Mode.REPORT, Noise.STRICT, 1, List.of(new Budget("end to end", 99.9, 50, 25),
                        new Budget("parse", 99.99, 5, 5)), OptionalLong.of(0), OptionalLong.empty(),
                        OptionalLong.of(5), "20,000/s, … budgets",
                        Optional.of(new Sweep(List.of(5_000, 10_000, 20_000, 40_000), 10_000))),
                new ResultSnapshot.Environment("2026-11-22T12:00:00Z", "17.0.15", "OpenJDK 64-Bit Server VM 17",
                        "Debian", "Linux 6", "amd64", "AMD EPYC 7B13", 2, 6_320_816_128L,
                        List.of("G1 Young Generation", "G1 Old Generation")),
                new ResultSnapshot.Conclusion(Outcome.REPORTED, 2, 2, "budgets met on attempt 2 of 2: …"),
                List.of(new ResultSnapshot.AttemptRecord(1, Outcome.FAILED, List.of(breached, unjudged)),
                        new ResultSnapshot.AttemptRecord(2, Outcome.PASSED, List.of(allocation, codesOwnAccount))),
                0.125,
                List.of(new ResultSnapshot.Run(1, RunStatus.COMPLETE, "20,000 iterations, one end-to-end sample each",
                                20_000, 20_000, 20_000, 1_000_012_345, 1_000_000_000, 19_999.753086419752,
                                OptionalLong.of(2_016), OptionalLong.of(4_123_456),
                                List.of(new ResultSnapshot.Collection("G1 Young Generation", "end of minor GC",
                                        "G1 Evacuation Pause", 3, false, 0, 7)), figures, Optional.of(EVIDENCE),
                                Optional.of(TIMELINE)),
                        new ResultSnapshot.Run(2, RunStatus.ABORTED, "iteration 3 did not return", 20_000, 2, 2, 5, 6,
                                Double.NaN, OptionalLong.empty(), OptionalLong.empty(), List.of(), empty,
                                Optional.of(new EvidenceSnapshot.Evidence(Optional.of("no scheduler evidence on this "
                                        + "OS"), 0, 0, 0, Optional.of("no JVM evidence"), 0, List.of())),
                                Optional.empty())),
                List.of(new ProbeFigures("end to end", List.of(figures, empty)), new ProbeFigures("OS jitter", List.of())),
                Optional.of(List.of(new ComparisonRow("end to end", "50", ComparisonRow.Basis.CODES_OWN,
                                new ComparisonRow.History(1_000, 1_100, 5, 1_234, 98_765), 17.5, 9.25, 26.1, 10, 19.5,
                                ComparisonRow.Change.WITHIN_NOISE, ""),
                        new ComparisonRow("end to end", "99", ComparisonRow.Basis.MEASURED,
                                new ComparisonRow.History(1_000, 9_000, 5, 1_234, 1_234), 17.5, -30, 90, 10,
                                Double.POSITIVE_INFINITY, ComparisonRow.Change.NOT_JUDGED,
                                "the history's own builds differ 9.0× here"),
                        new ComparisonRow("end to end", "worst", ComparisonRow.Basis.MEASURED,
                                new ComparisonRow.History(9_000, 11_000, 5, 1_234_567, 1_234_567), 12_000, 9_000,
                                15_000, 10, Double.NaN, ComparisonRow.Change.NOT_GATED, "the worst is one sample"))),
                Optional.empty());
    }

    /** @return {@link #everything()} with its turn on the machine, its cost and profile not known */
    private static ResultSnapshot withMachine(ResultSnapshot.MachineRecord machine) {
        return everything().concluded(Double.NaN, "", List.of(), Optional.of(machine), Optional.empty());
    }

    /** @return {@link #everything()} with its profile, its cost and turn not known */
    private static ResultSnapshot withProfile(CodeProfile<LateAgainstOnTime> profile) {
        return everything().concluded(Double.NaN, "", List.of(), Optional.empty(), Optional.of(profile));
    }

    private static ResultSnapshot read(String json) {
        return ResultJson.read(JsonNode.document(json, ResultJson.FORMAT));
    }

    @Test
    void whatIsWrittenReadsBackEqual() {
        ResultSnapshot result = everything();

        String json = ResultJson.write(result);

        assertThat(read(json)).isEqualTo(result);
        assertThat(json).startsWith("{\n  \"format\": \"jlbh-junit result 1\",").endsWith("}\n")
                .contains("\"outcome\": \"REPORTED\"", "\"maxGcCount\": null", "\"judgedMicros\": null",
                        "\"achievedThroughputPerSecond\": " + 19_999.753086419752, "[36.9043, 1100]",
                        "\"invocation\": \"[20,000/s]\"", "\"rates\": [5000, 10000, 20000, 40000]",
                        "\"requiredThroughputPerSecond\": 10000", "\"codesOwnNanos\": {",
                        "\"basis\": \"CODES_OWN\"", "\"detectablePercent\": 19.5", "\"detectablePercent\": \"none\"",
                        "\"detectablePercent\": null");
        ResultSnapshot withoutBaseline = new ResultSnapshot(result.test(), result.settings(), result.environment(),
                result.conclusion(), result.attempts(), Double.NaN, result.runs(), result.probes(), Optional.empty(),
                Optional.empty());
        assertThat(read(ResultJson.write(withoutBaseline))).isEqualTo(withoutBaseline);
    }

    @Test
    void whatBecameOfABaselineHistoryReadsBackEqual() {
        ResultSnapshot keptAside = everything().withHistory(new ResultSnapshot.HistoryState(
                ResultSnapshot.HistoryState.State.KEPT_ASIDE, "/p/A.m.json", "/p/A.m.json holds the conflict markers "
                + "of a merge (<<<<<<< at line 1)", Optional.of("/p/A.m.unreadable-20261202T040500Z.json"),
                "repair that file"));
        ResultSnapshot notCompared = everything().withHistory(new ResultSnapshot.HistoryState(
                ResultSnapshot.HistoryState.State.NOT_COMPARED, "/p/A.m.json", "cut short", Optional.empty(),
                "restore it"));

        assertThat(read(ResultJson.write(keptAside))).isEqualTo(keptAside);
        assertThat(read(ResultJson.write(notCompared))).isEqualTo(notCompared);
        assertThat(ResultJson.write(keptAside)).contains("\"baselineHistory\": {\n    \"state\": \"KEPT_ASIDE\",");
        assertThat(ResultJson.write(everything())).as("a history that served: not written")
                .doesNotContain("baselineHistory");
    }

    @Test
    void whatTheVerdictCostReadsBackEqual() {
        ResultSnapshot result = everything().concluded(4.25, "decided after 3 runs of 10,000 iterations (1.0 s each)",
                List.of(new ResultSnapshot.FloorRecord(99.9, 50, 46.5, true)), Optional.empty(), Optional.empty());

        String json = ResultJson.write(result);

        assertThat(read(json)).isEqualTo(result);
        assertThat(json).contains("\"measuringSeconds\": 4.25",
                "\"ended\": \"decided after 3 runs of 10,000 iterations (1.0 s each)\"", "\"floor\": [",
                "\"floorMicros\": 46.5", "\"noRoom\": true");
        assertThat(ResultJson.write(everything())).as("not known: not written").doesNotContain("measuringSeconds",
                "\"ended\"", "\"floor\"");
        assertThat(read(ResultJson.write(everything())).conclusion().measuringSeconds()).isNaN();
    }

    @Test
    void theTestsTurnOnTheMachineReadsBackEqual() {
        ResultSnapshot waited = withMachine(new ResultSnapshot.MachineRecord("on", 2.5,
                List.of("pid 4242: OtherTest.hash", "pid 4243: ThirdTest.hash"), Optional.empty(),
                "2026-11-27T14:00:02.500Z", "2026-11-27T14:00:08.700Z"));
        ResultSnapshot shared = withMachine(new ResultSnapshot.MachineRecord("on", 600,
                List.of("pid 4242: OtherTest.hash"), Optional.of("waited the longest wait allowed, and it was still "
                + "held"), "2026-11-27T14:10:00Z", "2026-11-27T14:10:06Z"));
        ResultSnapshot off = withMachine(new ResultSnapshot.MachineRecord("off", 0, List.of(),
                Optional.empty(), "2026-11-27T14:00:00Z", "2026-11-27T14:00:06Z"));

        for (ResultSnapshot result : List.of(waited, shared, off)) {
            assertThat(read(ResultJson.write(result))).isEqualTo(result);
        }
        assertThat(ResultJson.write(waited)).contains("\"machine\": {", "\"lock\": \"on\"", "\"waitedSeconds\": 2.5",
                "\"pid 4242: OtherTest.hash\"", "\"from\": \"2026-11-27T14:00:02.500Z\"").doesNotContain("\"shared\"");
        assertThat(ResultJson.write(shared)).contains("\"shared\": \"waited the longest wait allowed");
        assertThat(read(ResultJson.write(everything())).conclusion().machine()).as("not known: "
                + "not written").isEmpty();
    }

    @Test
    void whereTheLateIterationsSpentTheirTimeReadsBackEqual() {
        TailSplit split = new TailSplit(Map.of("com.example.T.m;com.example.Pricer.recalculateRisk", 90L,
                TailSplit.BETWEEN_CALLS + ";java.lang.Thread.run", 10L), Map.of("com.example.T.m", 4L));
        ResultSnapshot profiled = withProfile(new CodeProfile<>("async-profiler, wall-clock",
                Optional.empty(), 3.25, new LateAgainstOnTime("end to end over 50 \u00b5s", 101, split,
                List.of(new TailFrame("com.example.Pricer.recalculateRisk", "com.example.Pricer.recalculateRisk", 0,
                        0.9, 0, ""))), Optional.of("com.example.T.m.late.html"), Optional.empty()));
        ResultSnapshot unavailable = withProfile(CodeProfile.unavailable("async-profiler, wall-clock",
                "async-profiler does not load here (Windows 11 amd64)", LateAgainstOnTime.NONE));

        for (ResultSnapshot result : List.of(profiled, unavailable)) {
            assertThat(read(ResultJson.write(result))).isEqualTo(result);
        }
        assertThat(ResultJson.write(profiled)).contains("\"profile\": {", "\"lateStacks\"",
                "\"stack\": \"com.example.T.m;com.example.Pricer.recalculateRisk\"", "\"samples\": 90",
                "\"lateShare\": 0.9", "\"flameGraph\": \"com.example.T.m.late.html\"").doesNotContain("\"differential\"");
        assertThat(ResultJson.write(unavailable)).contains("\"unavailable\": \"async-profiler does not load here");
        assertThat(read(ResultJson.write(everything())).conclusion().profile()).as("not profiled").isEmpty();
    }

    @Test
    void aPairedComparisonReadsBackEqual() {
        ResultSnapshot result = everything();
        PairedComparison compared = new PairedComparison(6, 5, List.of(
                new ComparisonRow("end to end", "50", ComparisonRow.Basis.CODES_OWN, new ComparisonRow.Pairs(
                        List.of(330L, 331L, 329L, 340L, 335L, 333L), List.of(363L, 364L, 362L, 375L, 368L, 366L),
                        List.of(331L, 330L, 330L, 341L, 334L, 333L), List.of(362L, 365L, 362L, 374L, 368L, 367L)), 10.0,
                        9.7, 10.3, 5, 5.6, ComparisonRow.Change.REGRESSION, ""),
                new ComparisonRow("end to end", "99", ComparisonRow.Basis.MEASURED, new ComparisonRow.Pairs(
                        List.of(900L, 950L, 1_000L), List.of(1_000L, 1_100L, 1_200L), List.of(), List.of()), Double.NaN,
                        Double.NaN, Double.NaN, 5, Double.NaN, ComparisonRow.Change.NOT_JUDGED, "not judged: 3 rounds …")),
                List.of("parse: the base has no such probe, not compared"));
        ResultSnapshot paired = new ResultSnapshot(result.test(), result.settings(), result.environment(),
                result.conclusion(), result.attempts(), result.allocatedBytesPerOp(), result.runs(), result.probes(),
                result.baseline(), Optional.of(new ResultSnapshot.Paired(List.of("../base/target/test-classes",
                "../base/target/classes"), compared, result.probes(), Optional.empty())));

        String json = ResultJson.write(paired);

        assertThat(read(json)).isEqualTo(paired);
        assertThat(json).contains("\"paired\": {", "\"baseNanos\": [330, 331, 329, 340, 335, 333]",
                "\"changeCopyNanos\": [362, 365, 362, 374, 368, 367]", "\"baseCopiesApartPercent\": ",
                "\"changeCopiesApartPercent\": ",
                "\"medianPair\": 1",
                "\"decision\": \"REGRESSION\"", "\"changePercent\": null");
        assertThat(read(ResultJson.write(result)).paired()).as("none written, none read").isEmpty();
    }

    @Test
    void whereTheChangeSpentMoreTimeThanItsBaseReadsBackEqual() {
        ResultSnapshot result = everything();
        PairedComparison compared = new PairedComparison(0, 5, List.of(), List.of());
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of("T.parse;QuoteParser.parse;QuoteFields.readChecked",
                44L, "T.parse", 3L), 40_000, 212_345.5);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of("T.parse;QuoteParser.parse;QuoteFields.read", 36L),
                40_000, 208_001.25);
        for (CodeProfile<ChangeAgainstBase> growth : List.of(new CodeProfile<>("async-profiler, wall-clock",
                        Optional.empty(), 12.1, new ChangeAgainstBase(change, base,
                        List.of(new GrownFrame("QuoteFields.readChecked", 0.234, 0, 0.035,
                                List.of("T.parse", "QuoteParser.parse", "QuoteFields.readChecked"), List.of()),
                                new GrownFrame("RandomUtils.randomInt", 3.1, 0.2, 0.08,
                                        List.of("T.parse", "RandomUtils.randomInt"),
                                        List.of("SecureRandom.<init>", "Constructor.copy")))),
                        Optional.of("T.parse.change.html"), Optional.of("T.parse.change-vs-base.html")),
                CodeProfile.unavailable("async-profiler, wall-clock", "async-profiler does not load here",
                        ChangeAgainstBase.NONE))) {
            ResultSnapshot paired = new ResultSnapshot(result.test(), result.settings(), result.environment(),
                    result.conclusion(), result.attempts(), result.allocatedBytesPerOp(), result.runs(),
                    result.probes(), result.baseline(), Optional.of(new ResultSnapshot.Paired(List.of("base"),
                    compared, result.probes(), Optional.of(growth))));

            String json = ResultJson.write(paired);

            assertThat(read(json)).isEqualTo(paired);
            assertThat(json).contains("\"growth\": {");
        }
    }

    @Test
    void aResultLackingWhatTheFormatAlwaysHasIsRefusedSayingWhatAndWhere() {
        String json = ResultJson.write(everything());

        // as development versions wrote them before the first release: no fallback reads them
        String preemptions = json.replace("\"cpuSlices\"", "\"preemptions\"");
        assertThatIllegalArgumentException().isThrownBy(() -> read(preemptions))
                .withMessage("not a \"jlbh-junit result 1\" file: \"evidence\" of element 0 of \"runs\" of the "
                        + "result has no \"cpuSlices\" member");
        String fiveValueWindow = json.replace("[12, 1180, 3, 0, 1, 0]", "[12, 1180, 3, 0, 1]");
        assertThatIllegalArgumentException().isThrownBy(() -> read(fiveValueWindow))
                .withMessage("not a \"jlbh-junit result 1\" file: element 0 of \"windows\" of element 0 "
                        + "of \"lateSamples\" of \"attribution\" of element 0 of \"checks\" of element 0 of "
                        + "\"attempts\" of the result is not a [window, platform, safepoint, gc, code, olderObjects] "
                        + "list");
    }

    @Test
    void aFileThatIsNotAResultSaysWhatIsWrongWithIt() {
        assertThatIllegalArgumentException().isThrownBy(() -> read("{\"format\": \"jlbh-junit result 2\"}"))
                .withMessage("not a \"jlbh-junit result 1\" file: its format is \"jlbh-junit result 2\"");
        String noProbes = ResultJson.write(everything()).replace("\"probes\"", "\"probs\"");
        assertThatIllegalArgumentException().isThrownBy(() -> read(noProbes))
                .withMessage("not a \"jlbh-junit result 1\" file: the result has no \"probes\" member");
        String badCount = ResultJson.write(everything()).replaceFirst("\"count\": 20000", "\"count\": \"many\"");
        assertThatIllegalArgumentException().isThrownBy(() -> read(badCount))
                .withMessage("not a \"jlbh-junit result 1\" file: \"count\" of \"harnessLateness\" of element 0 of "
                        + "\"runs\" of the result is not a number");
    }
}
