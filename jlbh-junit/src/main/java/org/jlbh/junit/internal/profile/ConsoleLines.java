package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** How a profile's findings and files are printed to the console. Stateless. */
final class ConsoleLines {

    private ConsoleLines() {
    }

    /**
     * @param findings          the profile's findings, the header line first
     * @param flameGraph        its flame graph's file, when one was written
     * @param flameGraphLabel   what the flame graph shows, e.g. {@code flame graph of the late iterations}
     * @param differential      its differential flame graph's file, when one was written
     * @param differentialLabel what that is against, e.g. {@code against the iterations on time}
     * @return the lines: the header after {@code === }, the rest indented under it, then the files
     */
    static List<String> of(List<String> findings, Optional<String> flameGraph, String flameGraphLabel,
                           Optional<String> differential, String differentialLabel) {
        List<String> lines = new ArrayList<>();
        lines.add("=== " + findings.get(0));
        findings.stream().skip(1).forEach(line -> lines.add("===   " + line));
        flameGraph.ifPresent(file -> lines.add("===   " + flameGraphLabel + ": " + file));
        differential.ifPresent(file -> lines.add("===   " + differentialLabel + ": " + file));
        return lines;
    }
}
