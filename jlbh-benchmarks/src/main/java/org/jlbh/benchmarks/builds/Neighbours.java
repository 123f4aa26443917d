package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Busy-loop processes beside a build, as a shared CI runner's other builds would be: each a shell spinning
 * {@code while :; do :; done}, taking a whole CPU until {@link #close()} stops it. Not thread-safe.
 */
public final class Neighbours implements AutoCloseable {
    private final List<Process> processes = new ArrayList<>();

    private Neighbours() {
    }

    /**
     * @param count how many busy-loop processes to start
     * @return them, running
     */
    public static Neighbours start(int count) {
        Neighbours neighbours = new Neighbours();
        for (int i = 0; i < count; i++) {
            neighbours.processes.add(spin(List.of()));
        }
        return neighbours;
    }

    /**
     * A busy loop pinned to one CPU for a while: the platform taking the CPU a thread runs on.
     *
     * @param cpu    the CPU, as Linux numbers them
     * @param millis how long it spins
     * @return the process, ended on its own after {@code millis}
     */
    public static Process hog(int cpu, long millis) {
        return spin(List.of("taskset", "-c", Integer.toString(cpu), "timeout", String.format(java.util.Locale.ROOT,
                "%.3f", millis / 1e3)));
    }

    private static Process spin(List<String> prefix) {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of("sh", "-c", "while :; do :; done"));
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        }
    }

    /** Stops every busy loop and waits for it to end. */
    @Override
    public void close() {
        ConsumerProject.stopAll(processes, 5);
    }
}
