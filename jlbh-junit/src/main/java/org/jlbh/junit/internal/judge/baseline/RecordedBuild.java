package org.jlbh.junit.internal.judge.baseline;

import java.util.List;

/**
 * One build of a test recorded in its baseline: when (ISO-8601), on which machine and JVM (one comparable line: CPU,
 * cores, JDK, collectors), and its figures. Immutable.
 */
public record RecordedBuild(String time, String environment, List<ProbeFigures> probes) {

    public RecordedBuild {
        probes = List.copyOf(probes);
    }
}
