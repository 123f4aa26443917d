package org.jlbh.junit.internal.judge.baseline;

import java.util.List;

/**
 * One build of a test recorded in its baseline: when, on which machine and JVM, and its figures. Immutable.
 *
 * @param time        when it was recorded, ISO-8601
 * @param environment the machine and JVM it ran on, as one comparable line (CPU, cores, JDK, collectors)
 * @param probes      its figures, per probe and run
 */
public record RecordedBuild(String time, String environment, List<ProbeFigures> probes) {

    /** Copies the probes. */
    public RecordedBuild {
        probes = List.copyOf(probes);
    }
}
