package org.jlbh.core;

import net.openhft.chronicle.core.util.Histogram;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Prints percentiles as TeamCity build statistics, one service message per percentile, as the reference JLBH's
 * helper of this name does, so that CI builds charting them keep their keys:
 * {@code ##teamcity[buildStatisticValue key='<prefix>.<probe>.<percentile><jvm>' value='<microseconds>']}, where
 * {@code <percentile>} is a fraction ({@code 0.99}, {@code 1.0} for the worst) and {@code <jvm>} is {@code .java17}
 * on Java 15 and later ({@code .zing} on Azul Zing), as the reference keyed them.
 *
 * <p>Stateless and thread-safe; it reads the JVM's name and version from system properties only.
 */
public final class TeamCityHelper {

    private TeamCityHelper() {
    }

    /**
     * Prints the percentiles of one histogram.
     *
     * @param name        the key's stem
     * @param histo       the values, in nanoseconds
     * @param printStream where the lines go
     */
    public static void histo(String name, Histogram histo, PrintStream printStream) {
        double[] percentiles = Histogram.percentilesFor(histo.totalCount());
        print(name, printStream, percentiles, histo.getPercentiles(percentiles));
    }

    /**
     * Prints the last measured run's percentiles of end to end (key {@code <prefix>.end-to-end}) and of each probe
     * (key {@code <prefix>.<probe>}), from {@link JLBH#percentileRuns()} and {@link JLBH#additionalPercentileRuns()}.
     *
     * @param prefix      the keys' stem
     * @param jlbh        a benchmark whose {@link JLBH#start()} has returned
     * @param iterations  the iterations per run, which decide the percentiles listed
     * @param printStream where the lines go
     */
    public static void teamCityStatsLastRun(String prefix, JLBH jlbh, long iterations, PrintStream printStream) {
        double[] percentiles = Histogram.percentilesFor(iterations);
        printLastRun(prefix + ".end-to-end", printStream, percentiles, jlbh.percentileRuns());
        for (Map.Entry<String, List<double[]>> probe : jlbh.additionalPercentileRuns().entrySet()) {
            printLastRun(prefix + "." + probe.getKey(), printStream, percentiles, probe.getValue());
        }
    }

    private static void printLastRun(String key, PrintStream out, double[] percentiles, List<double[]> runs) {
        if (!runs.isEmpty()) {
            print(key, out, percentiles, runs.get(runs.size() - 1));
        }
    }

    private static void print(String key, PrintStream out, double[] percentiles, double[] values) {
        String jvm = jvmSuffix();
        new PercentileSummary(false, List.of(values), percentiles).forEachRow((percentile, row, variance) ->
                out.println("##teamcity[buildStatisticValue key='" + key + "." + percentile + jvm
                        + "' value='" + row[0] + "']"));
    }

    /** @return the reference's key suffix for this JVM: {@code .zing}, {@code .java17} (Java 15+) or nothing */
    static String jvmSuffix() {
        String vendor = System.getProperty("java.vm.vendor", "");
        String version = System.getProperty("java.vm.version", "");
        if (vendor.startsWith("Azul ") && version.contains("zing")) {
            return ".zing";
        }
        return Runtime.version().feature() >= 15 ? ".java17" : "";
    }
}
