package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How much of the time a spinning thread loses the scheduler evidence sees, quiet and beside one and two busy-loop
 * processes: a thread spins on {@link System#nanoTime()} for a few seconds, as a harness thread waiting for its next
 * iteration does, and counts every gap between two readings of the clock over 20 µs (it was off its CPU, or the CPU
 * was taken from it). It reads its own scheduler figures as the harness threads do ({@link SchedulerReadings}: after
 * a gap, and once a millisecond otherwise), each spin step an iteration due when the last one ended. Per interval between
 * two kept readings, the gaps that ended in it are covered up to the run-queue wait and the host's time the
 * readings counted there; the table gives the covered share of all gap time, and the share of the wait and host's
 * time read that lies on gaps (a reading that placed a wait where the thread saw none would lower it).
 *
 * <p>It measures the evidence's reader itself, an internal class, so it lives beside that class's tests rather than in
 * jlbh-benchmarks (whose code uses the public API only); it is a program, not a test, and no build runs it. Arguments:
 * {@code [seconds per condition] [repeats] [table file]}; {@code 5 3} takes about a minute: {@code mvn -B -pl
 * jlbh-junit exec:java -Dexec.classpathScope=test -Dexec.mainClass=org.jlbh.junit.internal.run.evidence.EvidenceCoverage
 * -Dexec.args="5 3 target/evidence-coverage.md"}.
 */
public final class EvidenceCoverage {
    private static final long GAP_NANOS = 20_000;
    private static final int MAX_GAPS = 4_000_000;

    private EvidenceCoverage() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path out = Path.of(args.length > 2 ? args[2] : "target/evidence-coverage.md");
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "A thread spinning on nanoTime for %d s, "
                + "%d times per condition; gaps over 20 µs against its own scheduler readings%n%n", seconds, repeats));
        table.append("| condition | repeat | gaps | gap time (ms) | run-queue wait read (ms) | host's time read (ms) | "
                + "gap time covered | wait and host's time read placed on gaps | readings kept |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        spin(1, false); // compiles the loop and the readings before anything is counted
        for (int busy = 0; busy <= 2; busy++) {
            List<Process> neighbours = busyLoops(busy);
            try {
                Thread.sleep(200);
                for (int repeat = 1; repeat <= repeats; repeat++) {
                    table.append(String.format(Locale.ROOT, "| %s | %d | %s |%n", busy == 0 ? "quiet"
                            : busy == 1 ? "one busy loop" : "two busy loops", repeat, spin(seconds, true)));
                    System.out.print(table.substring(table.lastIndexOf("\n", table.length() - 2) + 1));
                }
            } finally {
                neighbours.forEach(Process::destroyForcibly);
            }
        }
        System.out.print(table);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
        System.out.println("Written to " + out.toAbsolutePath());
    }

    /** @return {@code count} shells spinning {@code while :; do :; done}, each taking a whole CPU until destroyed */
    private static List<Process> busyLoops(int count) throws IOException {
        List<Process> loops = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            loops.add(new ProcessBuilder("sh", "-c", "while :; do :; done")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        }
        return loops;
    }

    /** Spins on a thread of its own, as the harness's threads do; @return the table row's figures */
    private static String spin(int seconds, boolean counted) throws InterruptedException {
        String[] row = new String[1];
        Thread spinner = new Thread(() -> row[0] = spinHere(seconds), "jlbh-harness");
        spinner.start();
        spinner.join();
        return counted ? row[0] : "";
    }

    private static String spinHere(int seconds) {
        long runNanos = seconds * 1_000_000_000L;
        SchedulerReadings readings = new SchedulerReadings(new ReadingPlan(1, 1, GAP_NANOS, 50_000, true, runNanos));
        long[] gapEnds = new long[MAX_GAPS];
        long[] gapNanos = new long[MAX_GAPS];
        int gaps = 0;
        readings.open();
        readings.beginPart(1);
        long end = System.nanoTime() + runNanos;
        long last = System.nanoTime();
        while (last - end < 0) {
            long now = System.nanoTime();
            if (now - last > GAP_NANOS && gaps < MAX_GAPS) {
                gapEnds[gaps] = now;
                gapNanos[gaps++] = now - last;
            }
            readings.afterIteration(last, now);
            // a reading's own time (about 2 µs) counts towards the next step: a thread is preempted most often as it
            // returns from a system call, so a reading the scheduler interrupted is a gap like any other
            last = now;
        }
        readings.endOfPart();
        readings.close();
        SchedulerEvidence evidence = readings.evidence();
        if (!evidence.available()) {
            return "no evidence: " + evidence.unavailable().orElse("?") + " | | | | | | |";
        }
        long gapTotal = 0;
        long covered = 0;
        long wait = 0;
        long host = 0;
        int g = 0;
        for (int i = 1; i < evidence.samples(); i++) {
            long inInterval = 0;
            while (g < gaps && gapEnds[g] - evidence.intervalTo(i) <= 0) {
                inInterval += gapNanos[g++];
            }
            gapTotal += inInterval;
            long seen = evidence.runDelaySince(i) + evidence.lostSince(i);
            covered += Math.min(inInterval, seen);
            wait += evidence.runDelaySince(i);
            host += evidence.lostSince(i);
        }
        return String.format(Locale.ROOT, "%,d | %.1f | %.1f | %.1f | %.1f%% | %.1f%% | %,d", gaps, gapTotal / 1e6,
                wait / 1e6, host / 1e6, gapTotal == 0 ? 100.0 : 100.0 * covered / gapTotal,
                wait + host == 0 ? 100.0 : 100.0 * covered / (wait + host), evidence.samples());
    }
}
