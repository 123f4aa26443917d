package org.jlbh.core.acceptance;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHTask;

/**
 * Port of the seed post's SimpleSpikeJLBHTask ("JLBH Examples 2 - Accounting for Coordinated Omission"), to show
 * the effects of accounting for coordinated omission: a 1 ms stall every 10,000th call at 100,000 calls/s.
 *
 * <p>Changed from the original: the imports ({@code net.openhft.chronicle.core.jlbh} → {@code org.jlbh.core}),
 * the stall spins on {@code System.nanoTime()} instead of chronicle-core's {@code Jvm.busyWaitMicros}, and the
 * options are built in {@link #options(boolean)} so a test can run both settings. The misspelt
 * {@code accountForCoordinatedOmmission} of the original is kept: it still compiles.
 */
public class SimpleSpikeJLBHTask implements JLBHTask {
    private int count = 0;
    private JLBH lth;

    public static void main(String[] args) {
        new JLBH(options(true)).start();
    }

    @SuppressWarnings("deprecation") // the original's misspelt option, kept to show the port compiles unchanged
    static JLBHOptions options(boolean accountForCO) {
        return new JLBHOptions()
                .warmUpIterations(40_000)
                .iterations(1_100_000)
                .throughput(100_000)
                .runs(3)
                .recordOSJitter(true)
                .accountForCoordinatedOmmission(accountForCO)
                .jlbhTask(new SimpleSpikeJLBHTask());
    }

    @Override
    public void run(long startTimeNS) {
        if ((count++) % 10_000 == 0) {
            //pause a while
            busyWaitMicros(1000);
        }
        lth.sample(System.nanoTime() - startTimeNS);
    }

    @Override
    public void init(JLBH lth) {
        this.lth = lth;
    }

    private static void busyWaitMicros(long micros) {
        long end = System.nanoTime() + micros * 1_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
