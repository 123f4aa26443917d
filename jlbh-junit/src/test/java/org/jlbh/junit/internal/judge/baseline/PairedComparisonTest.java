package org.jlbh.junit.internal.judge.baseline;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The paired rule on figures given by the test: deterministic. */
class PairedComparisonTest {
    private static final List<String> P50 = List.of("50");
    private static final List<String> THREE = List.of("50", "90", "99");

    @Test
    void theIntervalsEndsAreTheRanksTheSignTestAllowsAtTwoPercent() {
        assertThat(PairedComparison.rankOfEnds(5, 0.02)).as("1/32 > 2%%: no interval").isZero();
        assertThat(PairedComparison.rankOfEnds(6, 0.02)).isEqualTo(1);
        assertThat(PairedComparison.rankOfEnds(8, 0.02)).isEqualTo(1);
        assertThat(PairedComparison.rankOfEnds(9, 0.02)).as("10/512 = 1.95%%").isEqualTo(2);
        assertThat(PairedComparison.rankOfEnds(11, 0.02)).as("67/2048 = 3.3%% for a third").isEqualTo(2);
        assertThat(PairedComparison.rankOfEnds(12, 0.02)).as("79/4096 = 1.93%%").isEqualTo(3);
    }

    @Test
    void splitOverThreePercentilesEachIntervalIsWiderAndNeedsEightPairs() {
        double third = 0.02 / 3;
        assertThat(PairedComparison.rankOfEnds(7, third)).as("1/128 = 0.78%% > 0.67%%: no interval").isZero();
        assertThat(PairedComparison.rankOfEnds(8, third)).as("1/256 = 0.39%%").isEqualTo(1);
        assertThat(PairedComparison.rankOfEnds(12, third)).as("13/4096 = 0.32%%; 79/4096 = 1.9%% for a third")
                .isEqualTo(2);
        assertThat(PairedComparison.fewestPairs(1)).isEqualTo(6);
        assertThat(PairedComparison.fewestPairs(3)).isEqualTo(8);
    }

    @Test
    void manyPairsStillHaveAnIntervalAroundTheMedian() {
        // 0.5^2000 is below the smallest double: the chances are summed in logs. P(Bin(2000, ½) ≤ k − 1) ≤ 2% for
        // k − 1 up to 1000 − 2.054·√500 ≈ 954 (normal approximation, within one)
        assertThat(PairedComparison.rankOfEnds(2_000, 0.02)).isBetween(953, 956);
        assertThat(PairedComparison.rankOfEnds(100, 0.02)).as("P(Bin(100, ½) ≤ 39) = 1.76%%; ≤ 40: 2.84%%")
                .isEqualTo(40);
    }

    @Test
    void aChangeSlowerInEveryPairByMoreThanTheThresholdIsARegression() {
        // 10% slower, each pair within ±2% of that: the neighbours hit both sides of a pair alike
        PairedComparison compared = compare(new long[] {330, 360, 345, 400, 338, 352},
                new long[] {363, 389, 383, 436, 378, 385}, 5);

        ComparisonRow row = compared.rows().get(0);
        assertThat(row.decision()).isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(row.basis()).isEqualTo(ComparisonRow.Basis.CODES_OWN);
        assertThat(row.lowPercent()).as("the smallest pair's change").isCloseTo(100.0 * 389 / 360 - 100, within(1e-9));
        assertThat(row.highPercent()).as("the largest pair's").isCloseTo(100.0 * 378 / 338 - 100, within(1e-9));
        assertThat(row.changePercent()).isBetween(row.lowPercent(), row.highPercent());
        assertThat(compared.regressionMessage()).startsWith("Regression against the base (paired runs): end to end p50 "
                + "on the code's own account, 12 pairs: base 0.352 µs, change 0.385 µs in the median pair, +9.4% "
                + "(interval +8.1..+11.8% between either copy of each side; copy to copy: base +0.0%, change +0.0%)");
    }

