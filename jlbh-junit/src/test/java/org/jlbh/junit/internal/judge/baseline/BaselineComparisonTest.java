package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The baseline gate on chosen figures: history, change, interval, threshold and decision. */
class BaselineComparisonTest {
    private static final Path BASELINE = Path.of("src/test/jlbh-baseline");
    private static final String HERE = "CPU X, 2 cores, Java 17, G1";
    private static final BaselineGate GATE = new BaselineGate(10, List.of("50", "99"), false, 0.01);

    /** @return a probe whose runs have these p50 values, p99 at twice and the worst at ten times each */
    private static ProbeFigures probe(String name, long... p50s) {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < p50s.length; i++) {
            Map<String, Long> percentiles = new LinkedHashMap<>();
            percentiles.put("50", p50s[i]);
            percentiles.put("99", 2 * p50s[i]);
            runs.add(new RunFigures(i + 1, 1_000, 1, p50s[i], 10 * p50s[i], percentiles, List.of(), 0));
        }
        return new ProbeFigures(name, runs);
    }

    /** @return one recorded build per row, each with an end-to-end probe whose runs have the row's p50 values */
    private static List<RecordedBuild> history(String environment, long[]... builds) {
        List<RecordedBuild> history = new ArrayList<>();
        for (long[] runs : builds) {
            history.add(new RecordedBuild("t", environment, List.of(probe(JLBH.END_TO_END, runs))));
        }
        return history;
    }

    /** Five builds of three runs, each run within ±3% of 1,000 ns: an unchanged body on a quiet machine. */
    private static List<RecordedBuild> steadyHistory(String environment) {
        return history(environment, new long[]{1_000, 990, 1_010}, new long[]{1_020, 1_000, 980},
                new long[]{970, 980, 1_030}, new long[]{1_010, 1_000, 995}, new long[]{1_000, 1_005, 1_010});
    }

    private static List<ComparisonRow> regressions(BaselineComparison comparison) {
        return comparison.rows().stream().filter(ComparisonRow::regressed).toList();
    }

    private static List<ComparisonRow> improvements(BaselineComparison comparison) {
        return comparison.rows().stream().filter(row -> row.decision() == ComparisonRow.Change.IMPROVED).toList();
    }

    private static BaselineComparison compare(List<RecordedBuild> history, long... now) {
        return BaselineComparison.compare(BASELINE, history, List.of(probe(JLBH.END_TO_END, now)), HERE, GATE, 42);
    }

    @Test
    void anUnchangedBuildIsWithinNoise() {
        BaselineComparison comparison = compare(steadyHistory(HERE), 1_005, 995, 1_015);

        assertThat(regressions(comparison)).isEmpty();
        assertThat(comparison.rows()).extracting(ComparisonRow::decision).containsExactly(
                ComparisonRow.Change.WITHIN_NOISE, ComparisonRow.Change.WITHIN_NOISE,
                ComparisonRow.Change.NOT_GATED);
        ComparisonRow p50 = comparison.rows().get(0);
        ComparisonRow.History history = (ComparisonRow.History) p50.figures();
        assertThat(history.builds()).isEqualTo(5);
        assertThat(history.lowNanos()).isEqualTo(980);
        assertThat(history.highNanos()).isEqualTo(1_005);
        assertThat(p50.lowPercent()).isLessThanOrEqualTo(p50.changePercent());
        assertThat(p50.highPercent()).isGreaterThanOrEqualTo(p50.changePercent());
    }

    /** @return the steady history's builds, recorded at these times */
    private static List<RecordedBuild> steadyHistoryRecordedAt(String... times) {
        List<RecordedBuild> steady = steadyHistory(HERE);
        List<RecordedBuild> history = new ArrayList<>();
        for (int b = 0; b < steady.size(); b++) {
            history.add(new RecordedBuild(times[b], HERE, steady.get(b).probes()));
        }
        return history;
    }

    @Test
    void aHistoryRecordedInOneSittingSaysItHasNotSeenTheRunnerDriftAndWhen() {
        BaselineComparison comparison = compare(steadyHistoryRecordedAt("2026-11-27T01:40:10.088668011Z",
                "2026-11-27T01:40:40Z", "2026-11-27T01:41:12Z", "2026-11-27T01:42:05Z", "2026-11-27T01:43:55Z"),
                1_005, 995, 1_015);

        assertThat(comparison.notes()).contains("The history's 5 builds were recorded within 4 minutes "
                + "(2026-11-27T01:40:10Z to 2026-11-27T01:43:55Z): it has not seen how this runner's speed drifts "
                + "over hours, so its intervals and detectable changes hold only while the machine runs as it ran "
                + "then (on a shared runner, builds of unchanged code ran up to 15% slower for minutes at a time); "
                + "record builds over days, or compare with the base in this build (jlbh.paired.base)");
        assertThat(comparison.table()).contains("The history's 5 builds were recorded within 4 minutes");
        // it says what the history cannot see; it judges as before
        assertThat(comparison.rows()).isEqualTo(compare(steadyHistory(HERE), 1_005, 995, 1_015).rows());
    }

    @Test
    void aHistoryRecordedOverAnHourOrMoreOrOnAnotherMachineSaysNothingOfASitting() {
        BaselineComparison overDays = compare(steadyHistoryRecordedAt("2026-11-20T09:00:00Z",
                "2026-11-23T14:10:00Z", "2026-11-24T08:00:00Z", "2026-11-26T17:30:00Z", "2026-11-27T01:40:00Z"),
                1_005, 995, 1_015);
        BaselineComparison anHour = compare(steadyHistoryRecordedAt("2026-11-27T01:00:00Z",
                "2026-11-27T01:10:00Z", "2026-11-27T01:20:00Z", "2026-11-27T01:30:00Z", "2026-11-27T02:00:00Z"),
                1_005, 995, 1_015);
        List<RecordedBuild> elsewhere = new ArrayList<>();
        for (RecordedBuild build : steadyHistoryRecordedAt("2026-11-27T01:40:00Z", "2026-11-27T01:40:30Z",
                "2026-11-27T01:41:00Z", "2026-11-27T01:41:30Z", "2026-11-27T01:42:00Z")) {
            elsewhere.add(new RecordedBuild(build.time(), "CPU Y, 8 cores, Java 21, ZGC", build.probes()));
        }

        assertThat(overDays.notes()).hasSize(1).noneMatch(note -> note.startsWith("The history's"));
        assertThat(anHour.notes()).hasSize(1).noneMatch(note -> note.startsWith("The history's"));
        assertThat(compare(elsewhere, 1_005, 995, 1_015).notes()).hasSize(1)
                .noneMatch(note -> note.startsWith("The history's"));
    }

    @Test
    void aBuildSlowerBeyondTheThresholdInEveryRunIsARegressionSaidWithItsInterval() {
        BaselineComparison comparison = compare(steadyHistory(HERE), 1_300, 1_280, 1_320);

        assertThat(regressions(comparison)).extracting(ComparisonRow::percentile).containsExactly("50", "99");
        ComparisonRow p50 = regressions(comparison).get(0);
        assertThat(p50.lowPercent()).isGreaterThan(10);
        assertThat(p50.describe()).matches("end to end p50 as measured: history 0\\.980–1\\.005 \u00b5s \\(5 builds\\), "
                + "now 1\\.300 \u00b5s, \\+\\d+% \\(interval \\+\\d+\\.\\.\\+\\d+%\\), tolerance \\+10%, detectable "
                + "\\+\\d+%: REGRESSION");
        assertThat(comparison.regressionMessage()).startsWith("Regression against the baseline in " + BASELINE
                + ": end to end p50 as measured: history");
    }

    @Test
    void aChangeTheHistorysOwnSpreadCouldMakeIsNotARegression() {
        // the history's builds range over ±15%: a build 12% above its median is within what it has seen
        List<RecordedBuild> noisy = history(HERE, new long[]{850, 870, 860}, new long[]{1_150, 1_140, 1_160},
                new long[]{1_000, 990, 1_010}, new long[]{900, 910, 890}, new long[]{1_100, 1_090, 1_110});
        assertThat(regressions(compare(noisy, 1_120, 1_125, 1_115))).isEmpty();
    }

    @Test
    void fasterBeyondTheThresholdIsAnImprovementAndInvitesARefresh() {
        BaselineComparison comparison = compare(steadyHistory(HERE), 700, 690, 710);

        assertThat(improvements(comparison)).hasSize(2);
        assertThat(regressions(comparison)).isEmpty();
        assertThat(comparison.table()).contains("IMPROVED", "Faster than the baseline: refresh it with "
                + "jlbh.baseline.write=true");
    }

    @Test
    void aHistoryOfOneBuildIsComparedWithoutGatingAndAsksForMore() {
        BaselineComparison comparison = compare(steadyHistory(HERE).subList(0, 1), 2_000, 2_010, 1_990);

        assertThat(comparison.builds()).isEqualTo(1);
        assertThat(regressions(comparison)).isEmpty();
        assertThat(comparison.rows().get(0).changePercent()).isCloseTo(100, org.assertj.core.api.Assertions.within(1.0));
        assertThat(comparison.rows().get(0).describe()).endsWith("not judged: 1 recorded build cannot tell the noise "
                + "between builds; record at least one more");
        assertThat(comparison.table()).contains("The baseline holds 1 build, so the noise between builds is unknown: "
                + "record more with jlbh.baseline.write=true");
    }

    /** Builds of three steady runs, alternately 1,000 and 3,000 ns: a history whose own builds differ 3.0x. */
    private static List<RecordedBuild> wildHistory(int builds) {
        long[][] runs = new long[builds][];
        for (int b = 0; b < builds; b++) {
            long value = b % 2 == 0 ? 1_000 : 3_000;
            runs[b] = new long[]{value, value, value};
        }
        return history(HERE, runs);
    }

    @Test
    void aHistoryTooNoisyToJudgeAChangeWithinItsSpreadSaysSoInsteadOfGating() {
        BaselineComparison comparison = compare(wildHistory(4), 2_500, 2_500, 2_500);

        assertThat(regressions(comparison)).isEmpty();
        assertThat(comparison.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.NOT_JUDGED);
        assertThat(comparison.rows().get(0).describe()).endsWith("not judged: the history's own builds differ 3.0\u00d7 "
                + "here, too noisy to gate a change within that");
    }

    @Test
    void aChangeBeyondANoisyHistorysOwnSpreadIsJudgedByRanksAndSaysSo() {
        List<RecordedBuild> wild = wildHistory(4);

        // every run above all 12 recorded runs: an unchanged build's 3 runs do that 1 in C(15, 3) = 455 times,
        // within the level the test's 2 comparisons leave (0.01 / 2)
        BaselineComparison slower = compare(wild, 30_000, 30_000, 30_000);
        BaselineComparison faster = compare(wild, 100, 100, 100);

        assertThat(slower.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(slower.rows().get(0).describe()).endsWith(": REGRESSION, beyond the history's own spread (its builds "
                + "differ 3.0\u00d7): every run above all 12 recorded runs, which an unchanged build does by chance 1 "
                + "in 455");
        assertThat(faster.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.IMPROVED);
        assertThat(faster.rows().get(0).describe()).endsWith(": IMPROVED, beyond the history's own spread (its builds "
                + "differ 3.0\u00d7): every run below all 12 recorded runs, which an unchanged build does by chance 1 "
                + "in 455");
    }

    @Test
    void aNoisyHistoryWithTooFewRunsCannotTellEvenALargeChangeFromChance() {
        // 6 recorded runs: an unchanged build's 3 runs rank above all of them 1 in C(9, 3) = 84 times, too often
        BaselineComparison comparison = compare(wildHistory(2), 30_000, 30_000, 30_000);

        assertThat(regressions(comparison)).isEmpty();
        assertThat(comparison.rows().get(0).describe()).endsWith("not judged: the history's own builds differ "
                + "3.0\u00d7 here, too noisy to gate a change within that; every run is above all 6 recorded runs, "
                + "but an unchanged build does that by chance 1 in 84, too often to gate: record more builds");
    }

    /**
     * The end-to-end p99 of a ~1 µs body at 20,000/s on a 2-core machine: most runs near 1.2 µs, some runs that the
     * machine stalled near 10 µs, so its builds differ 8×.
     */
    private static List<RecordedBuild> stalledRunsHistory() {
        return history(HERE, new long[]{1_200, 1_200, 1_100}, new long[]{9_700, 1_200, 15_300},
                new long[]{1_200, 1_200, 1_200}, new long[]{1_200, 6_400, 1_200}, new long[]{10_000, 3_300, 1_100});
    }

    @Test
    void aTailRegressionIsToldFromAHistoryOfStalledRunsWhileStalledRunsOfAnUnchangedBuildAreNot() {
        List<RecordedBuild> history = stalledRunsHistory();

        BaselineComparison tail = compare(history, 101_100, 101_100, 101_100);
        BaselineComparison unchangedButStalled = compare(history, 17_300, 9_700, 1_100);
        BaselineComparison justAboveTheHighestRun = compare(history, 16_000, 16_000, 16_000);

        assertThat(tail.rows().get(0).describe()).endsWith("REGRESSION, beyond the history's own spread (its builds "
                + "differ 8.1\u00d7): every run above all 15 recorded runs, which an unchanged build does by chance 1 "
                + "in 816");
        assertThat(regressions(unchangedButStalled)).isEmpty();
        assertThat(unchangedButStalled.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.NOT_JUDGED);
        // above every recorded run, but by less than the 10% threshold: not a change that counts
        assertThat(regressions(justAboveTheHighestRun)).isEmpty();
    }

    /**
     * @return a probe whose runs have these p99 values as measured, and on the code's own account {@code ownP99s}
     *         (p50 1,000 ns in both)
     */
    private static ProbeFigures probeWithCodesOwn(long[] measuredP99s, long[] ownP99s) {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < measuredP99s.length; i++) {
            runs.add(new RunFigures(i + 1, 20_000, 900, 1_100, 10 * measuredP99s[i],
                    Map.of("50", 1_000L, "99", measuredP99s[i]), List.of(), 0,
                    Map.of("50", 1_000L, "99", ownP99s[i])));
        }
        return new ProbeFigures(JLBH.END_TO_END, runs);
    }

    /**
     * Five builds recorded beside a busy process: p99 as measured 30–1,320 µs (the harness thread waited for its CPU),
     * on the code's own account 2.0–2.1 µs.
     */
    private static List<RecordedBuild> busyHistory() {
        long[][] measured = {{30_000, 900_000, 1_320_000}, {45_000, 60_000, 700_000}, {1_100_000, 35_000, 80_000},
            {52_000, 640_000, 41_000}, {300_000, 33_000, 990_000}};
        long[][] own = {{2_000, 2_050, 2_010}, {2_040, 2_000, 2_060}, {2_020, 2_030, 2_000}, {2_010, 2_100, 2_000},
            {2_050, 2_020, 2_040}};
        List<RecordedBuild> history = new ArrayList<>();
        for (int b = 0; b < measured.length; b++) {
            history.add(new RecordedBuild("t", HERE, List.of(probeWithCodesOwn(measured[b], own[b]))));
        }
        return history;
    }

    private static BaselineComparison compareWithCodesOwn(List<RecordedBuild> history, long[] measured, long[] own) {
        return BaselineComparison.compare(BASELINE, history, List.of(probeWithCodesOwn(measured, own)), HERE, GATE, 42);
    }

    @Test
    void theCodesOwnFiguresAreGatedWhereTheHistoryAndThisBuildBothHaveThem() {
        // this build waited for its CPU too, longer than any recorded build: as measured its p99 is far beyond them
        BaselineComparison unchanged = compareWithCodesOwn(busyHistory(), new long[]{2_500_000, 3_000_000, 2_800_000},
                new long[]{2_030, 2_010, 2_050});
        BaselineComparison slower = compareWithCodesOwn(busyHistory(), new long[]{40_000, 38_000, 39_000},
                new long[]{2_600, 2_650, 2_620});

        assertThat(regressions(unchanged)).isEmpty();
        ComparisonRow p99 = unchanged.rows().get(1);
        assertThat(p99.basis()).isEqualTo(ComparisonRow.Basis.CODES_OWN);
        assertThat(p99.decision()).isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
        assertThat(p99.describe()).startsWith("end to end p99 on the code's own account: history 2.010–2.040 \u00b5s "
                + "(5 builds), now 2.030 \u00b5s (as measured 2,800.000 \u00b5s), ");
        assertThat(unchanged.notes()).isEmpty();
        // 28% slower on its own account, though faster as measured: the code is what the gate is about
        assertThat(regressions(slower)).extracting(ComparisonRow::percentile).containsExactly("99");
    }

    @Test
    void aHistoryRecordedBeforeTheCodesOwnFiguresWereKeptIsComparedAsMeasuredAndSaysSo() {
        List<RecordedBuild> measuredOnly = steadyHistory(HERE);

        BaselineComparison comparison = compareWithCodesOwn(measuredOnly, new long[]{2_000, 2_000, 2_000},
                new long[]{1_900, 1_900, 1_900});

        assertThat(comparison.rows()).extracting(ComparisonRow::basis)
                .containsOnly(ComparisonRow.Basis.MEASURED);
        assertThat(comparison.notes()).containsExactly("end to end: compared as measured: 5 of the 5 recorded builds "
                + "have no figures on the code's own account for it (recorded before they were kept)");
        assertThat(comparison.table()).contains(comparison.notes().get(0));
    }

    @Test
    void aProbeWithoutTheCodesOwnFiguresInThisBuildIsComparedAsMeasuredAndSaysSo() {
        BaselineComparison comparison = BaselineComparison.compare(BASELINE, busyHistory(),
                List.of(probe(JLBH.END_TO_END, 1_000, 1_000, 1_000)), HERE, GATE, 42);

        assertThat(comparison.rows().get(0).basis()).isEqualTo(ComparisonRow.Basis.MEASURED);
        assertThat(comparison.notes()).containsExactly("end to end: compared as measured: this build has no figures "
                + "on the code's own account for it (a probe without a latency budget keeps no late samples to "
                + "replay)");
    }

    @Test
    void eachGatedRowSaysTheSmallestSlowdownItWouldFlag() {
        List<RecordedBuild> history = steadyHistory(HERE);
        long[] unchanged = {1_005, 995, 1_015};
        ComparisonRow p50 = compare(history, unchanged).rows().get(0);
        double detectable = p50.detectablePercent();
        // a quiet, tight history: a little more than the threshold, for the interval's width
        assertThat(detectable).isBetween(10.0, 20.0);
        assertThat(p50.describe()).contains(String.format(java.util.Locale.ROOT, ", detectable +%.0f%%: within noise",
                detectable));

        // the same build made slower: just beyond the detectable change it is flagged, just short of it not
        double estimate = 1 + p50.changePercent() / 100;
        double justBeyond = (1 + detectable / 100) / estimate * 1.005;
        double justShort = (1 + detectable / 100) / estimate * 0.995;
        assertThat(compare(history, scaled(unchanged, justBeyond)).rows().get(0).regressed()).isTrue();
        assertThat(compare(history, scaled(unchanged, justShort)).rows().get(0).regressed()).isFalse();
    }

    @Test
    void aHistoryThatCannotJudgeSaysNoChangeIsDetectableAndTheWorstSaysNothing() {
        BaselineComparison oneBuild = compare(steadyHistory(HERE).subList(0, 1), 1_000, 1_000, 1_000);
        BaselineComparison fewRuns = compare(wildHistory(2), 2_500, 2_500, 2_500);

        assertThat(oneBuild.rows().get(0).detectablePercent()).isInfinite();
        assertThat(oneBuild.rows().get(0).describe()).contains(", detectable: none: not judged");
        assertThat(fewRuns.rows().get(0).detectablePercent()).isInfinite();
        ComparisonRow worst = oneBuild.rows().get(2);
        assertThat(worst.percentile()).isEqualTo(BaselineComparison.WORST);
        assertThat(worst.detectablePercent()).isNaN();
        assertThat(worst.describe()).doesNotContain("detectable");
    }

    @Test
    void aNoisyHistoryWithEnoughRunsFlagsAChangeBeyondItsHighestRunAndSaysHowFarThatIs() {
        // 12 runs of 1,000 and 3,000 ns: flagged when every run of this build lies above 3,000 × 1.1
        long[] within = {2_000, 2_000, 2_000};
        ComparisonRow p50 = compare(wildHistory(4), within).rows().get(0);

        assertThat(p50.decision()).isEqualTo(ComparisonRow.Change.NOT_JUDGED);
        double estimate = 1 + p50.changePercent() / 100;
        double flaggedAt = (1 + p50.detectablePercent() / 100) / estimate;
        assertThat(flaggedAt * 2_000).isCloseTo(3_300, org.assertj.core.api.Assertions.within(0.01));
        assertThat(compare(wildHistory(4), scaled(within, flaggedAt * 1.005)).rows().get(0).regressed()).isTrue();
        assertThat(compare(wildHistory(4), scaled(within, flaggedAt * 0.995)).rows().get(0).regressed()).isFalse();
    }

    private static long[] scaled(long[] values, double factor) {
        long[] scaled = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            scaled[i] = Math.round(values[i] * factor);
        }
        return scaled;
    }

    @Test
    void buildsFromAnotherMachineAreReportedNotGatedUnlessAskedTo() {
        BaselineComparison elsewhere = compare(steadyHistory("CPU Y, 8 cores, Java 21, ZGC"), 2_000, 2_000, 2_000);

        assertThat(elsewhere.gated()).isFalse();
        assertThat(regressions(elsewhere)).isEmpty();
        assertThat(elsewhere.rows().get(0).describe()).contains("not gated: recorded on another machine or JVM (CPU Y");
        assertThat(elsewhere.table()).contains("reported, not gated");

        BaselineComparison anyway = BaselineComparison.compare(BASELINE, steadyHistory("CPU Y, 8 cores, Java 21, ZGC"),
                List.of(probe(JLBH.END_TO_END, 2_000, 2_000, 2_000)), HERE,
                new BaselineGate(10, List.of("50"), true, 0.01), 42);
        assertThat(regressions(anyway)).hasSize(1);
        assertThat(anyway.table()).contains("gated all the same, as jlbh.baseline.environment = any asks");
    }

    @Test
    void theSameFiguresAndSeedGiveTheSameInterval() {
        ComparisonRow first = compare(steadyHistory(HERE), 1_100, 1_050, 1_090).rows().get(0);
        ComparisonRow second = compare(steadyHistory(HERE), 1_100, 1_050, 1_090).rows().get(0);
        assertThat(first).isEqualTo(second);
    }

    @Test
    void osJitterIsNotComparedAndProbesTheBaselineLacksAndPercentilesTooFewSamplesSupportAreSaidNotCompared() {
        List<RecordedBuild> history = List.of(new RecordedBuild("t", HERE,
                List.of(probe(JLBH.OS_JITTER, 1), probe("q", 1_000, 1_000))));
        ProbeFigures onlyP50 = new ProbeFigures("q", List.of(
                new RunFigures(1, 50, 1, 1_000, 1_000, Map.of("50", 1_000L), List.of(), 0)));

        BaselineComparison comparison = BaselineComparison.compare(BASELINE, history,
                List.of(probe(JLBH.OS_JITTER, 1_000_000), probe("new", 5), onlyP50), HERE, GATE, 1);

        assertThat(comparison.rows()).extracting(row -> row.probe() + " " + row.percentile())
                .containsExactly("q 50", "q worst");
        assertThat(comparison.notCompared()).containsExactly("new: no baseline for this probe, not compared",
                "q p99: too few samples (run 1 has 50, and p99 needs at least 1,000), not compared");
    }
}
