package org.jlbh.junit.internal.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The test bodies a harness gave up on after their timeout that may still be running, one registry per test run: such
 * a body takes a CPU from every measurement after it, and Java cannot stop it, so a latency test waits for them first.
 * Thread-safe.
 */
public final class AbandonedBodies {
    private final List<Abandoned> abandoned = new ArrayList<>();

    private record Abandoned(Thread thread, String test) {
    }

    /** Registers a harness thread still running the body of {@code test} (e.g. {@code OrderTest.parse}). */
    public synchronized void add(Thread thread, String test) {
        abandoned.add(new Abandoned(thread, test));
    }

    /**
     * Waits for every abandoned body to end, at most {@code timeoutMillis} in all.
     *
     * @return the bodies still running after that, said in a sentence; empty when none is
     */
    public synchronized Optional<String> awaitEnd(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        List<String> running = new ArrayList<>();
        for (Abandoned body : List.copyOf(abandoned)) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            try {
                body.thread().join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (body.thread().isAlive()) {
                running.add(String.format(Locale.ROOT, "the body of %s, given up on after its timeout, is still "
                        + "running on thread %s", body.test(), body.thread().getName()));
            } else {
                abandoned.remove(body);
            }
        }
        return running.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", running));
    }
}
