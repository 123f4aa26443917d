package org.jlbh.benchmarks;

import net.openhft.chronicle.core.util.Histogram;
import org.jlbh.core.internal.LatencyRecorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * The cost of recording one sample into a probe: ours from the harness thread (a plain histogram) and from any other
 * thread (HdrHistogram's wait-free Recorder, so no count is lost), and the reference's probe (chronicle-core's
 * {@link Histogram}, which is not thread-safe: from two threads it loses counts, so it has no "other thread" figure).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProbeRecordBenchmark {
    private LatencyRecorder ours;
    private LatencyRecorder oursFromAnotherThread;
    private Histogram reference;
    private long value = 1_234;

    @Setup
    public void setUp() {
        ours = new LatencyRecorder("probe", Thread.currentThread());
        oursFromAnotherThread = new LatencyRecorder("probe", new Thread(() -> { }));
        reference = new Histogram();
    }

    @Benchmark
    public void oursFromTheHarnessThread() {
        ours.sampleNanos(next());
    }

    @Benchmark
    public void oursFromAnotherThread() {
        oursFromAnotherThread.sampleNanos(next());
    }

    @Benchmark
    public void referenceFromTheHarnessThread() {
        reference.sampleNanos(next());
    }

    /** Values vary a little so no branch is trivially predicted on one bucket. */
    private long next() {
        value = value * 31 + 7 & 0xFFFF;
        return value;
    }
}
