package org.jlbh.samples.quotes;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/**
 * Sample 11's latency test of the quote parser, the same in the base and in the change: the sample module copies its
 * compiled package, all but the parser, into the base's folder beside the base's parser, as a pull request that leaves
 * the test alone. Run by {@code Sample11_APullRequestAgainstItsBase} in paired mode (not by Surefire: its name matches
 * no test pattern).
 *
 * <p>A hundred runs of 1,000 calls (0.05 s each at 20,000/s), so a hundred pairs taken 0.05 s apart: the sign test's
 * interval then lies between the 38th smallest and the 38th greatest pair (p50, p90 and p99 compared), not the
 * extremes, and a change of a tenth is told from noise; eight pairs of long runs (the fewest judged) see only changes
 * several times the pairs' spread. Sixty pairs, tried on 2026-11-28 (about 4 s less), left the p90 row undecided in
 * 2 of 18 main-job builds (+9.3%, interval +3.0..+16.6%, against a tolerance of 5%), and the test measured them again,
 * 13 s more each time: some 3 s less on average, but a time that moves by 13 s, and not the design whose error rates
 * were measured.
 */
public class QuoteParserLatency {
    private final byte[] snapshot = Snapshots.eurUsd();
    private final QuoteParser parser = new QuoteParser();
    private long spread;

    @LatencyTest(throughput = 20_000, iterations = 1_000, warmUpIterations = 60_000, runs = 100, percentile = 99,
            maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void parse() {
        Quote quote = parser.parse(snapshot, snapshot.length);
        spread += quote.offer() - quote.bid();
    }
}
