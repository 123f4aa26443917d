package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.JLBH;
import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * This build's figures compared with its baseline, a history of recorded builds, per probe and percentile.
 *
 * <p>What is compared: the figures on the code's own account ({@link RunFigures#codesOwnNanos()}: the late samples the
 * platform's waits and the JVM's safepoints made later replayed without them), so that a busy runner's waits, in the
 * history or in this build, are not taken for the code's; where this build or a recorded one lacks them (a probe
 * without a latency budget keeps no late samples to replay; a build recorded before they were kept), the figures as
 * measured, and {@link #notes()} says so.
 *
 * <p>The method: for each gated percentile (those {@link BaselineGate#percentiles()} names that every run of this
 * build supports; the others are listed as not compared, saying why), the change is the ratio of this build's median
 * run to the history's median build (each build's median run), with an interval from a {@link HierarchicalBootstrap} over builds and runs. The interval's level is
 * corrected for the number of comparisons the test makes ({@code 1 − α/m}), so that many probes and percentiles do
 * not cry wolf by arithmetic. A percentile is a {@link Change#REGRESSION} when the whole interval lies above
 * {@code +tolerance}, {@link Change#IMPROVED} when it lies below {@code −tolerance}, else within noise. A history
 * whose own builds differ by more than a factor of {@value #TOO_NOISY} at a percentile is too noisy for that interval
 * (its ends rest on the history's outlying runs): there a change is judged by ranks instead ({@link RankBeyond}), a
 * regression only when every run of this build lies above every recorded run by more than the tolerance and an
 * unchanged build would do so by chance no more often than the corrected level allows, else the percentile is not
 * judged; and
 * a history of fewer than {@value #FEWEST_BUILDS_TO_GATE} builds is compared but does not gate;
 * builds recorded on another machine or JVM are reported against, not gated (unless the gate says otherwise). Each
 * gated row says the smallest change it would have flagged ({@link Row#detectablePercent()}), so that a team knows
 * what a green gate means. The worst sample is shown, never gated; OS jitter is the machine's, never compared.
 * Immutable.
 *
 * @param source      the baseline's folder, for messages
 * @param builds      how many recorded builds the comparison used
 * @param environment when the builds used were recorded on another machine or JVM, which; else empty
 * @param gated       whether the comparison can fail the test: the builds are from this machine and JVM, or the
 *                    gate compares across environments
 * @param rows        every probe and percentile compared, probe by probe, in ascending percentile, then the worst
 * @param notCompared what this build has and the baseline lacks, each said as not compared
 * @param notes       per probe compared as measured rather than on the code's own account, why; and when the gated
 *                    history was recorded in one sitting ({@link #ONE_SITTING}), that it has not seen the runner drift
 */
public record BaselineComparison(Path source, int builds, String environment, boolean gated, List<Row> rows,
                                 List<String> notCompared, List<String> notes) {
    /** The label of the worst sample's row. */
    public static final String WORST = "worst";
    /** A history whose builds differ by more than this factor at a percentile cannot judge it. */
    public static final double TOO_NOISY = 2;
    /**
     * The fewest recorded builds that gate: one build says nothing of the noise between builds (a fresh JVM's JIT,
     * layout and the machine's state), which at high percentiles is most of the noise.
     */
    public static final int FEWEST_BUILDS_TO_GATE = 2;
    /**
     * A gated history whose builds were all recorded within this span was recorded in one sitting, and the table says
     * what that history has not seen: on a shared runner, builds of unchanged code ran up to 15% slower for minutes
     * at a time (jlbh-benchmarks' README, 2026-11-27), which the spread of builds recorded minutes apart leaves out.
     */
    public static final Duration ONE_SITTING = Duration.ofHours(1);

    /** What a comparison decided. */
    public enum Change {
        /** Slower beyond the threshold, the whole interval above it. */
        REGRESSION,
        /** Faster beyond the threshold, the whole interval below it. */
        IMPROVED,
        /** The interval reaches within the threshold: no change that this history can tell from noise. */
        WITHIN_NOISE,
        /** The history cannot judge it (too noisy); {@link Row#why()} says why. */
        NOT_JUDGED,
        /** Shown but not gated: the worst sample, or builds recorded on another machine or JVM. */
        NOT_GATED
    }

    /** Which figures a row compares. */
    public enum Basis {
        /** The figures on the code's own account: late samples the platform and the JVM made later, replayed. */
        CODES_OWN("on the code's own account"),
        /** The figures as measured. */
        MEASURED("as measured");

        private final String words;

        Basis(String words) {
            this.words = words;
        }

        /** @return how a row says it, e.g. {@code on the code's own account} */
        public String words() {
            return words;
        }
    }

    /**
     * One probe and percentile: the history, now, the change with its interval, the threshold, the smallest change
     * the comparison would have flagged, and the decision.
     *
     * @param probe             the probe's name
     * @param percentile        a percentile label, e.g. {@code 99.9}, or {@link #WORST}
     * @param basis             which figures were compared (the history's and this build's alike)
     * @param historyLowNanos   the history's lowest build (median run), in nanoseconds
     * @param historyHighNanos  the history's highest build (median run), in nanoseconds
     * @param builds            how many recorded builds had this percentile
     * @param nowNanos          this build's median run, in nanoseconds
     * @param measuredNowNanos  this build's median run as measured, in nanoseconds (the same as {@code nowNanos} when
     *                          the basis is {@link Basis#MEASURED})
     * @param changePercent     the estimated change, in percent, positive when slower
     * @param lowPercent        the interval's lower end, in percent
     * @param highPercent       the interval's upper end, in percent
     * @param thresholdPercent  the threshold the interval was judged against, in percent
     * @param detectablePercent the smallest slowdown of this build, in percent of the history, that would have been
     *                          flagged, with this history and this build's own spread; infinite when none would (the
     *                          history cannot judge it), NaN where nothing is gated (the worst; another machine)
     * @param change            the decision
     * @param why               why a percentile was not judged or not gated, or why a noisy history's regression or
     *                          improvement stands (beyond its spread); empty otherwise
     */
    public record Row(String probe, String percentile, Basis basis, double historyLowNanos, double historyHighNanos,
                      int builds, double nowNanos, double measuredNowNanos, double changePercent, double lowPercent,
                      double highPercent, double thresholdPercent, double detectablePercent, Change change,
                      String why) {

        /** @return whether this row is a regression */
        public boolean regressed() {
            return change == Change.REGRESSION;
        }

        /**
         * @return e.g. {@code end to end p99 on the code's own account: history 10.200–11.000 µs (5 builds), now
         *         14.100 µs (as measured 96.000 µs), +32% (interval +21..+44%), tolerance +10%, detectable +18%:
         *         REGRESSION}
         */
        public String describe() {
            boolean worst = percentile.equals(WORST);
            String what = probe + " " + (worst ? WORST : "p" + percentile + " " + basis.words());
            String history = String.format(Locale.ROOT, "history %s–%s \u00b5s (%d build%s), now %s \u00b5s",
                    ReportFormat.micros(historyLowNanos), ReportFormat.micros(historyHighNanos), builds,
                    builds == 1 ? "" : "s", ReportFormat.micros(nowNanos));
            if (worst) {
                return what + ": " + history + ": shown, never gated";
            }
            if (basis == Basis.CODES_OWN) {
                history += " (as measured " + ReportFormat.micros(measuredNowNanos) + " \u00b5s)";
            }
            String decision = switch (change) {
                case REGRESSION -> why.isEmpty() ? "REGRESSION" : "REGRESSION, " + why;
                case IMPROVED -> why.isEmpty() ? "IMPROVED" : "IMPROVED, " + why;
                case WITHIN_NOISE -> "within noise";
                case NOT_JUDGED -> "not judged: " + why;
                case NOT_GATED -> "not gated: " + why;
            };
            return String.format(Locale.ROOT, "%s: %s, %+.0f%% (interval %+.0f..%+.0f%%), tolerance +%s%%%s: %s", what,
                    history, changePercent, lowPercent, highPercent, ReportFormat.plain(thresholdPercent),
                    detectable(), decision);
        }

        /** @return e.g. {@code , detectable +18%}, {@code , detectable: none}, or empty where nothing is gated */
        private String detectable() {
            if (Double.isNaN(detectablePercent)) {
                return "";
            }
            return Double.isInfinite(detectablePercent) ? ", detectable: none"
                    : String.format(Locale.ROOT, ", detectable %+.0f%%", detectablePercent);
        }
    }

    /** Copies the rows. */
    public BaselineComparison {
        rows = List.copyOf(rows);
        notCompared = List.copyOf(notCompared);
        notes = List.copyOf(notes);
    }

    /**
     * @param source             the baseline's folder, for messages
     * @param history            the recorded builds, oldest first, at least one
     * @param current            this build's probes
     * @param currentEnvironment this build's machine and JVM, as {@link RecordedBuild#environment()} says it
     * @param gate               how to compare
     * @param seed               the seed of the bootstrap (the same figures and seed give the same intervals)
     * @return the comparison
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
                List<Double> measured = probe.percentileByRun(percentile);
                if (measured.isEmpty()) {
                    notCompared.add(probe.name() + " p" + percentile + ": " + unsupported(probe, percentile)
                            + ", not compared");
                    continue;
                }
                List<double[]> before = recorded.stream().map(p -> array(p.percentileByRun(percentile)))
                        .filter(values -> values.length > 0).toList();
                if (before.isEmpty()) {
                    notCompared.add(probe.name() + " p" + percentile + ": not in the baseline, not compared");
                    continue;
                }
                List<double[]> beforeOwn = recorded.stream().map(p -> array(p.codesOwnByRun(percentile)))
                        .filter(values -> values.length > 0).toList();
                List<Double> own = probe.codesOwnByRun(percentile);
                if (!own.isEmpty() && beforeOwn.size() == before.size()) {
                    pending.add(new Pending(probe.name(), percentile, Basis.CODES_OWN, beforeOwn, array(own),
                            array(measured)));
                    continue;
                }
                notes.add(own.isEmpty() ? probe.name() + ": compared as measured: this build has no figures on the "
                        + "code's own account for it (a probe without a latency budget keeps no late samples to "
                        + "replay)" : String.format(Locale.ROOT, "%s: compared as measured: %d of the %d recorded "
                        + "builds have no figures on the code's own account for it (recorded before they were "
                        + "kept)", probe.name(), before.size() - beforeOwn.size(), before.size()));
                pending.add(new Pending(probe.name(), percentile, Basis.MEASURED, before, array(measured),
                        array(measured)));
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
        long comparisons = pending.stream().filter(p -> !p.percentile().equals(WORST)).count();
        double level = 1 - gate.familyAlpha() / Math.max(1, comparisons);
        List<Row> rows = new ArrayList<>();
        for (Pending p : pending) {
            rows.add(p.judge(gate, level, seed, gated, environment));
        }
        return new BaselineComparison(source, builds.size(), environment, gated, rows, notCompared,
                List.copyOf(notes));
    }

    /** @return the rows that regressed */
    public List<Row> regressions() {
        return rows.stream().filter(Row::regressed).toList();
    }

    /** @return the rows that improved */
    public List<Row> improvements() {
        return rows.stream().filter(row -> row.change() == Change.IMPROVED).toList();
    }

    /** @return e.g. {@code Regression against the baseline in src/test/jlbh-baseline: end to end p50: …}; empty if none */
    public String regressionMessage() {
        List<String> regressed = regressions().stream().map(Row::describe).toList();
        return regressed.isEmpty() ? "" : "Regression against the baseline in " + source + ": "
                + String.join("; ", regressed);
    }

    /** @return one line per row and per thing not compared, then a note when the history is short or foreign */
    public String table() {
        StringBuilder sb = new StringBuilder();
        for (Row row : rows) {
            sb.append(row.describe()).append(System.lineSeparator());
        }
        for (String line : notCompared) {
            sb.append(line).append(System.lineSeparator());
        }
        for (String line : notes) {
            sb.append(line).append(System.lineSeparator());
        }
        if (builds == 1) {
            sb.append("The baseline holds 1 build, so the noise between builds is unknown: record more with "
                    + "jlbh.baseline.write=true").append(System.lineSeparator());
        }
        if (!environment.isEmpty()) {
            sb.append("The baseline was recorded on another machine or JVM (").append(environment).append(gated
                    ? "): gated all the same, as jlbh.baseline.environment = any asks" : "): reported, not gated")
                    .append(System.lineSeparator());
        }
        if (!improvements().isEmpty()) {
            sb.append("Faster than the baseline: refresh it with jlbh.baseline.write=true")
                    .append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * @param builds the gated history
     * @return when its builds (two or more, their times readable) were all recorded within {@link #ONE_SITTING}, what
     *         that history cannot see
     */
    private static Optional<String> oneSitting(List<RecordedBuild> builds) {
        if (builds.size() < FEWEST_BUILDS_TO_GATE) {
            return Optional.empty();
        }
        Instant first = Instant.MAX;
        Instant last = Instant.MIN;
        try {
            for (RecordedBuild build : builds) {
                Instant time = Instant.parse(build.time());
                first = time.isBefore(first) ? time : first;
                last = time.isAfter(last) ? time : last;
            }
        } catch (DateTimeParseException unreadable) {
            return Optional.empty();
        }
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

    /** One comparison to make, once the number of comparisons (and so the level) is known. */
    private record Pending(String probe, String percentile, Basis basis, List<double[]> before, double[] now,
                           double[] measured) {

        Row judge(BaselineGate gate, double level, long seed, boolean gated, String environment) {
            double low = Double.MAX_VALUE;
            double high = 0;
            for (double[] build : before) {
                double median = HierarchicalBootstrap.statistic(build);
                low = Math.min(low, median);
                high = Math.max(high, median);
            }
            double nowNanos = HierarchicalBootstrap.statistic(now);
            double measuredNanos = HierarchicalBootstrap.statistic(measured);
            double tolerance = gate.tolerancePercent();
            if (low <= 0 || nowNanos <= 0) {
                double change = low <= 0 ? (nowNanos <= 0 ? 0 : Double.POSITIVE_INFINITY) : -100;
                return new Row(probe, percentile, basis, low, high, before.size(), nowNanos, measuredNanos, change,
                        change, change, tolerance, Double.POSITIVE_INFINITY, Change.NOT_JUDGED,
                        "a value of 0 ns has no ratio");
            }
            HierarchicalBootstrap.Ratio ratio = HierarchicalBootstrap.ratio(before, now, level,
                    seed * 31 + (probe + " " + percentile).hashCode());
            double change = 100 * (ratio.estimate() - 1);
            double lowPercent = 100 * (ratio.low() - 1);
            double highPercent = 100 * (ratio.high() - 1);
            Change decision;
            String why = "";
            // the slowdown of this build, as a factor, at which it would just be flagged
            double flaggedAt = (1 + tolerance / 100) / ratio.low();
            if (percentile.equals(WORST)) {
                decision = Change.NOT_GATED;
                why = "the worst is one sample";
                flaggedAt = Double.NaN;
            } else if (!gated) {
                decision = Change.NOT_GATED;
                why = "recorded on another machine or JVM (" + environment + ")";
                flaggedAt = Double.NaN;
            } else if (before.size() < FEWEST_BUILDS_TO_GATE) {
                decision = Change.NOT_JUDGED;
                why = "1 recorded build cannot tell the noise between builds; record at least one more";
                flaggedAt = Double.POSITIVE_INFINITY;
            } else if (high / low > TOO_NOISY) {
                // too noisy for the bootstrap: judge by ranks whether this build lies beyond every recorded run
                RankBeyond ranks = RankBeyond.of(before, now, tolerance, level);
                decision = ranks.change();
                why = ranks.describe(high / low);
                flaggedAt = ranks.slowerFactorFlagged(tolerance);
            } else if (lowPercent > tolerance) {
                decision = Change.REGRESSION;
            } else if (highPercent < -tolerance) {
                decision = Change.IMPROVED;
            } else {
                decision = Change.WITHIN_NOISE;
            }
            double detectable = 100 * (ratio.estimate() * flaggedAt - 1);
            return new Row(probe, percentile, basis, low, high, before.size(), nowNanos, measuredNanos, change,
                    lowPercent, highPercent, tolerance, detectable, decision, why);
        }
    }
}