    @Test
    void anUnchangedCodeIsWithinNoiseThoughItsRunsDifferMoreThanTheThreshold() {
        // the runs differ by 20% (a neighbour came and went), each pair within 3%
        PairedComparison compared = compare(new long[] {330, 396, 340, 380, 335, 390},
                new long[] {333, 386, 349, 377, 340, 401}, 5);

        assertThat(compared.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
        assertThat(compared.regressed()).isFalse();
        assertThat(compared.regressionMessage()).isEmpty();
    }

    @Test
    void onePairAgainstTheOthersKeepsTheIntervalFromTheThreshold() {
        // five pairs 10% slower, one 2% (a disturbed run): with 6 pairs the interval's lower end is that pair
        PairedComparison compared = compare(new long[] {330, 330, 330, 330, 330, 330},
                new long[] {363, 363, 363, 363, 363, 337}, 5);

        assertThat(compared.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
    }

    @Test
    void aRowLeaningToARegressionIsNotMeasuredAgainOnceAnotherRowRegressed() {
        // the send probe's pairs lean (the median pair +10%, one +2%); the end-to-end pairs are surely 21% slower
        long[] base = {330, 330, 330, 330, 330, 330, 330, 330};
        ProbeFigures leaningSend = probe("send", new long[] {363, 363, 363, 363, 363, 363, 363, 337}, true);
        PairedComparison alone = compareAlike(List.of(probe("send", base, true)), List.of(leaningSend), P50, 5);
        assertThat(alone.leaningToRegression()).as("the send row alone leans").isPresent();

        PairedComparison withARegression = compareAlike(
                List.of(probe("end to end", base, true), probe("send", base, true)),
                List.of(probe("end to end", new long[] {400, 400, 400, 400, 400, 400, 400, 400}, true), leaningSend),
                P50, 5);
        assertThat(withARegression.regressed()).isTrue();
        assertThat(withARegression.rows()).extracting(ComparisonRow::decision).containsExactly(
                ComparisonRow.Change.REGRESSION, ComparisonRow.Change.WITHIN_NOISE);
        assertThat(withARegression.leaningToRegression()).as("the change fails anyway: nothing to measure again for")
                .isEmpty();
    }

    @Test
    void aChangeSurelySlowerButNotSurelyByTheThresholdLeansToARegressionOthersDoNot() {
        // the pairs of the disturbed run above: the median pair +10%, the interval down to +2%: more pairs would decide
        PairedComparison leaning = compare(new long[] {330, 330, 330, 330, 330, 330},
                new long[] {363, 363, 363, 363, 363, 337}, 5);
        assertThat(leaning.leaningToRegression()).hasValueSatisfying(row -> assertThat(row.changePercent())
                .isCloseTo(10, within(1e-9)));

        assertThat(compare(new long[] {330, 396, 340, 380, 335, 390}, new long[] {333, 386, 349, 377, 340, 401}, 5)
                .leaningToRegression()).as("within noise, its estimate under the threshold").isEmpty();
        assertThat(compare(new long[] {330, 360, 345, 400, 338, 352}, new long[] {363, 389, 383, 436, 378, 385}, 5)
                .leaningToRegression()).as("decided: a regression").isEmpty();
        assertThat(compare(new long[] {330, 330, 330}, new long[] {500, 500, 500}, 5).leaningToRegression())
                .as("too few pairs to judge: more are not asked for").isEmpty();
        assertThat(compare(new long[] {330, 330, 330, 330, 330, 330}, new long[] {363, 363, 363, 363, 363, 300}, 5)
                .leaningToRegression()).as("its interval reaching below zero: more pairs would rarely decide it")
                .isEmpty();
    }

    @Test
    void detectableIsTheEdgeOfWhatTheseSpreadPairsFlag() {
        long[] base = {1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000};
        long[] change = {1_000_000, 1_010_000, 1_020_000, 1_030_000, 1_040_000, 1_050_000};
        ComparisonRow row = compare(base, change, 5).rows().get(0);
        double detectable = row.detectablePercent();
        // the same spread, shifted to just beyond and just short of the edge
        double justBeyond = (1 + detectable / 100 + 0.001) / (1 + row.changePercent() / 100);
        double justShort = (1 + detectable / 100 - 0.001) / (1 + row.changePercent() / 100);

        assertThat(compare(base, scaled(change, justBeyond), 5).rows().get(0).decision())
                .isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(compare(base, scaled(change, justShort), 5).rows().get(0).decision())
                .isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
    }

    @Test
    void fewerThanSixPairsAreNotJudgedSayingHowManyAreNeeded() {
        ComparisonRow row = compare(new long[] {330, 330, 330}, new long[] {500, 500, 500}, 5).rows().get(0);

        assertThat(row.decision()).isEqualTo(ComparisonRow.Change.NOT_JUDGED);
        assertThat(row.describe()).endsWith("not judged: 3 rounds of runs, at least 6 needed for an interval with 1 "
                + "percentile compared (runs = 11 or more)");
    }

    @Test
    void threePercentilesShareTheChanceOfAFalseAlarmSoSixPairsAreTooFew() {
        // every pair 50% slower at each percentile: with one percentile compared, 6 such pairs flag it; with three,
        // each interval at 2%/3 needs 8 pairs, so that unchanged code is flagged in at most 2% of tests, not 6%
        long[] base = {330, 330, 330, 330, 330, 330};
        long[] change = {500, 500, 500, 500, 500, 500};
        PairedComparison threeOfSix = compareAlike(List.of(probeAtEach("end to end", base, THREE)),
                List.of(probeAtEach("end to end", change, THREE)), THREE, 5);
        assertThat(threeOfSix.rowAlpha()).isCloseTo(0.02 / 3, within(1e-12));
        assertThat(threeOfSix.rows()).hasSize(3).allSatisfy(row -> assertThat(row.describe()).endsWith(
                "not judged: 6 rounds of runs, at least 8 needed for an interval with 3 percentiles compared "
                        + "(runs = 15 or more)"));

        long[] base8 = {330, 330, 330, 330, 330, 330, 330, 330};
        long[] change8 = {500, 500, 500, 500, 500, 500, 500, 500};
        PairedComparison threeOfEight = compareAlike(List.of(probeAtEach("end to end", base8, THREE)),
                List.of(probeAtEach("end to end", change8, THREE)), THREE, 5);
        assertThat(threeOfEight.rows()).extracting(ComparisonRow::decision)
                .containsOnly(ComparisonRow.Change.REGRESSION);
    }

    @Test
    void fasterBeyondTheThresholdInEveryPairIsAnImprovement() {
        PairedComparison compared = compare(new long[] {400, 400, 400, 400, 400, 400},
                new long[] {330, 331, 335, 329, 340, 333}, 5);

        assertThat(compared.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.IMPROVED);
        assertThat(compared.regressed()).isFalse();
    }

    @Test
    void theFiguresShownAreTheMedianPairsSoTheirSignIsTheChangesWhereEachSidesMedianSaysOtherwise() {
        // each side's median says slower (base 0.100 µs, change 0.855 µs), the median pair 12.5% faster: eight pairs
        // 11 to 14.5% faster, four small and four large, and one disturbed pair whose base was small and change large
        long[] base = {100, 1_000, 100, 1_000, 100, 1_000, 100, 1_000, 100};
        long[] change = {86, 855, 87, 865, 88, 875, 89, 885, 1_000};
        ComparisonRow row = compare(base, change, 5).rows().get(0);

        assertThat(row.decision()).isEqualTo(ComparisonRow.Change.IMPROVED);
        assertThat(row.changePercent()).isCloseTo(-12.5, within(1e-9));
        assertShownFiguresGiveTheChange(row);
        assertThat(row.describe()).contains(", 18 pairs: base 1.000 µs, change 0.875 µs in the median pair, -12.5% "
                + "(interval -14.0..-11.0% between either copy of each side; copy to copy: base +0.0%, change +0.0%)");
    }

    @Test
    void ofAnEvenCountTheMedianPairIsTheLowerOfTheTwoInTheMiddle() {
        // ratios in the order measured: 1.10, 1.02, 1.08, 1.04, 1.12, 1.06; in the middle 1.06 and 1.08
        PairedComparison compared = compare(new long[] {1_000, 2_000, 1_000, 2_000, 1_000, 2_000},
                new long[] {1_100, 2_040, 1_080, 2_080, 1_120, 2_120}, 5);
        ComparisonRow row = compared.rows().get(0);

        assertThat(row.changePercent()).isCloseTo(6, within(1e-9));
        assertThat(row.describe()).contains(", 12 pairs: base 2.000 µs, change 2.120 µs in the median pair, +6.0% ");
        assertShownFiguresGiveTheChange(row);
    }

    @Test
    void aProbeWithoutTheCodesOwnFiguresIsComparedAsMeasuredSayingSo() {
        ProbeFigures base = probe("hash", new long[] {330, 330, 330, 330, 330, 330}, false);
        ProbeFigures change = probe("hash", new long[] {400, 400, 400, 400, 400, 400}, false);

        PairedComparison compared = compareAlike(List.of(base), List.of(change), P50, 5);

        assertThat(compared.rows().get(0).basis()).isEqualTo(ComparisonRow.Basis.MEASURED);
        assertThat(compared.rows().get(0).decision()).isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(compared.notes()).containsExactly("hash: compared as measured: not every run of every side has "
                + "figures on the code's own account (a probe without a latency budget keeps no late samples to "
                + "replay)");
    }

    @Test
    void aProbeTheBaseLacksIsNotCompared() {
        ProbeFigures change = probe("parse", new long[] {400, 400, 400, 400, 400, 400}, true);

        PairedComparison compared = compareAlike(List.of(), List.of(change), P50, 5);

        assertThat(compared.rows()).isEmpty();
        assertThat(compared.notes()).containsExactly("parse: the base has no such probe, not compared");
    }

    @Test
    void twoCopiesOfTheSameCodeApartForTheWholeJvmWidenTheIntervalSoAnUnchangedChangeIsNotFlagged() {
        // the change is the base's bytes, compiled apart: 8% faster in every pair, as a whole build can be; the
        // control, a second copy of the base's, is as far from the base: the change against the base alone says
        // IMPROVED
        long[] base = {400, 410, 405, 420, 400, 415, 410, 405};
        long[] change = {368, 377, 373, 386, 368, 382, 377, 373};
        long[] control = {369, 378, 372, 387, 367, 381, 378, 372};

        ComparisonRow againstTheBase = compare(base, change, base, change, 5).rows().get(0);
        ComparisonRow withControl = compare(base, change, control, 5).rows().get(0);

        assertThat(againstTheBase.decision()).as(againstTheBase.describe())
                .isEqualTo(ComparisonRow.Change.IMPROVED);
        assertThat(withControl.decision()).as(withControl.describe()).isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
        assertThat(withControl.lowPercent()).isEqualTo(againstTheBase.lowPercent());
        assertThat(withControl.highPercent()).as("up to the change against the control").isGreaterThan(0);
        assertThat(withControl.describe()).contains("% between either copy of each side; copy to copy: base -8.1%, "
                + "change +0.0%)");
        assertShownFiguresGiveTheChange(withControl);
    }

    @Test
    void theSlowdownDetectableIsWhereTheLowestCopyAgainstCopyPassesTheTolerance() {
        // a real 20% slowdown in both copies of the change; the control 10% slower than the base: against the
        // control the change is 9% slower, against the base 20%; flagged, the interval's low end the control's
        long[] base = {1_000, 1_010, 1_020, 1_000, 1_030, 1_010, 1_000, 1_020};
        long[] change = {1_200, 1_212, 1_224, 1_200, 1_236, 1_212, 1_200, 1_224};
        long[] slowControl = {1_100, 1_111, 1_122, 1_100, 1_133, 1_111, 1_100, 1_122};

        ComparisonRow apart = compare(base, change, slowControl, 5).rows().get(0);

        assertThat(apart.decision()).as("20% against the base, 9% against the control: both beyond +5%")
                .isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(apart.lowPercent()).isCloseTo(100.0 * 1_200 / 1_100 - 100, within(1e-9));
        assertThat(((ComparisonRow.Pairs) apart.figures()).baseCopiesApartPercent()).isCloseTo(10, within(1e-9));
        // the same pairs shifted to just beyond and just short of what is detectable: flagged, then not
        double justBeyond = (1 + apart.detectablePercent() / 100 + 0.001) / (1 + apart.changePercent() / 100);
        double justShort = (1 + apart.detectablePercent() / 100 - 0.001) / (1 + apart.changePercent() / 100);
        assertThat(compare(base, scaled(change, justBeyond), slowControl, 5).rows().get(0).decision())
                .isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(compare(base, scaled(change, justShort), slowControl, 5).rows().get(0).decision())
                .isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
    }

    @Test
    void theChangesCopyApartFromTheBasesTwoThatAgreeLeavesTheIntervalHoldingZero() {
        // the same bytes on both sides: the base's two copies agree, the change's own 3% slower for the whole JVM (a
        // compile of its own, as Netty's copies showed), its second copy with the base's; against the base alone
        // the pairs say +3%, an interval a few tenths wide: the union of the four holds zero, and says why
        long[] base = {700, 705, 702, 710, 698, 704, 701, 707};
        long[] control = {701, 704, 703, 709, 699, 705, 700, 708};
        long[] oddChange = {721, 726, 723, 731, 719, 725, 722, 728};
        long[] changeCopy = {700, 706, 701, 710, 699, 703, 702, 707};

        ComparisonRow againstOneCopy = compare(base, oddChange, control, oddChange, 1).rows().get(0);
        ComparisonRow row = compare(base, oddChange, control, changeCopy, 1).rows().get(0);

        assertThat(againstOneCopy.lowPercent()).as("one copy of the change: zero left out").isGreaterThan(2);
        assertThat(againstOneCopy.decision()).as(againstOneCopy.describe())
                .isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(row.lowPercent()).as(row.describe()).isLessThan(0);
        assertThat(row.highPercent()).as(row.describe()).isGreaterThan(2);
        assertThat(row.decision()).isEqualTo(ComparisonRow.Change.WITHIN_NOISE);
        assertThat(row.describe()).contains("between either copy of each side; copy to copy: base +0.1%, change "
                + "-2.9%)");
        assertShownFiguresGiveTheChange(row);
    }

    @Test
    void aChangeBeyondEveryCopyOfTheBaseInBothItsCopiesIsFlagged() {
        // a real 20% slowdown in both copies of the change, each side's copies a point apart: flagged, and its low end
        // the least of the four comparisons
        long[] base = {1_000, 1_010, 1_020, 1_000, 1_030, 1_010, 1_000, 1_020};
        long[] control = {1_010, 1_020, 1_030, 1_010, 1_040, 1_020, 1_010, 1_030};
        long[] change = {1_200, 1_212, 1_224, 1_200, 1_236, 1_212, 1_200, 1_224};
        long[] changeCopy = {1_190, 1_202, 1_214, 1_190, 1_226, 1_202, 1_190, 1_214};

        ComparisonRow row = compare(base, change, control, changeCopy, 5).rows().get(0);

        assertThat(row.decision()).as(row.describe()).isEqualTo(ComparisonRow.Change.REGRESSION);
        assertThat(row.lowPercent()).isCloseTo(100.0 * 1_190 / 1_010 - 100, within(0.2));
        assertThat(((ComparisonRow.Pairs) row.figures()).count()).isEqualTo(16);
        assertShownFiguresGiveTheChange(row);
    }

    /** Asserts that the base's and change's figures a row shows give its change, to the decimal shown. */
    private static void assertShownFiguresGiveTheChange(ComparisonRow row) {
        Matcher shown = Pattern.compile("pairs: base ([0-9.,]+) µs, change ([0-9.,]+) µs.*?, ([+-][0-9.]+)% "
                + "\\(interval").matcher(row.describe());
        assertThat(shown.find()).as(row.describe()).isTrue();
        double base = Double.parseDouble(shown.group(1).replace(",", ""));
        double change = Double.parseDouble(shown.group(2).replace(",", ""));
        assertThat(String.format(Locale.ROOT, "%+.1f", 100 * (change / base - 1))).as(row.describe())
                .isEqualTo(shown.group(3));
    }

    /**
     * @return the change against a base, each side's second copy measured as its first did: copy to copy 0, so that
     *         every pair counts twice
     */
    private static PairedComparison compare(long[] base, long[] change, double tolerancePercent) {
        return compare(base, change, base, tolerancePercent);
    }

    /** @return the change against a base and its control; the change's second copy measured as the change did */
    private static PairedComparison compare(long[] base, long[] change, long[] control, double tolerancePercent) {
        return compare(base, change, control, change, tolerancePercent);
    }

    private static PairedComparison compare(long[] base, long[] change, long[] control, long[] changeCopy,
                                            double tolerancePercent) {
        return PairedComparison.compare(List.of(probe("end to end", base, true)),
                List.of(probe("end to end", change, true)), List.of(probe("end to end", control, true)),
                List.of(probe("end to end", changeCopy, true)), P50, tolerancePercent);
    }

    private static PairedComparison compareAlike(List<ProbeFigures> base, List<ProbeFigures> change,
                                                 List<String> percentiles, double tolerancePercent) {
        return PairedComparison.compare(base, change, base, change, percentiles, tolerancePercent);
    }

    /** @return a probe whose runs' p50 as measured is twice the given figure, and on the code's own account it */
    private static ProbeFigures probe(String name, long[] p50s, boolean codesOwn) {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < p50s.length; i++) {
            RunFigures run = new RunFigures(i + 1, 20_000, p50s[i] / 2, p50s[i], 10 * p50s[i],
                    Map.of("50", codesOwn ? 2 * p50s[i] : p50s[i]), List.of(), 0);
            runs.add(codesOwn ? run.withCodesOwn(Map.of("50", p50s[i])) : run);
        }
        return new ProbeFigures(name, runs);
    }

    /** @return a probe whose runs each have the given figure at every one of the percentiles, as measured and own */
    private static ProbeFigures probeAtEach(String name, long[] figures, List<String> percentiles) {
        List<RunFigures> runs = new ArrayList<>();
        for (int i = 0; i < figures.length; i++) {
            Map<String, Long> each = new java.util.HashMap<>();
            for (String percentile : percentiles) {
                each.put(percentile, figures[i]);
            }
            runs.add(new RunFigures(i + 1, 20_000, figures[i], figures[i], figures[i], each, List.of(), 0)
                    .withCodesOwn(each));
        }
        return new ProbeFigures(name, runs);
    }

    private static long[] scaled(long[] values, double factor) {
        long[] scaled = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            scaled[i] = Math.round(values[i] * factor);
        }
        return scaled;
    }
}
