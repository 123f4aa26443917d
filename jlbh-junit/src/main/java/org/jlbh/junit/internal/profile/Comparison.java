package org.jlbh.junit.internal.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * What a profile split in two and compared, what it found and how that is said and drawn: the part in which the tail
 * and the growth profiles differ. Implementations are immutable.
 */
public sealed interface Comparison permits LateAgainstOnTime, ChangeAgainstBase {
    /** How many ranked frames a message names. */
    int IN_MESSAGE = 3;

    /** @return what was found, a line each: how it was profiled (in seconds, by engine), then the frames ranked */
    List<String> findings(double seconds, String engine);

    /** @return what was found, in a sentence for the failure message */
    String message();

    record Labels(String notProfiled, String flameGraph, String differential) {
    }

    /** @return what precedes why there is no profile, what the flame graph shows, what its differential is against */
    Labels labels();

    /** @return the flame graph of one side, then its differential against the other, named after the test */
    List<ProfileWithPages.Page> pages(String testId, String test);

    /** @return the headline, then each ranked frame numbered, or why none is */
    static List<String> findings(String headline, List<String> ranked, String noneRanked) {
        List<String> lines = new ArrayList<>(List.of(headline));
        if (ranked.isEmpty()) {
            lines.add(noneRanked);
        }
        IntStream.range(0, ranked.size()).forEach(i -> lines.add(String.format(Locale.ROOT, "%2d. %s", i + 1,
                ranked.get(i))));
        return lines;
    }

    /** @return the first {@value #IN_MESSAGE} ranked frames, joined by {@code ; } */
    static String named(List<String> ranked) {
        return String.join("; ", ranked.subList(0, Math.min(IN_MESSAGE, ranked.size())));
    }
}
