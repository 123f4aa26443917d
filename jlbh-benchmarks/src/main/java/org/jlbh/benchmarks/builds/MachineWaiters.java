package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Other JVMs waiting for the machine beside a build, as other forks' latency tests would: each a JUnit
 * ConsoleLauncher JVM of a consumer whose one test class has {@value #TESTS} tiny latency tests (0.1 s of 500
 * iterations at 5,000/s, no evidence, no profile), the machine's lock on with an hour's wait. Each test waits for its
 * turn, measures, gives the turn back, and the next test waits again: while another JVM measures, they only wait.
 * Between the measured build's tests each takes a short turn of its own. Not thread-safe.
 */
final class MachineWaiters implements AutoCloseable {
    /** Latency tests per waiting JVM: turns for far longer than a build. */
    static final int TESTS = 400;

    private final List<Process> processes;

    private MachineWaiters(List<Process> processes) {
        this.processes = processes;
    }

    /** The waiters' consumer, compiled once, with its test class path and the ConsoleLauncher. */
    record Project(Path root, String testClassPath, Path consoleJar) {
    }

    /**
     * Writes the waiters' consumer and compiles it, then fetches the ConsoleLauncher and the test class path.
     *
     * @param root         where to write it; emptied first
     * @param pom          its pom
     * @param junitVersion JUnit's version (the ConsoleLauncher is the same release's)
     */
    static Project prepare(Path root, String pom, String junitVersion) throws IOException {
        ConsumerProject.deleteTree(root);
        Path sources = root.resolve("src/test/java/com/example");
        Files.createDirectories(sources);
        Files.writeString(root.resolve("pom.xml"), pom);
        StringBuilder test = new StringBuilder("package com.example;\n\nimport org.jlbh.junit.LatencyTest;\n\n"
                + "/** Tiny latency tests, one after another, each waiting for its turn on the machine. */\n"
                + "class WaiterLatencyTest {\n");
        for (int method = 0; method < TESTS; method++) {
            test.append("    @LatencyTest(throughput = 5_000, iterations = 500, warmUpIterations = 0, runs = 1, "
                    + "percentile = 50, maxMicros = 100_000)\n    void turn").append(method).append("() {\n    }\n\n");
        }
        Files.writeString(sources.resolve("WaiterLatencyTest.java"), test.append("}\n").toString());
        return new Project(root, ConsumerProject.compileForLauncher(root, junitVersion),
                ConsumerProject.launcherJar(root));
    }

    /**
     * @param count    how many waiting JVMs, 0 for none
     * @param project  the waiters' consumer
     * @param javaHome the JDK
     * @param reports  where their reports go, a folder each
     * @return them, started: close to end them
     */
    static MachineWaiters start(int count, Project project, Path javaHome, Path reports) throws IOException {
        List<Process> processes = new ArrayList<>();
        for (int waiter = 0; waiter < count; waiter++) {
            Path folder = reports.resolve("waiter-" + waiter);
            ConsumerProject.deleteTree(folder);
            Files.createDirectories(folder);
            processes.add(new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-jar",
                    project.consoleJar().toString(), "execute", "--disable-banner", "--details=none", "--class-path",
                    project.testClassPath(), "--select-class", "com.example.WaiterLatencyTest",
                    "--config", "jlbh.report.dir=" + folder, "--config", "jlbh.machine.lock.wait=3600",
                    "--config", "jlbh.evidence=off", "--config", "jlbh.profile=off", "--config", "jlbh.summary=off")
                    .directory(project.root().toFile()).redirectErrorStream(true)
                    .redirectOutput(folder.resolve("console.txt").toFile()).start());
        }
        return new MachineWaiters(processes);
    }

    /** Ends every waiting JVM and waits for it to end: the OS gives back whatever turn it held. */
    @Override
    public void close() {
        ConsumerProject.stopAll(processes, 30);
    }
}
