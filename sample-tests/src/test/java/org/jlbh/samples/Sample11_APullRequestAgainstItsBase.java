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
 * <p>What it teaches: a change that makes a quote parser a fifth to a third slower meets every budget the test sets
 * (the parser takes well under 1 µs; its budgets are p50 within 20 µs and p99 within 100 µs), so a budget never flags
 * it. A history gate would, once the change is on main and a history of the same runner is recorded (jlbh-benchmarks'
 * README, "The baseline gate's error rates": a quarter slower flagged in 50 of 50 builds). Run the change and its base
 * in the same JVM, their runs in turns, and whatever the machine does falls on both alike: the pull request's own build
 * flags it, with no history, beside a busy neighbour, and names the method where the time went.
 *
 * <p>How: the module compiles the base's parser ({@code src/base/java}: the main branch's) into
 * {@code target/paired-base} with a copy of the unchanged latency test's class, as a CI job builds its base beside the
 * change ({@code git worktree}, then {@code mvn test-compile}; see docs/regression-gates.md, "Paired mode"). This
 * sample runs that latency test, {@link QuoteParserLatency}, with {@code jlbh.paired.base} naming the folder, while a
 * process spins all along beside it (a shell's busy loop), a busy neighbour on this 2-core machine, as another build
 * on a shared runner would be; and checks what a pull request's build would say. A process, not a thread of this JVM:
 * a thread the test starts is the test's own, and the harness thread's waits while it runs are the code's.
 *
 * <p>What it shows (a 2-core machine, beside the busy process): the change at p50 +32% to +35% on JDK 17 and +37% to
 * +38% on Temurin 25, p90 +31% to +33%, in the builds before the paired mode ran more than one copy of each side;
 * with a control (a second copy of the base), one CI-like run: p50 +34.8% on JDK 17, +27.3% on Temurin 25; with two
 * copies of each side, one run on JDK 17: p50 +31.5% (interval +26.1..+33.7% between either copy of each side; copy to
 * copy: base +0.2%, change +0.6%), p90 +19.7%. The parser takes 0.31 to 0.74 µs on the base's
 * side. On a host that has slowed the base takes 0.53–0.56 µs and the change reads +21% to +24%: the same added
 * cost on a slower base. The change is a second pass over the 390 bytes before the checksum field, about 0.11 µs on
 * both JDKs: a second pass costs what its bytes cost on either compiler, where a check of each field's digits as it is
 * read is folded by Temurin 25's compiler into the reading loop (+4.4% to +12% there, at the low end within the paired
 * mode's tolerance of 5%, so not flagged). Both sides the same code (the base's parser copied into the change) read
 * −0.4% to +0.8% at p50 (before the control). The test class takes 36 s here (four copies' runs, and the growth
 * profile's rounds, 9 s of it).
 *
 * <p>Where the time went: after the verdict, both sides are measured again in turns (rounds of 1 s of runs each, two
 * rounds or more, up to six, until the test method has drawn 200 samples) with async-profiler sampling its harness
 * thread, and the failure message names the frames whose own time a call the change grew, each with the way
 * to it from the test method: on JDK 17 (2026-12-02), {@code +0.132 µs a call in QuoteFields.checkSum (0.132 against
 * 0.000; ± 0.021), reached by QuoteParserLatency.parse → QuoteParser.parse → QuoteFields.readChecked → QuoteFields.read
 * → QuoteFields.checkSum}, the pass the change added, under the method it calls where its base calls
 * {@code QuoteFields.read}; its callers, which hold that time and had no more of their own, are not named. Where the
 * compiler inlined the pass, its samples can land in a method it was inlined into ({@code QuoteFields.read} or
 * {@code QuoteFields.readChecked}, reached the same way). Before the ranking was by a frame's own time, the frames holding the growth came first
 * ({@code QuoteFields.readChecked}, +0.503 µs a call, then the pass, +0.071 to +0.139 µs). The report folder holds the
 * change's flame graph and its differential against the base's ({@code
 * ...QuoteParserLatency.parse.change-vs-base.html}). A parser of a third of a microsecond called 20,000 times a second
 * is in few of the samples (some 80 to 110 a side in 2 s), so only so large a difference is named.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample11* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class Sample11_APullRequestAgainstItsBase {

    /**
     * The change's parser checks the snapshot's checksum; its base's does not. Both meet the test's budgets (p50 within
     * 20 µs, p99 within 100 µs: the parser takes well under 1 µs), and the change fails on the paired comparison alone.
     * Each pair's ratio is of two runs 0.05 s apart, so what the neighbour does falls on both.
     */
    @Test
    void aThirdSlowerParserIsCaughtAgainstItsBase() {
        Path base = Path.of(System.getProperty("samples.pairedBase", "target/paired-base"));
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
        // and where the change spent the time: the check it added comes first, on the way through the method the
        // change calls (or, where the compiler inlined the check, the method on that way that its samples land in)
        events.assertThatEvents().haveExactly(1, event(test("parse"), finishedWithFailure(message(m ->
                Pattern.compile("Where the change spent more time than its base, profiled as both were measured again "
                        + "after the verdict \\([^)]*\\): \\+[0-9.]+ µs a call in "
                        + "QuoteFields\\.(checkSum|readChecked|read) \\([^)]*\\), reached by [^;,]*QuoteFields\\.readChecked")
                        .matcher(m).find()))));
    }

    /** What the change is for: it reads the best bid and offer as the base does, and refuses a garbled snapshot. */
    @Test
    void theChangesParserReadsTheBestBidAndOfferAndRefusesASnapshotWhoseChecksumIsWrong() {
        byte[] snapshot = Snapshots.eurUsd();
        Quote quote = new QuoteParser().parse(snapshot, snapshot.length);
        assertThat(new long[]{quote.bid(), quote.bidSize(), quote.offer(), quote.offerSize()})
                .containsExactly(108_345, 1_000_000, 108_347, 2_000_000);

        byte[] garbled = new String(snapshot, StandardCharsets.US_ASCII).replace("270=1.08345", "270=1.0834x")
                .getBytes(StandardCharsets.US_ASCII);
        assertThatIllegalArgumentException().isThrownBy(() -> new QuoteParser().parse(garbled, garbled.length))
                .withMessage("checksum 214, but the bytes before it give 25"); // a '5' made an 'x': 67 more
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
