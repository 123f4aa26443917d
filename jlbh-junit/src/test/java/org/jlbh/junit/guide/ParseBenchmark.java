package org.jlbh.junit.guide;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHTask;

public class ParseBenchmark implements JLBHTask {
    private final Parser parser = new Parser();
    private final String message = "35=D|11=order-1|55=EURUSD|54=1|38=1000000|";
    private JLBH jlbh;

    public static void main(String[] args) {
        new JLBH(new JLBHOptions()
                .throughput(100_000)          // iterations per second, paced
                .warmUpIterations(50_000)     // one paced warm-up, results discarded
                .iterations(1_000_000)        // per run
                .runs(3)
                .jlbhTask(new ParseBenchmark())).start();
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;                     // add probes here: jlbh.addProbe("parse")
    }

    @Override
    public void run(long startTimeNS) {       // the intended start of this iteration
        parser.parse(message);
        jlbh.sample(System.nanoTime() - startTimeNS);
    }
}
