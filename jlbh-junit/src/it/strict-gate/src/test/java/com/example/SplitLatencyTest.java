package com.example;

import org.jlbh.junit.LatencyTest;

/**
 * Of every three runs, the middle one is slow: each call of it spins 200 µs against a median budget of 50 µs, the
 * others return at once. The runs split two to one for the budget however the machine runs, and two attempts
 * (jlbh.remeasure.undecided = 1) leave the sequential rule undecided: 4 runs of 6 met it.
 */
class SplitLatencyTest {
    private static final int ITERATIONS = 200;
    private int calls;

    @LatencyTest(throughput = 2_000, iterations = ITERATIONS, warmUpIterations = 0, runs = 3, percentile = 50,
            maxMicros = 50)
    void split() {
        if (calls++ / ITERATIONS % 3 == 1) {
            long end = System.nanoTime() + 200_000;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
        }
    }
}
