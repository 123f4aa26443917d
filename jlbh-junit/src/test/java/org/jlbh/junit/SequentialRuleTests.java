package org.jlbh.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Events;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The sequential rule through the JUnit engine: when a test's runs disagree about a budget, it is measured again and
 * every run of every attempt counts. The bodies choose which runs are slow (every call 200 µs against a 50 µs budget)
 * by counting their calls, so the runs' verdicts do not depend on the machine.
 */
class SequentialRuleTests {
    private static final int ITERATIONS = 200;

    /** Of each attempt's three runs, the middle one is slow: each attempt splits 2 to 1 for the budget. */
    static class MiddleRunSlow {
        private int calls;

        @LatencyTest(throughput = 2_000, iterations = ITERATIONS, warmUpIterations = 0, runs = 3, percentile = 50,
                maxMicros = 50)
        void splits() {
            if (calls++ / ITERATIONS % 3 == 1) {
                busyWaitMicros(200);
            }
        }
    }

    /** Of each attempt's three runs, the first two are slow: each attempt splits 1 to 2. */
    static class TwoRunsSlow {
        private int calls;

        @LatencyTest(throughput = 2_000, iterations = ITERATIONS, warmUpIterations = 0, runs = 3, percentile = 50,
                maxMicros = 50)
        void splits() {
            if (calls++ / ITERATIONS % 3 != 2) {
                busyWaitMicros(200);
            }
        }
    }

    /** The first attempt's three runs are all slow; after it, each attempt's middle run is. */
    static class SlowThenSplit {
        private int calls;

        @LatencyTest(throughput = 2_000, iterations = ITERATIONS, warmUpIterations = 0, runs = 3, percentile = 50,
                maxMicros = 50)
        void slowThenSplits() {
            int run = calls++ / ITERATIONS;
            if (run < 3 || run % 3 == 1) {
                busyWaitMicros(200);
            }
        }
    }

    /**
     * A sweep whose rate above the required one splits every attempt 2 to 1: the required rate's three runs come first
     * (the count is the class's, across the invocations), then each attempt's middle run is slow.
     */
    static class SplitAboveTheRequiredRate {
        static int calls;

        @LatencyTemplate(rates = {1_000, 2_000}, requiredThroughput = 1_000, iterations = ITERATIONS,
                warmUpIterations = 0, runs = 3, percentile = 50, maxMicros = 50)
        void sweep() {
            int run = calls++ / ITERATIONS;
            if (run >= 3 && run % 3 == 1) {
                busyWaitMicros(200);
            }
        }
    }

    @TempDir
    Path reports;

    private Events run(Class<?> fixture, Map<String, String> configuration) {
        return EngineRuns.run(reports, configuration, fixture).testEvents();
    }

    @Test
    void runsThatMostlyMeetTheBudgetPassOnceTheyLeadByTheMargin() {
        Events events = run(MiddleRunSlow.class, Map.of());
        // 2-1, 4-2: undecided; 6-3 leads by 3 after the third attempt
        events.assertThatEvents().haveExactly(1, event(test("splits"), finishedSuccessfully()));
        assertThat(EngineRuns.reportEntries(events, "jlbh verdict")).singleElement().asString()
                .startsWith("PASSED: budgets met on attempt 3 of 4 (by the sequential rule, over 3 attempts: end to end "
                        + "p50 <= 50 \u00b5s: 6 runs of 9 met it)");
    }

