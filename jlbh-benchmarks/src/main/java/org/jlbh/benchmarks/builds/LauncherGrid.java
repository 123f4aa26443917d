package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Builds of a consumer project's tests through real launchers, in a grid: per JDK, per condition (quiet, or beside
 * busy-loop processes, {@link Neighbours}), builds going round the tests and the launchers, so that a change in the
 * machine hits all alike. What each build is measured for is the caller's. Stateless.
 */
final class LauncherGrid {

    private LauncherGrid() {
    }

    /**
     * A campaign's consumer project, written out and compiled, and its folders: {@code target/NAME} for the project
     * and the builds' reports, {@code target/NAME-kept} for the builds that missed (emptied first), and the list of
     * every build, {@code target/NAME-builds.tsv}.
     *
     * @param project the consumer project
     * @param reports where each build's reports go
     * @param kept    where a missed build's JSON and console are kept
     * @param log     the list of builds
     */
    record Campaign(ConsumerProject project, Path reports, Path kept, Path log) {

        /**
         * @param name   the campaign's name, e.g. {@code launcher-trust}
         * @param header the list's header line, tab-separated, ending with a line break
         * @return the campaign, its list started
         */
        static Campaign prepare(String name, String header) throws IOException {
            Path work = Path.of("target", name).toAbsolutePath();
            Path kept = Path.of("target", name + "-kept").toAbsolutePath();
            Path log = Path.of("target", name + "-builds.tsv").toAbsolutePath();
            ConsumerProject.deleteTree(kept);
            Files.createDirectories(log.getParent());
            Files.writeString(log, header);
            ConsumerProject project = ConsumerProject.prepare(work.resolve("project"),
                    System.getProperty("jlbh.version", "0.1.0-SNAPSHOT"),
                    System.getProperty("junit.version", "5.11.3"));
            return new Campaign(project, work.resolve("reports"), kept, log);
        }

        /** Adds a build's line to the list. */
        void list(String line) throws IOException {
            Files.writeString(log, line, StandardOpenOption.APPEND);
        }
    }

    /** A cell's builds counted by verdict, as the JSON result gives it; a build without one counts as no result. */
    static class Verdicts {
        int builds;
        int passed;
        int inconclusive;
        int failed;
        int noResult;

        void count(String outcome) {
            builds++;
            switch (outcome) {
                case "PASSED" -> passed++;
                case "INCONCLUSIVE" -> inconclusive++;
                case "FAILED" -> failed++;
                default -> noResult++;
            }
        }
    }

    /**
     * @param jdks the JDKs the campaign built with
     * @return the line above a campaign's table: when, where, and on which JDKs, then a blank line
     */
    static String measuredOn(List<String> jdks) {
        return String.format(Locale.ROOT, "Measured %s on this machine; a consumer project against the installed jars, "
                + "each build a fresh JVM; JDKs: %s%n%n", LocalDate.now(), String.join(", ", jdks.stream()
                .map(jdk -> ConsumerProject.javaHome(jdk).getFileName().toString()).toList()));
    }

    /** @return the median, e.g. {@code 8.4} with {@code %.1f}; {@code -} for none */
    static String median(List<Double> values, String format) {
        return values.isEmpty() ? "-" : String.format(Locale.ROOT, format, sorted(values).get(values.size() / 2));
    }

    /** @return the median and the most, e.g. {@code 8.4 / 31.2} with {@code %.1f}; {@code -} for none */
    static String medianAndMost(List<Double> values, String format) {
        return values.isEmpty() ? "-" : median(values, format) + " / "
                + String.format(Locale.ROOT, format, sorted(values).get(values.size() - 1));
    }

    private static List<Double> sorted(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted;
    }

    /** One build of the grid. */
    interface Build<T> {
        /**
         * @param jdk      the JDK's version, e.g. {@code 17}
         * @param javaHome its home
         * @param busy     busy-loop processes beside the build
         * @param number   1-based build of this test, launcher, JDK and condition
         * @param test     the test built
         * @param launcher how
         */
        void run(String jdk, Path javaHome, int busy, int number, T test, ConsumerProject.Launcher launcher)
                throws IOException;
    }

    /**
     * @param jdks       the JDKs, e.g. {@code 17, 25}
     * @param conditions busy-loop processes beside, e.g. {@code 0, 1, 2}
     * @param tests      the tests
     * @param buildsOf   how many builds a test gets in each JDK, condition and launcher
     * @param launchers  the launchers
     * @param build      what a build does
     */
    static <T> void run(List<String> jdks, List<Integer> conditions, List<T> tests, ToIntFunction<T> buildsOf,
                        List<ConsumerProject.Launcher> launchers, Build<T> build) throws IOException {
        int most = tests.stream().mapToInt(buildsOf).max().orElse(0);
        for (String jdk : jdks) {
            Path javaHome = ConsumerProject.javaHome(jdk);
            for (int busy : conditions) {
                try (Neighbours ignored = Neighbours.start(busy)) {
                    for (int i = 1; i <= most; i++) {
                        for (T test : tests) {
                            if (i > buildsOf.applyAsInt(test)) {
                                continue;
                            }
                            for (ConsumerProject.Launcher launcher : launchers) {
                                build.run(jdk, javaHome, busy, i, test, launcher);
                            }
                        }
                    }
                }
            }
        }
    }

    /** A campaign of builds per condition, measured into its table. */
    @FunctionalInterface
    interface Measurement {
        /**
         * @param builds     builds per condition (and version, where the campaign has versions)
         * @param conditions busy-loop processes beside, e.g. {@code 0, 1}
         * @param jdk        the JDK's version, e.g. {@code 17}
         * @return the table, with the lines above it
         */
        String measure(int builds, List<Integer> conditions, String jdk) throws IOException;
    }

    /**
     * Runs a campaign from its arguments, {@code [builds] [conditions, e.g. 0,1] [JDK] [table file]} (by default 10,
     * 0,1, 17 and the file given), prints its table and writes it to the file.
     */
    static void measureAndWrite(String[] args, String defaultTable, Measurement measurement) throws IOException {
        List<String> given = List.of(args);
        Path out = Path.of(given.size() > 3 ? given.get(3) : defaultTable).toAbsolutePath();
        String table = measurement.measure(given.isEmpty() ? 10 : Integer.parseInt(given.get(0)),
                Stream.of((given.size() > 1 ? given.get(1) : "0,1").split(",")).map(Integer::parseInt).toList(),
                given.size() > 2 ? given.get(2) : "17");
        System.out.print(table);
        Files.createDirectories(out.getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out);
    }

    /** @return a kept build's folder name, e.g. {@code jdk17-one-busy-loop-maven-HashTest-build-3} */
    static String name(String jdk, int busy, ConsumerProject.Launcher launcher, String test, int number) {
        return String.format(Locale.ROOT, "jdk%s-%s-%s-%s-build-%d", jdk, GateBuilds.condition(busy).replace(' ', '-'),
                launcher.name().toLowerCase(Locale.ROOT), test, number);
    }

    /** @return the pattern's first group in the text, if it is there */
    static Optional<String> match(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}
