package org.jlbh.junit.internal.run;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One garbage collection the JVM reported. Immutable.
 *
 * @param collectorIndex the collector's index in {@link GcMonitor#collectors()}
 * @param collector      the collector's name, e.g. {@code G1 Young Generation}
 * @param id             the collector's sequence number of this collection (1 for its first)
 * @param action         e.g. {@code end of minor GC}
 * @param cause          e.g. {@code G1 Evacuation Pause} or {@code System.gc()}
 * @param durationMillis how long it took, in milliseconds (the JVM reports whole milliseconds)
 * @param concurrent     whether it was a concurrent cycle rather than a stop-the-world pause
 */
public record GcEvent(int collectorIndex, String collector, long id, String action, String cause,
                      long durationMillis, boolean concurrent) {

    /** @return e.g. {@code G1 Young Generation (G1 Evacuation Pause) 3 ms} */
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s) %,d ms%s", collector, cause, durationMillis,
                concurrent ? " concurrent" : "");
    }

    /** @return whether this collection is among those each collector counted between the two readings */
    boolean between(long[] countsBefore, long[] countsAfter) {
        return id > countsBefore[collectorIndex] && id <= countsAfter[collectorIndex];
    }

    /**
     * @param count         stop-the-world collections (concurrent cycles are not pauses)
     * @param longestMillis the longest of them, 0 when there is none
     */
    public record Pauses(long count, long longestMillis) {

        /** @return the pauses of the collections {@code events} */
        public static Pauses of(List<GcEvent> events) {
            long[] pauses = events.stream().filter(event -> !event.concurrent()).mapToLong(GcEvent::durationMillis)
                    .toArray();
            return new Pauses(pauses.length, Arrays.stream(pauses).max().orElse(0));
        }

        /** @return e.g. {@code 3 collections, longest pause 4 ms} */
        public String describe() {
            return String.format(Locale.ROOT, "%,d collection%s, longest pause %,d ms", count, count == 1 ? "" : "s",
                    longestMillis);
        }
    }
}