    @Test
    void runsThatMostlyBreakTheBudgetFailOnceTheyLeadByTheMargin() {
        run(TwoRunsSlow.class, Map.of()).assertThatEvents().haveExactly(1, event(test("splits"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.startsWith("end to end p50 was ")
                        && m.contains("(by the sequential rule, over 3 attempts: end to end p50 <= 50 \u00b5s: 3 runs "
                        + "of 9 met it)")))));
    }

    @Test
    void runsStillSplitWhenTheAttemptsRunOutAreInconclusiveSayingSo() {
        run(MiddleRunSlow.class, Map.of(LatencyTestConfiguration.REMEASURE_UNDECIDED, "1")).assertThatEvents().haveExactly(1,
                event(test("splits"), abortedWithReason(message(m -> m.startsWith("Inconclusive: the runs disagree "
                        + "about a latency budget, and 2 attempts did not settle it: the sequential rule calls a budget "
                        + "met or broken when the runs on one side outnumber the other by 3 (end to end p50 <= 50 "
                        + "\u00b5s: 4 runs of 6 met it)") && m.contains("To decide it: more runs, which "
                        + "jlbh.remeasure.undecided (now 1, at most 10) measures while they disagree")))));
    }

    @Test
    void anUndecidedTestFailsWhereInconclusiveTestsFailSayingWhatWouldDecideIt() {
        Events events = run(MiddleRunSlow.class, Map.of(LatencyTestConfiguration.REMEASURE_UNDECIDED, "1",
                LatencyTestConfiguration.INCONCLUSIVE, "fail"));
        events.assertThatEvents().haveExactly(1, event(test("splits"), finishedWithFailure(
                instanceOf(AssertionError.class), message(m -> m.startsWith("Inconclusive: the runs disagree about a "
                        + "latency budget, and 2 attempts did not settle it") && m.contains("(end to end p50 <= 50 "
                        + "\u00b5s: 4 runs of 6 met it)") && m.contains("To decide it: more runs")
                        && m.endsWith("(failed: jlbh.inconclusive = fail fails a test that could not be decided)")))));
        assertThat(EngineRuns.reportEntries(events, "jlbh verdict")).singleElement().asString()
                .startsWith("INCONCLUSIVE: Inconclusive: the runs disagree");
    }

    @Test
    void aFailureStandsWhenARetryAfterItCannotDecide() {
        // attempt 1 breaks the budget in all 3 runs; jlbh.retry.failed starts afresh, and attempt 2 splits 2 to 1 with no
        // attempt left to measure it again: undecided is no answer to a failure, which is reported from attempt 1
        Events events = run(SlowThenSplit.class, Map.of(LatencyTestConfiguration.RETRY_FAILED, "1",
                LatencyTestConfiguration.REMEASURE_UNDECIDED, "0"));
        events.assertThatEvents().haveExactly(1, event(test("slowThenSplits"), finishedWithFailure(
                instanceOf(AssertionError.class), message(m -> m.startsWith("end to end p50 was ")
                        && everyRunOver(m, 50) && !m.contains("no attempt of")))));
    }

    /** @return whether every run value of the message's first {@code (runs: a, b, c µs; ...)} is over the limit */
    private static boolean everyRunOver(String message, double limitMicros) {
        Matcher runs = Pattern.compile("\\(runs: ([^;]*) \u00b5s;").matcher(message);
        return runs.find() && Stream.of(runs.group(1).split(", "))
                .allMatch(value -> Double.parseDouble(value.replace(",", "")) > limitMicros);
    }

    @Test
    void withNoMoreAttemptsASplitIsInconclusiveAtOnce() {
        run(MiddleRunSlow.class, Map.of(LatencyTestConfiguration.REMEASURE_UNDECIDED, "0")).assertThatEvents().haveExactly(1,
                event(test("splits"), abortedWithReason(message(m -> m.contains("1 attempt did not settle it")
                        && m.contains("2 runs of 3 met it")))));
    }

    @Test
    void aRateAboveTheRequiredOneTheRunsCannotSettleIsReportedNotSkippedAfterOneAttempt() {
        // above the required throughput a broken budget is the knee being found, reported; so is an undecided one, and
        // it is not measured again though jlbh.remeasure.undecided allows it: nothing it could decide there would fail
        SplitAboveTheRequiredRate.calls = 0;
        Events events = run(SplitAboveTheRequiredRate.class, Map.of(LatencyTestConfiguration.REMEASURE_UNDECIDED, "1"));
        events.assertStatistics(s -> s.started(2).succeeded(2).aborted(0).failed(0));
        assertThat(EngineRuns.reportEntries(events, "jlbh verdict")).last().asString().startsWith("REPORTED")
                .contains("Above the required throughput (1,000/s), latency budgets are reported, not enforced: the "
                        + "runs at this rate did not settle them (by the sequential rule, over 1 attempt: end to end "
                        + "p50 <= 50 \u00b5s: 2 runs of 3 met it); the knee is about here");
    }
}
