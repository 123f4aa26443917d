package com.example;

import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A quick body measured while the machine is crowded: @BeforeEach starts a busy process per CPU beside the test's
 * JVM (a shell spinning, as other builds on a shared runner would), so the harness thread waits on the run queue for
 * stretches of milliseconds and the samples queued behind each wait are late. The evidence puts them down to the
 * platform: the p90 breach is met on the code's own account, and the test passes saying both figures. Processes, not
 * threads of this JVM: the harness thread's waits while the test's own threads run are the code's.
 */
class CrowdedLatencyTest {
    private final List<Process> crowd = new ArrayList<>();

    @BeforeEach
    void crowdTheMachine() throws IOException {
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            crowd.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
        }
    }

    @AfterEach
    void leaveIt() throws InterruptedException {
        for (Process busy : crowd) {
            busy.destroyForcibly().waitFor();
        }
    }

    @LatencyTest(throughput = 10_000, iterations = 10_000, warmUpIterations = 5_000, runs = 3, percentile = 90,
            maxMicros = 50)
    void quickWhileCrowded() {
    }
}
