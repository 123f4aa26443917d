package org.jlbh.core.util;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.JLBHResult.RunResult.Percentile;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Writes the last run of a {@link JLBHResult} to a CSV file, as the reference JLBH's class of this name does, for
 * spreadsheets and analytics: a header line, then one line per probe (end to end first, then the named probes, then
 * OS jitter), each with the 50th, 90th, 99th, 99.9th and 99.99th percentiles and the worst in nanoseconds, every
 * field followed by a comma. A percentile the run does not report ({@link JLBHResult.RunResult#percentiles()}) is
 * left empty.
 *
 * <p>The harness itself never writes files; this class writes the one file it is asked to, relative to the working
 * directory unless the name is absolute, replacing it if it exists. Stateless and thread-safe.
 */
public class JLBHResultSerializer {
    /** A probe name used by the reference's examples. */
    public static final String THE_PROBE = "TheProbe";
    /** The file written when no name is given. */
    public static final String RESULT_CSV = "result.csv";
    /** The first column's value on the end-to-end line. */
    public static final String END_TO_END = "endToEnd";
    /** The first column's value on the OS jitter line. */
    public static final String OS_JITTER = "OSJitter";

    private static final Percentile[] COLUMNS = {Percentile.PERCENTILE_50TH, Percentile.PERCENTILE_90TH,
            Percentile.PERCENTILE_99TH, Percentile.PERCENTILE_99_9TH, Percentile.PERCENTILE_99_99TH, Percentile.WORST};

    /**
     * Only static methods here; the constructor is public as the reference's is, so code that makes one (or extends
     * the class) ports unchanged.
     */
    public JLBHResultSerializer() {
    }

    /**
     * Writes end to end, every probe and OS jitter to {@value #RESULT_CSV}.
     *
     * @param jlbhResult the results
     * @throws IOException when the file cannot be written
     */
    public static void runResultToCSV(JLBHResult jlbhResult) throws IOException {
        runResultToCSV(jlbhResult, RESULT_CSV, jlbhResult.probeNames(), true);
    }

    /**
     * Writes end to end, every probe and OS jitter.
     *
     * @param jlbhResult the results
     * @param fileName   the file to write
     * @throws IOException when the file cannot be written
     */
    public static void runResultToCSV(JLBHResult jlbhResult, String fileName) throws IOException {
        runResultToCSV(jlbhResult, fileName, jlbhResult.probeNames(), true);
    }

    /**
     * Writes end to end, one probe and OS jitter.
     *
     * @param jlbhResult the results
     * @param fileName   the file to write
     * @param probeName  the probe to include; ignored if there is no such probe
     * @throws IOException when the file cannot be written
     */
    public static void runResultToCSV(JLBHResult jlbhResult, String fileName, String probeName) throws IOException {
        runResultToCSV(jlbhResult, fileName, List.of(probeName), true);
    }

    /**
     * Writes end to end, the given probes and, if asked, OS jitter.
     *
     * @param jlbhResult      the results
     * @param fileName        the file to write
     * @param namesOfProbes   the probes to include, in this order; names with no probe are skipped
     * @param includeOSJitter whether to add OS jitter, when it was recorded
     * @throws IOException when the file cannot be written
     */
    public static void runResultToCSV(JLBHResult jlbhResult, String fileName, Iterable<String> namesOfProbes,
                                      boolean includeOSJitter) throws IOException {
        try (Writer out = Files.newBufferedWriter(Paths.get(fileName), StandardCharsets.UTF_8)) {
            out.write(",50th p-le,90th p-le,99th p-le,999th p-le,9999th p-le,Worst,\n");
            writeLastRun(out, END_TO_END, Optional.of(jlbhResult.endToEnd()));
            for (String probeName : namesOfProbes) {
                writeLastRun(out, probeName, jlbhResult.probe(probeName));
            }
            if (includeOSJitter) {
                writeLastRun(out, OS_JITTER, jlbhResult.osJitter());
            }
        }
    }

    private static void writeLastRun(Writer out, String name, Optional<JLBHResult.ProbeResult> probe) throws IOException {
        if (probe.isEmpty() || probe.get().eachRunSummary().isEmpty()) {
            return;
        }
        JLBHResult.RunResult run = probe.get().summaryOfLastRun();
        StringBuilder line = new StringBuilder(name).append(',');
        for (Percentile column : COLUMNS) {
            Duration value = run.percentiles().get(column);
            if (value != null) {
                line.append(value.toNanos());
            }
            line.append(',');
        }
        out.write(line.append('\n').toString());
    }
}
