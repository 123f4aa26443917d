package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTestConfiguration;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The {@code jlbh.*} names a test run sets that are no configuration parameter of {@link LatencyTestConfiguration}:
 * nothing reads them, so each is a typo or an old name that would change nothing without a word. Each gets a warning
 * naming the parameter nearest to it: the fewest single-character insertions, deletions and substitutions that make
 * it the parameter's name or that name's first word ({@code jlbh.remeasure} of {@code jlbh.remeasure.undecided}); the
 * first in {@link #KNOWN}'s order where several are as near. Stateless; thread-safe.
 */
public final class UnknownParameters {
    /** Every configuration parameter's name, in {@link LatencyTestConfiguration}'s order. */
    public static final List<String> KNOWN = List.of(LatencyTestConfiguration.MODE,
            LatencyTestConfiguration.ITERATIONS_FACTOR, LatencyTestConfiguration.BUDGET_FACTOR,
            LatencyTestConfiguration.NOISE, LatencyTestConfiguration.EVIDENCE, LatencyTestConfiguration.RETRY_FAILED,
            LatencyTestConfiguration.REMEASURE_UNDECIDED, LatencyTestConfiguration.INCONCLUSIVE,
            LatencyTestConfiguration.REPORT_DIR, LatencyTestConfiguration.BASELINE_DIR,
            LatencyTestConfiguration.BASELINE_WRITE, LatencyTestConfiguration.BASELINE_TOLERANCE,
            LatencyTestConfiguration.BASELINE_HISTORY, LatencyTestConfiguration.BASELINE_PERCENTILES,
            LatencyTestConfiguration.BASELINE_ENVIRONMENT, LatencyTestConfiguration.PAIRED_BASE,
            LatencyTestConfiguration.PAIRED_TOLERANCE, LatencyTestConfiguration.MACHINE_LOCK,
            LatencyTestConfiguration.MACHINE_LOCK_WAIT, LatencyTestConfiguration.SUMMARY,
            LatencyTestConfiguration.PROFILE);
    private static final String PREFIX = "jlbh.";

    private UnknownParameters() {
    }

    /**
     * @param names the names of the parameters and system properties a test run sets, any prefix
     * @return one warning per {@code jlbh.*} name that is no parameter, sorted by name, e.g. {@code jlbh.retries is
     *         not a configuration parameter of jlbh-junit and is ignored: did you mean jlbh.retry.failed?}
     */
    public static List<String> warnings(Collection<String> names) {
        return names.stream().filter(name -> name.startsWith(PREFIX) && !KNOWN.contains(name)).distinct().sorted()
                .map(name -> name + " is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + nearest(name) + "?")
                .toList();
    }

    /** @return the known parameter fewest edits away from {@code name}, whole or its first word */
    static String nearest(String name) {
        return KNOWN.stream().min(Comparator.comparingInt(known -> Math.min(distance(name, known),
                distance(name, firstWord(known))))).orElseThrow();
    }

    /** @return {@code jlbh.} and the parameter's first word: {@code jlbh.remeasure} of {@code jlbh.remeasure.undecided} */
    private static String firstWord(String known) {
        int end = known.indexOf('.', PREFIX.length());
        return end < 0 ? known : known.substring(0, end);
    }

    /** @return the Levenshtein distance: the fewest single-character insertions, deletions and substitutions */
    static int distance(String from, String to) {
        int[] previous = new int[to.length() + 1];
        int[] current = new int[to.length() + 1];
        for (int j = 0; j <= to.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= from.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= to.length(); j++) {
                int substitution = previous[j - 1] + (from.charAt(i - 1) == to.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[to.length()];
    }
}
