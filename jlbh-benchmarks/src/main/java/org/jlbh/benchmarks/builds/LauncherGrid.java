package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds of a consumer project's tests through real launchers, in a grid: per JDK, per condition (quiet, or beside
 * busy-loop processes, {@link Neighbours}), builds going round the tests and the launchers, so that a change in the
 * machine hits all alike. What each build is measured for is the caller's. Stateless.
 */
final class LauncherGrid {

    private LauncherGrid() {
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
