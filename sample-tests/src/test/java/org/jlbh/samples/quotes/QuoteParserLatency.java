package org.jlbh.samples.quotes;

import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTest;

/**
 * Sample 11's latency test of the quote parser, the same in the base and in the change: the sample module copies its
 * compiled package, all but the parser, into the base's folder beside the base's parser, as a pull request that leaves
 * the test alone. Run by {@code Sample11_APullRequestAgainstItsBase} in paired mode (not by Surefire: its name matches
 * no test pattern).
 *
 * <p>Sixty runs of 1,000 calls (0.05 s each at 20,000/s), so sixty pairs taken 0.05 s apart: the sign test's interval
 * then lies between the 20th smallest and the 20th greatest pair (p50, p90 and p99 compared), not the extremes, and
 * the change of a third is told from noise at p50 and p90; eight pairs of long runs (the fewest judged) see only
 * changes several times the pairs' spread. A smaller change (an eighth slower) can leave a row undecided with sixty
 * pairs (p90 +9.3%, interval +3.0..+16.6%, against a tolerance of 5%), and both sides are then measured again, some
 * 13 s more; a comparison that already has a regression is not measured again for a row still undecided.
 */
public class QuoteParserLatency {
    private final byte[] snapshot = Snapshots.eurUsd();
    private final QuoteParser parser = new QuoteParser();
    private long spread;

    @LatencyTest(throughput = 20_000, iterations = 1_000, warmUpIterations = 60_000, runs = 60, percentile = 99,
            maxMicros = 100)
    @LatencyBudget(percentile = 50, maxMicros = 20)
    void parse() {
        Quote quote = parser.parse(snapshot, snapshot.length);
        spread += quote.offer() - quote.bid();
    }
}
