package org.jlbh.core.acceptance;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.core.JLBHTask;
import org.jlbh.core.RunStatus;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The measuring loop allocates nothing: the harness thread's allocated bytes (ThreadMXBean) do not move over
 * 1,000,000 steady-state iterations that pace, record lateness, call the task, and sample end-to-end and a probe.
 */
class HarnessAllocationTest {
    private static final int WARM = 200_000;
    private static final int MEASURED = 1_000_000;

    @Test
    void theHarnessThreadAllocatesZeroBytesPerIterationInSteadyState() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeThat(threads.isThreadAllocatedMemorySupported()).as("this JVM measures thread allocation").isTrue();
        threads.setThreadAllocatedMemoryEnabled(true);

        long[] allocated = new long[2];
        JLBHTask task = new JLBHTask() {
            private JLBH jlbh;
            private NanoSampler probe;
            private int i;

            @Override
            public void init(JLBH jlbh) {
                this.jlbh = jlbh;
                probe = jlbh.addProbe("probe");
            }

            @Override
            public void run(long startTimeNS) {
                if (i == WARM) {
                    allocated[0] = threads.getCurrentThreadAllocatedBytes();
                } else if (i == WARM + MEASURED) {
                    allocated[1] = threads.getCurrentThreadAllocatedBytes();
                }
                i++;
                probe.sampleNanos(System.nanoTime() - startTimeNS);
                jlbh.sample(System.nanoTime() - startTimeNS);
            }
        };
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        // warm-up of 100,000, then one run in whose middle the 1,000,000 measured iterations lie
        new JLBH(new JLBHOptions().throughput(5_000_000).warmUpIterations(100_000)
                .iterations(WARM + MEASURED + 100_000).runs(1).jlbhTask(task),
                new PrintStream(OutputStream.nullOutputStream()), results).start();

        assertThat(results.get().status()).isEqualTo(RunStatus.COMPLETE);
        long baseline = threads.getCurrentThreadAllocatedBytes() - threads.getCurrentThreadAllocatedBytes();
        assertThat(allocated[1] - allocated[0] + baseline)
                .as("bytes allocated by the harness thread over %,d iterations", MEASURED).isZero();
    }
}
