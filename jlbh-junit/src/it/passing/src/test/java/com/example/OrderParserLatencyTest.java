package com.example;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.BeforeEach;

class OrderParserLatencyTest {
    private String message;

    @BeforeEach
    void setUp() {                                   // once, around the whole measurement: never timed
        message = "35=D|11=order-1|55=EURUSD|54=1|38=1000000|";
    }

    // The budgets are generous so that this example passes on any machine; set yours from your own figures.
    @LatencyTest(throughput = 20_000, iterations = 20_000, warmUpIterations = 5_000, runs = 3,
            percentile = 99.9, maxMicros = 5_000)
    @LatencyBudget(percentile = 50, maxMicros = 1_000)
    @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 1_000)
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
    }                                                // end to end is sampled when the body returns
}
