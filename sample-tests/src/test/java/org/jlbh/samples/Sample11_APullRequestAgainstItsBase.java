package org.jlbh.samples;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.samples.quotes.Quote;
import org.jlbh.samples.quotes.QuoteParser;
import org.jlbh.samples.quotes.QuoteParserLatency;
import org.jlbh.samples.quotes.Snapshots;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * Sample 11 — a pull request against its base, in one build (the paired mode).
 *
 * <p>What it teaches: a change that makes a quote parser an eighth slower meets every budget the test sets, and a
 * history gate does not flag it either: its tolerance is 10% because builds on different runners at different times
 * differ by that much (jlbh-benchmarks' README, "The baseline gate's error rates"). Run the change and its base in the
 * same JVM, their runs in turns, and whatever the machine does falls on both alike: the eighth shows.
 *
 * <p>How: the module compiles the base's parser ({@code src/base/java}: the main branch's) into
 * {@code target/paired-base} with a copy of the unchanged latency test's class, as a CI job builds its base beside the
 * change ({@code git worktree}, then {@code mvn test-compile}; see docs/regression-gates.md, "Paired mode"). This
 * sample runs that latency test, {@link QuoteParserLatency}, with {@code jlbh.paired.base} naming the folder, while a
 * process spins all along beside it (a shell's busy loop), a busy neighbour on this 2-core machine, as another build
 * on a shared runner would be; and checks what a pull request's build would say. A process, not a thread of this JVM:
 * a thread the test starts is the test's own, and the harness thread's waits while it runs are the code's.
 *
 * <p>What it showed here (2 vCPU AMD EPYC, JDK 17, 100 pairs of 0.05 s runs, beside a spinning thread of the JVM):
 * the change at p50 +11.5% (interval +11.2..+11.6%) and +12.3% (+11.8..+12.6%), at p90 +14.0% and +18.1%, in two
 * builds, the parser 0.35 µs on the base's side; both sides the same code (the base's parser copied into the change)
 * read −0.4%, −0.1% and +0.8% at p50 in three builds without the thread. A history gate's tolerance is 10%, and the
 * smallest change it detects at p50 +13–14% on a quiet history: it would most likely call this within noise. On a
 * 2 vCPU Intel Xeon (JDK 17) beside the spinning thread, p50 +17.0% (+16.5..+17.6%), the parser 0.35 µs on the base's
 * side; beside the busy process since 2026-11-28, in 3 builds, p50 +21.5% to +24.1% (intervals within ±0.7%) and p90
 * +16.7% to +20.0%, the parser 0.45 µs on the base's side: the process slows both sides' calls more than the thread
 * did, and the check's share grows with them. With 60 pairs (tried that day,
 * see {@link QuoteParserLatency}), in 6 builds: p50 +15.5% to +18.3% (each interval within 1.8 points of it), and the
 * profile's first frame {@code QuoteFields.readChecked} every time, +0.405 to +0.475 µs a call (± 0.045 to 0.062).
 *
 * <p>Where the time went: after the verdict, each side is measured once more (2 s of runs) with async-profiler
 * sampling its harness thread, and the failure message names the frames the change spent more time a call in than its
 * base, first {@code +0.282 µs a call in QuoteFields.readChecked (0.282 against 0.000; ± 0.036)}: the check the change
 * added, a method the base never calls. The report folder holds the change's flame graph and its differential against
 * the base's ({@code ...QuoteParserLatency.parse.change-vs-base.html}). A parser of a quarter of a microsecond called
 * 20,000 times a second is in few of the samples (36 to 61 a side in 2 s, in 7 builds), so only so large a difference is
 * named: the test method's own time a call, estimated from them, read 0.17 to 0.28 µs (its runs measured 0.28–0.30).
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample11* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Sample11_APullRequestAgainstItsBase {

    /**
     * The change's parser checks that each book entry's fields are numbers; its base's does not. Both meet the test's
     * budgets (p50 within 20 µs, p99 within 100 µs: the parser takes well under 1 µs), and the change fails on the
     * paired comparison alone. Each pair's ratio is of two runs 0.05 s apart, so what the neighbour does falls on both.
     */
    @Test
    void anEighthSlowerParserIsCaughtAgainstItsBase() {
        Path base = Path.of(System.getProperty("jlbh.samples.pairedBase", "target/paired-base"));
        assertThat(base.resolve("org/jlbh/samples/quotes/QuoteParser.class")).as("the base, as the module built it")
                .isRegularFile();
        Events events;
        BusyNeighbour neighbour = BusyNeighbour.start();
        try {
            events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(QuoteParserLatency.class))
                    .configurationParameters(Map.of(LatencyTestConfiguration.PAIRED_BASE, base.toString()))
                    .execute().testEvents();
        } finally {
            neighbour.stop();
        }
        events.assertThatEvents().haveExactly(1, event(test("parse"), finishedWithFailure(message(m ->
                m.startsWith("Regression against the base (paired runs): end to end p50 ")
                        && m.contains(": REGRESSION") && !m.contains("budget")))));
        // and where the change spent the time: the check it added comes first
        events.assertThatEvents().haveExactly(1, event(test("parse"), finishedWithFailure(message(m ->
                Pattern.compile("Where the change spent more time than its base, profiled in one more measurement of "
                        + "each after the verdict \\([^)]*\\): \\+[0-9.]+ µs a call in QuoteFields\\.readChecked ")
                        .matcher(m).find()))));
    }

    /** What the change is for: it reads the best bid and offer as the base does, and refuses a price not a number. */
    @Test
    void theChangesParserReadsTheBestBidAndOfferAndRefusesAPriceThatIsNotANumber() {
        byte[] snapshot = Snapshots.eurUsd();
        Quote quote = new QuoteParser().parse(snapshot, snapshot.length);
        assertThat(new long[]{quote.bid(), quote.bidSize(), quote.offer(), quote.offerSize()})
                .containsExactly(108_345, 1_000_000, 108_347, 2_000_000);

        byte[] garbled = new String(snapshot, StandardCharsets.US_ASCII).replace("270=1.08345", "270=1.0834x")
                .getBytes(StandardCharsets.US_ASCII);
        assertThatIllegalArgumentException().isThrownBy(() -> new QuoteParser().parse(garbled, garbled.length))
                .withMessage("not a number in tag 270");
    }

    /** A process that spins until stopped: a neighbour that keeps one of this machine's two cores busy. */
    private static final class BusyNeighbour {
        private final Process process;

        private BusyNeighbour(Process process) {
            this.process = process;
        }

        static BusyNeighbour start() {
            try {
                return new BusyNeighbour(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the busy neighbour (sh)", e);
            }
        }

        /** Stops the process and waits for it to end; an interrupt while waiting is kept for the caller. */
        void stop() {
            try {
                process.destroyForcibly().waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
