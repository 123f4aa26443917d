package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a test's code spent its time, as a profile taken after the verdict found, or why none was taken. Immutable.
 *
 * @param engine       how the samples were taken
 * @param unavailable  why no profile was taken; empty when one was
 * @param seconds      what profiling took, warm-ups included, in seconds
 * @param compared     what was compared and found; its kind's {@code NONE} when no profile was taken
 * @param flameGraph   the flame graph's file in the report folder; empty when none was written
 * @param differential the differential flame graph's file in the report folder; empty when none was written
 */
public record CodeProfile<C extends Comparison>(String engine, Optional<String> unavailable, double seconds,
                                                C compared, Optional<String> flameGraph,
                                                Optional<String> differential) {

    /** @return a profile that was not taken, saying why */
    public static <C extends Comparison> CodeProfile<C> unavailable(String engine, String why, C none) {
        return new CodeProfile<>(engine, Optional.of(why), 0, none, Optional.empty(), Optional.empty());
    }

    /** @return what was found, for the failure message, or why there is no profile */
    public String message() {
        return unavailable.map(why -> compared.labels().notProfiled() + why).orElseGet(compared::message);
    }

    /** @return what was found, a line each, or why there is no profile */
    public List<String> findings() {
        return unavailable.map(why -> List.of(compared.labels().notProfiled() + why))
                .orElseGet(() -> compared.findings(seconds, engine));
    }

    /** @return the console's lines: the findings, the first after {@code === }, the others under it, then the files */
    public List<String> consoleLines() {
        List<String> findings = findings();
        List<String> lines = new ArrayList<>(List.of("=== " + findings.get(0)));
        findings.stream().skip(1).forEach(line -> lines.add("===   " + line));
        flameGraph.ifPresent(file -> lines.add("===   " + compared.labels().flameGraph() + ": " + file));
        differential.ifPresent(file -> lines.add("===   " + compared.labels().differential() + ": " + file));
        return lines;
    }

    /** @return this profile naming only those of its files that were written */
    public CodeProfile<C> withFilesWritten(Set<String> written) {
        return new CodeProfile<>(engine, unavailable, seconds, compared, flameGraph.filter(written::contains),
                differential.filter(written::contains));
    }
}
