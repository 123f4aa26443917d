package org.jlbh.junit.internal.profile;

import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.Measurement;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Measures a test again after its verdict, with async-profiler sampling its harness threads, the harness's reports
 * discarded. Stateless.
 */
final class ProfiledMeasurements {

    private ProfiledMeasurements() {
    }

    /**
     * @param attempts the measurements, in order, each a warm-up round and up to the test's runs
     * @param samples  the harness threads' samples, each thread indexed within its measurement
     */
    record Taken(List<Attempt> attempts, List<StackSample> samples) {
    }

    /**
     * @return {@code runs} runs measured, numbered {@code number}, at most {@code runsEach} (the test's runs per
     *         attempt) in a measurement
     * @throws NotProfiled when the profiler cannot start, the body threw or the recording cannot be read
     */
    static Taken take(Measurement measurement, int number, int runs, int runsEach) throws NotProfiled {
        AsyncProfilerRun run = AsyncProfilerRun.start();
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
            whyNot = "the profiled " + (runs == 1 ? "run" : "runs") + " did not complete: " + failed;
        } finally {
            try {
                samples = run.stop(index);
            } catch (IOException | RuntimeException unreadable) {
                whyNot = whyNot != null ? whyNot : "the profiler's recording could not be read: " + unreadable;
            }
        }
        if (whyNot != null) {
            throw new NotProfiled(whyNot);
        }
        return new Taken(attempts, samples);
    }
}
