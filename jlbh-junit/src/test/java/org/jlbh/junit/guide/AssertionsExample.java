package org.jlbh.junit.guide;

import org.jlbh.core.JLBH;
import org.jlbh.core.JLBHOptions;
import org.jlbh.core.JLBHResultConsumer;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.assertj.LatencyAssertions;

/** docs/harness-and-porting.md: a programmatic benchmark judged with the extension's budget check. */
class AssertionsExample {

    void parseLatencyIsWithinBudget(JLBHOptions options) {
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        new JLBH(options, System.out, results).start();

        LatencyAssertions.assertThat(results.get())
                .isComplete()
                .endToEnd().hasPercentileAtMostMicros(99.9, 50);                 // median run
        LatencyAssertions.assertThat(results.get())
                .probe("decode").hasPercentileAtMostMicros(99, 10, Verdict.EVERY_RUN)
                .run(2).hasCount(100_000);
    }
}
