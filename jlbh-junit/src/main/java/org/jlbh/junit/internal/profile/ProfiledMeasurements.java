package org.jlbh.junit.internal.profile;

import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.Measurement;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs of a test measured after its verdict with async-profiler sampling its harness threads
 * ({@link AsyncProfilerRun}): their reports discarded, the samples read back, or why there are none (the profiler
 * cannot start, the body threw, the recording cannot be read). The verdict stands whatever happens here. Stateless.
 */
final class ProfiledMeasurements {

    private ProfiledMeasurements() {
    }

    /**
     * What was measured under the profiler.
     *
     * @param attempts the measurements, in order (each a warm-up round and up to the test's runs)
     * @param samples  the harness threads' samples, each thread indexed within its measurement
     * @param whyNot   why there is no profile; null when there is
     */
    record Taken(List<Attempt> attempts, List<StackSample> samples, String whyNot) {
    }

    /**
     * @param measurement the test's measurement (the change's or the base's)
     * @param number      the attempt number the measurements are given
     * @param runs        how many runs in all, measured in as many measurements as the test's runs per attempt need
     * @param runsEach    the most runs one measurement holds (the test's runs per attempt)
     * @param recording   the file the profiler records into, deleted once read
     * @return what was measured, or why nothing was
     */
    static Taken take(Measurement measurement, int number, int runs, int runsEach, Path recording) {
        AsyncProfilerRun run;
        try {
            run = AsyncProfilerRun.start(recording);
        } catch (AsyncProfilerRun.ProfilerUnavailable unavailable) {
            return new Taken(List.of(), List.of(), unavailable.getMessage());
        }
        List<Attempt> attempts = new ArrayList<>();
        Map<Long, Integer> index = new HashMap<>(); // each measurement's harness threads, by id
        List<StackSample> samples = List.of();
        String whyNot = null;
        try (PrintStream discarded = new PrintStream(OutputStream.nullOutputStream())) {
            for (int left = runs; left > 0; left -= runsEach) {
                try {
                    attempts.add(measurement.measureProfiled(number, discarded, run::addThread,
                            Math.min(left, runsEach)));
                } finally {
                    List<Thread> threads = measurement.harnessThreads();
                    for (int i = 0; i < threads.size(); i++) {
                        index.put(threads.get(i).getId(), i);
                    }
                }
            }
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable failed) {
            // the verdict stands: the runs that decided it are measured; what the body threw now is said
            whyNot = "the profiled " + (runs == 1 ? "run" : "runs") + " did not complete: " + failed;
        } finally {
            try {
                samples = run.stop(index);
            } catch (IOException | RuntimeException unreadable) {
                whyNot = whyNot != null ? whyNot : "the profiler's recording could not be read: " + unreadable;
            }
        }
        return new Taken(attempts, samples, whyNot);
    }
}
