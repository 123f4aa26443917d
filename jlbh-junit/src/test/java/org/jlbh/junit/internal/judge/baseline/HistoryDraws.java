package org.jlbh.junit.internal.judge.baseline;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.config.Configuration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * How much the baseline gate's error rates depend on which builds its history holds. A campaign of jlbh-benchmarks'
 * {@code RegressionGateRates} records one history and gates every build against it, so its table is one draw: a
 * history that happened to hold a slow run (a busy neighbour, a fresh JVM compiled less well) would have judged the
 * same builds otherwise. This replays the campaign's builds (each run's end-to-end figures, measured and on the
 * code's own account, as its {@code regression-gate-builds.tsv} keeps them) against many histories drawn at random
 * from its unchanged builds of one condition, through the gate as shipped ({@link BaselineComparison} at the default
 * threshold, percentiles and family error rate), and counts per draw how many builds of each condition and version it
 * flags, and in how many draws every target holds (unchanged builds flagged at most 1 in 50, regressions at least 48
 * in 50). No build is measured here: the figures are those the real launchers measured; a drawn history's builds are
 * left out of the builds it judges. It lives beside the gate's tests, not among the benchmarks, since it calls the
 * gate itself, which the benchmarks (users' view: the public API only) cannot.
 *
 * <p>Arguments: {@code [history condition, e.g. "one busy loop"] [builds a history] [draws] [table file]
 * [builds.tsv …]}; a draw of 5 builds judging 480 builds takes about 5 s here. The threshold is the gate's default
 * unless {@code -DhistoryDraws.tolerance=15} (a percentage) says another. Deterministic: the draws come from a
 * fixed seed. Not thread-safe; run as a program: {@code mvn -pl jlbh-junit test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=org.jlbh.junit.internal.judge.baseline.HistoryDraws -Dexec.args=…}.
 */
public final class HistoryDraws {
    private static final long SEED = 42;
    private static final String END_TO_END = "end to end";

    /** One build's line of a campaign's list: where and what it ran, and its runs' end-to-end figures. */
    record Build(String phase, String condition, String version, ProbeFigures endToEnd) {
    }

    /** How many builds of one condition and version a draw flagged, and of how many. */
    record Count(String condition, String version, int flagged, int judged) {
        boolean meetsTarget() {
            return version.equals("unchanged") ? flagged * 50 <= judged : flagged * 50 >= 48 * judged;
        }
    }

    private HistoryDraws() {
    }

    public static void main(String[] args) throws IOException {
        String condition = args[0];
        int recorded = Integer.parseInt(args[1]);
        int draws = Integer.parseInt(args[2]);
        Path out = Path.of(args[3]);
        List<Build> builds = new ArrayList<>();
        for (int i = 4; i < args.length; i++) {
            builds.addAll(read(Files.readAllLines(Path.of(args[i]))));
        }
        String table = table(builds, condition, recorded, draws);
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /**
     * @param builds    a campaign's builds
     * @param condition the condition whose unchanged builds histories are drawn from
     * @param recorded  builds a history
     * @param draws     how many histories
     * @return a Markdown table: per condition and version, the builds flagged over the draws, and the draws in which
     *         every target held
     */
    static String table(List<Build> builds, String condition, int recorded, int draws) {
        List<Build> pool = builds.stream()
                .filter(b -> b.version().equals("unchanged") && b.condition().equals(condition)).toList();
        if (pool.size() <= recorded) {
            throw new IllegalArgumentException("only " + pool.size() + " unchanged builds " + condition
                    + " to draw histories of " + recorded + " from");
        }
        Random random = new Random(SEED);
        Map<String, List<Count>> byGroup = new LinkedHashMap<>();
        int met = 0;
        for (int d = 0; d < draws; d++) {
            List<Build> shuffled = new ArrayList<>(pool);
            Collections.shuffle(shuffled, random);
            List<Count> counts = judge(shuffled.subList(0, recorded), builds);
            counts.forEach(c -> byGroup.computeIfAbsent(c.condition() + " | " + c.version(), k -> new ArrayList<>())
                    .add(c));
            met += counts.stream().allMatch(Count::meetsTarget) ? 1 : 0;
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d histories of %d builds drawn from %d "
                + "unchanged builds %s; every other build judged against each, by the gate as shipped, threshold "
                + "+%s%%%n%n", draws, recorded, pool.size(), condition, ReportFormat.plain(tolerance())));
        sb.append("| gated | version | builds judged a draw | flagged: fewest / 10th pct / median / 90th pct / most "
                + "| draws meeting its target |\n| --- | --- | --- | --- | --- | --- |\n");
        byGroup.forEach((group, counts) -> {
            List<Integer> flagged = counts.stream().map(Count::flagged).sorted().toList();
            int n = flagged.size();
            int fewest = counts.stream().mapToInt(Count::judged).min().orElseThrow();
            int most = counts.stream().mapToInt(Count::judged).max().orElseThrow();
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %d / %d / %d / %d / %d | %d of %d |%n",
                    counts.get(0).condition(), counts.get(0).version(),
                    fewest == most ? Integer.toString(most) : fewest + "–" + most, flagged.get(0),
                    flagged.get(n / 10), flagged.get(n / 2), flagged.get(n * 9 / 10), flagged.get(n - 1),
                    counts.stream().filter(Count::meetsTarget).count(), n));
        });
        sb.append(String.format(Locale.ROOT, "%nEvery target met (unchanged flagged at most 1 in 50, regressions at "
                + "least 48 in 50, in every condition) in %d of %d histories%n", met, draws));
        return sb.toString();
    }

    /** @return the threshold, in percent: the gate's default unless {@code historyDraws.tolerance} says another */
    private static double tolerance() {
        return Double.parseDouble(System.getProperty("historyDraws.tolerance",
                String.valueOf(Configuration.DEFAULT_TOLERANCE_PERCENT)));
    }

    /** @return per gated condition and version, in the order first met, how many of its builds this history flags */
    static List<Count> judge(List<Build> history, List<Build> builds) {
        BaselineGate gate = new BaselineGate(tolerance(),
                Configuration.DEFAULT_BASELINE_PERCENTILES, false, BaselineGate.DEFAULT_FAMILY_ALPHA);
        List<RecordedBuild> recorded = history.stream()
                .map(b -> new RecordedBuild("recorded", "this machine", List.of(b.endToEnd()))).toList();
        Map<Count, int[]> counts = new LinkedHashMap<>();
        for (Build build : builds) {
            if (!build.phase().equals("gate") || history.stream().anyMatch(h -> h == build)) {
                continue;
            }
            BaselineComparison comparison = BaselineComparison.compare(Path.of("drawn"), recorded,
                    List.of(build.endToEnd()), "this machine", gate, 1);
            int[] count = counts.computeIfAbsent(new Count(build.condition(), build.version(), 0, 0),
                    group -> new int[2]);
            count[0] += comparison.regressionMessage().isEmpty() ? 0 : 1;
            count[1]++;
        }
        return counts.entrySet().stream().map(e -> new Count(e.getKey().condition(), e.getKey().version(),
                e.getValue()[0], e.getValue()[1])).toList();
    }

    /**
     * @param lines a {@code regression-gate-builds.tsv}: phase, condition, launcher, version, build, …, and last each
     *              run's figures as {@code 50=336,90=510 | 50=336,90=508; …} (measured | on the code's own account)
     * @return its builds that kept their runs' figures
     */
    static List<Build> read(List<String> lines) {
        List<Build> builds = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split("\t", -1);
            if (cells[0].equals("phase") || cells.length < 10 || !cells[9].contains(" | ")) {
                continue;
            }
            List<RunFigures> runs = new ArrayList<>();
            for (String run : cells[9].split("; ")) {
                String[] measuredAndOwn = run.split(" \\| ");
                Map<String, Long> measured = figures(measuredAndOwn[0]);
                // a run's sample count is not in the list; 20,000 (GatedHashTest's) supports every percentile kept
                runs.add(new RunFigures(runs.size() + 1, 20_000, 0, 0, 0, measured, List.of(), 0)
                        .withCodesOwn(figures(measuredAndOwn[1])));
            }
            builds.add(new Build(cells[0], cells[1], cells[3], new ProbeFigures(END_TO_END, runs)));
        }
        return builds;
    }

    private static Map<String, Long> figures(String text) {
        Map<String, Long> figures = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            String[] labelAndNanos = pair.split("=");
            figures.put(labelAndNanos[0], Long.parseLong(labelAndNanos[1]));
        }
        return figures;
    }
}
