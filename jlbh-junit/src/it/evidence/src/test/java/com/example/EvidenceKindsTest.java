package com.example;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.util.Date;

/**
 * Five kinds of latency test, one after another in one JVM: a fast body, a slow one, an allocating one, one with a
 * probe, and one on two harness threads. The budgets are wide: this project is about the evidence, not the verdict.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EvidenceKindsTest {
    private final byte[] bytes = new byte[256];
    private long sink;

    /** A 64-bit FNV-1a hash of 256 bytes: about a microsecond. */
    private long hash() {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h = (h ^ b) * 0x100000001b3L;
        }
        return h;
    }

    private static void spinMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Order(1)
    @LatencyTest(throughput = 20_000, iterations = 5_000, warmUpIterations = 5_000, runs = 2, percentile = 50,
            maxMicros = 50_000)
    void fastBody() {
        sink += hash();
    }

    @Order(2)
    @LatencyTest(throughput = 2_000, iterations = 1_000, warmUpIterations = 500, runs = 2, percentile = 50,
            maxMicros = 50_000)
    void slowBody() {
        spinMicros(200);
    }

    @Order(3)
    @LatencyTest(throughput = 5_000, iterations = 2_000, warmUpIterations = 2_000, runs = 2, percentile = 50,
            maxMicros = 50_000)
    void allocatingBody() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(new Date());
        }
        sink += out.size();
    }

    @Order(4)
    @LatencyTest(throughput = 20_000, iterations = 5_000, warmUpIterations = 5_000, runs = 2, percentile = 50,
            maxMicros = 50_000)
    @LatencyBudget(probe = "hash", percentile = 50, maxMicros = 50_000)
    void withProbe(@Probe("hash") NanoSampler probe) {
        long start = System.nanoTime();
        sink += hash();
        probe.sampleNanos(System.nanoTime() - start);
    }

    @Order(5)
    @LatencyTest(throughput = 20_000, threads = 2, iterations = 5_000, warmUpIterations = 5_000, runs = 2,
            percentile = 50, maxMicros = 50_000)
    void onTwoHarnessThreads() {
        hash();
    }
}
