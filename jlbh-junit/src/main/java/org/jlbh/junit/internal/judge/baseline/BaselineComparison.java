package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow.Basis;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow.Change;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * This build against its baseline, a history of recorded builds, per probe and percentile: each percentile of
 * {@link BaselineGate#percentiles()} that every run supports, on the code's own account where this build and every
 * recorded one have it, else as measured ({@link #notes()} says so). The change is this build's median run over the
 * history's median build, with a {@link HierarchicalBootstrap} interval at the level {@code 1 − α/m} for {@code m}
 * gated rows; a history whose builds differ by more than {@value #TOO_NOISY}× is judged by {@link RankBeyond ranks}.
 * It gates with {@value #FEWEST_BUILDS_TO_GATE} builds or more, from this machine and JVM unless the gate says
 * otherwise; the worst sample is shown, never gated; OS jitter is never compared. Immutable.
 *
 * @param source      the baseline's folder, for messages
 * @param builds      how many recorded builds were used
 * @param environment the machine and JVM they were recorded on, when another; else empty
 * @param gated       whether the comparison can fail the test
 * @param rows        probe by probe, each percentile ascending, then the worst
 * @param notCompared what this build has and the baseline lacks, each said as not compared
 * @param notes       what was compared as measured, and why; what a history recorded in one sitting has not seen
 */
public record BaselineComparison(Path source, int builds, String environment, boolean gated, List<ComparisonRow> rows,
                                 List<String> notCompared, List<String> notes) {
    /** The label of the worst sample's row. */
    public static final String WORST = "worst";
    /** A history whose builds differ by more than this factor at a percentile is judged by ranks there. */
    public static final double TOO_NOISY = 2;
    /** The fewest recorded builds that gate: one says nothing of the noise between builds. */
    public static final int FEWEST_BUILDS_TO_GATE = 2;
    /** A gated history recorded within this span has not seen the runner's speed drift, and the table says so. */
    public static final Duration ONE_SITTING = Duration.ofHours(1);

    public BaselineComparison {
        rows = List.copyOf(rows);
        notCompared = List.copyOf(notCompared);
        notes = List.copyOf(notes);
    }

    /**
     * @return this build's probes, on its machine and JVM ({@link RecordedBuild#environment()} says it), against the
     *         history (oldest first, at least one) in the source folder, as the gate says; the same figures and seed
     *         give the same intervals
     */
    public static BaselineComparison compare(Path source, List<RecordedBuild> history, List<ProbeFigures> current,
                                             String currentEnvironment, BaselineGate gate, long seed) {
        List<RecordedBuild> sameEnvironment = history.stream()
                .filter(build -> build.environment().equals(currentEnvironment)).toList();
        boolean gated = gate.acrossEnvironments() || !sameEnvironment.isEmpty();
        List<RecordedBuild> builds = sameEnvironment.isEmpty() ? history : sameEnvironment;
        String environment = sameEnvironment.isEmpty() && !history.isEmpty()
                ? history.get(history.size() - 1).environment() : "";

        List<String> notCompared = new ArrayList<>();
        Set<String> notes = new LinkedHashSet<>();
        List<Pending> pending = new ArrayList<>();
        for (ProbeFigures probe : current) {
            if (probe.name().equals(JLBH.OS_JITTER) || probe.runs().isEmpty()) {
                continue;
            }
            List<ProbeFigures> recorded = builds.stream().flatMap(build -> build.probes().stream())
                    .filter(p -> p.name().equals(probe.name())).toList();
            if (recorded.isEmpty()) {
                notCompared.add(probe.name() + ": no baseline for this probe, not compared");
                continue;
            }
            for (String percentile : gate.percentiles()) {
                pending(probe, recorded, percentile, notCompared, notes).ifPresent(pending::add);
            }
            List<double[]> beforeWorst = recorded.stream().map(p -> array(p.worstByRun()))
                    .filter(values -> values.length > 0).toList();
            if (!beforeWorst.isEmpty() && !probe.worstByRun().isEmpty()) {
                double[] worst = array(probe.worstByRun());
                pending.add(new Pending(probe.name(), WORST, Basis.MEASURED, beforeWorst, worst, worst));
            }
        }
        if (gated) {
            oneSitting(builds).ifPresent(notes::add);
        }
        double level = 1 - ComparisonRow.alphaEach(gate.familyAlpha(),
                pending.stream().filter(p -> !p.percentile().equals(WORST)).count());
        List<ComparisonRow> rows = pending.stream().map(p -> p.judge(gate, level, seed, gated, environment)).toList();
        return new BaselineComparison(source, builds.size(), environment, gated, rows, notCompared,
                List.copyOf(notes));
    }

    /** @return the comparison of one percentile, or empty when this build or the history lacks it, said why */
    private static Optional<Pending> pending(ProbeFigures probe, List<ProbeFigures> recorded, String percentile,
                                             List<String> notCompared, Set<String> notes) {
        List<Double> measured = probe.percentileByRun(percentile);
        if (measured.isEmpty()) {
            notCompared.add(probe.name() + " p" + percentile + ": " + unsupported(probe, percentile)
                    + ", not compared");
            return Optional.empty();
        }
        List<double[]> before = recorded.stream().map(p -> array(p.percentileByRun(percentile)))
                .filter(values -> values.length > 0).toList();
        if (before.isEmpty()) {
            notCompared.add(probe.name() + " p" + percentile + ": not in the baseline, not compared");
            return Optional.empty();
        }
        List<double[]> beforeOwn = recorded.stream().map(p -> array(p.codesOwnByRun(percentile)))
                .filter(values -> values.length > 0).toList();
        List<Double> own = probe.codesOwnByRun(percentile);
        if (!own.isEmpty() && beforeOwn.size() == before.size()) {
            return Optional.of(new Pending(probe.name(), percentile, Basis.CODES_OWN, beforeOwn, array(own),
                    array(measured)));
        }
        notes.add(own.isEmpty() ? probe.name() + ": compared as measured: this build has no figures on the code's own "
                + "account for it (a probe without a latency budget keeps no late samples to replay)"
                : String.format(Locale.ROOT, "%s: compared as measured: %d of the %d recorded builds have no figures "
                + "on the code's own account for it (recorded before they were kept)", probe.name(),
                before.size() - beforeOwn.size(), before.size()));
        return Optional.of(new Pending(probe.name(), percentile, Basis.MEASURED, before, array(measured),
                array(measured)));
    }

    /** @return e.g. {@code Regression against the baseline in src/test/jlbh-baseline: …}; empty if none regressed */
    public String regressionMessage() {
        return ComparisonRow.regressionMessage("baseline in " + source, rows);
    }

    /** @return one line per row and per thing not compared, then notes on a short, foreign or beaten history */
    public String table() {
        List<String> remarks = new ArrayList<>(notCompared);
        remarks.addAll(notes);
        if (builds == 1) {
            remarks.add("The baseline holds 1 build, so the noise between builds is unknown: record more with "
                    + "jlbh.baseline.write=true");
        }
        if (!environment.isEmpty()) {
            remarks.add("The baseline was recorded on another machine or JVM (" + environment + (gated
                    ? "): gated all the same, as jlbh.baseline.environment = any asks" : "): reported, not gated"));
        }
        if (rows.stream().anyMatch(row -> row.decision() == Change.IMPROVED)) {
            remarks.add("Faster than the baseline: refresh it with jlbh.baseline.write=true");
        }
        return ComparisonRow.table(rows, remarks);
    }

    /** @return when the gated history's builds were all recorded within {@link #ONE_SITTING}, what it cannot see */
    private static Optional<String> oneSitting(List<RecordedBuild> builds) {
        if (builds.size() < FEWEST_BUILDS_TO_GATE) {
            return Optional.empty();
        }
        List<Instant> times;
        try {
            times = builds.stream().map(build -> Instant.parse(build.time())).sorted().toList();
        } catch (DateTimeParseException unreadable) {
            return Optional.empty();
        }
        Instant first = times.get(0);
        Instant last = times.get(times.size() - 1);
        Duration span = Duration.between(first, last);
        if (span.compareTo(ONE_SITTING) >= 0) {
            return Optional.empty();
        }
        long minutes = Math.max(1, (span.toSeconds() + 59) / 60);
        return Optional.of(String.format(Locale.ROOT, "The history's %d builds were recorded within %d minute%s (%s to "
                + "%s): it has not seen how this runner's speed drifts over hours, so its intervals and detectable "
                + "changes hold only while the machine runs as it ran then (on a shared runner, builds of unchanged "
                + "code ran up to 15%% slower for minutes at a time); record builds over days, or compare with the "
                + "base in this build (jlbh.paired.base)", builds.size(), minutes, minutes == 1 ? "" : "s",
                first.truncatedTo(ChronoUnit.SECONDS), last.truncatedTo(ChronoUnit.SECONDS)));
    }

    /** @return why this build has no value at the percentile: too few samples in a run, or not recorded */
    private static String unsupported(ProbeFigures probe, String percentile) {
        long needed = Percentiles.minimumSamples(Double.parseDouble(percentile));
        return probe.runs().stream().filter(run -> run.count() < needed).findFirst()
                .map(run -> String.format(Locale.ROOT, "too few samples (run %d has %,d, and p%s needs at least %,d)",
                        run.run(), run.count(), percentile, needed))
                .orElse("this build did not record it");
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** One percentile to compare, once the number of rows, and so the level, is known. */
    private record Pending(String probe, String percentile, Basis basis, List<double[]> before, double[] now,
                           double[] measured) {

        ComparisonRow judge(BaselineGate gate, double level, long seed, boolean gated, String environment) {
            DoubleSummaryStatistics medians = before.stream().mapToDouble(HierarchicalBootstrap::statistic)
                    .summaryStatistics();
            double low = medians.getMin();
            double high = medians.getMax();
            double nowNanos = HierarchicalBootstrap.statistic(now);
            ComparisonRow.History figures = new ComparisonRow.History(low, high, before.size(), nowNanos,
                    HierarchicalBootstrap.statistic(measured));
            double tolerance = gate.tolerancePercent();
            if (low <= 0 || nowNanos <= 0) {
                double change = low <= 0 ? (nowNanos <= 0 ? 0 : Double.POSITIVE_INFINITY) : -100;
                return new ComparisonRow(probe, percentile, basis, figures, change, change, change, tolerance,
                        Double.POSITIVE_INFINITY, Change.NOT_JUDGED, "a value of 0 ns has no ratio");
            }
            HierarchicalBootstrap.Ratio ratio = HierarchicalBootstrap.ratio(before, now, level,
                    seed * 31 + (probe + " " + percentile).hashCode());
            double lowPercent = 100 * (ratio.low() - 1);
            double highPercent = 100 * (ratio.high() - 1);
            Change decision = ComparisonRow.byInterval(lowPercent, highPercent, tolerance);
            String why = "";
            double flaggedAt = (1 + tolerance / 100) / ratio.low(); // this build's slowdown, a factor, just flagged
            boolean worst = percentile.equals(WORST);
            if (worst || !gated) {
                decision = Change.NOT_GATED;
                why = worst ? "the worst is one sample" : "recorded on another machine or JVM (" + environment + ")";
                flaggedAt = Double.NaN;
            } else if (before.size() < FEWEST_BUILDS_TO_GATE) {
                decision = Change.NOT_JUDGED;
                why = "1 recorded build cannot tell the noise between builds; record at least one more";
                flaggedAt = Double.POSITIVE_INFINITY;
            } else if (high / low > TOO_NOISY) {
                RankBeyond ranks = RankBeyond.of(before, now, tolerance, level);
                decision = ranks.change();
                why = ranks.describe(high / low);
                flaggedAt = ranks.slowerFactorFlagged(tolerance);
            }
            return new ComparisonRow(probe, percentile, basis, figures, 100 * (ratio.estimate() - 1), lowPercent,
                    highPercent, tolerance, 100 * (ratio.estimate() * flaggedAt - 1), decision, why);
        }
    }
}
