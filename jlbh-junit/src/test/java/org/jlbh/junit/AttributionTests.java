package org.jlbh.junit;

import org.jlbh.junit.internal.store.JsonReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.LatencyTestExtensionTests.busyWaitMicros;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The attribution of late samples and the verdict it gives, through the JUnit engine, with the evidence made up to
 * order ({@link ScriptedEvidence}): the body is slow (200 µs against a 50 µs budget) on two calls of three, and the
 * evidence says what stopped the harness thread during each slow call. So the outcome turns on the evidence alone,
 * whatever the machine does meanwhile.
 */
class AttributionTests {
    /** p50 of 50 µs breaks: two samples of three take 200 µs. */
    abstract static class SlowTwoCallsOfThree {
        private int calls;

        @LatencyTest(throughput = 1_000, iterations = 300, warmUpIterations = 0, runs = 3, percentile = 50,
                maxMicros = 50)
        void sometimesSlow() {
            if (calls++ % 3 != 0) {
                busyWaitMicros(200);
            }
        }
    }

    static class EveryLateSampleWaitedForTheCpu extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.CPU_WAIT;
        }
    }

    static class EveryLateSampleInACollection extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.GC;
        }
    }

    static class EveryLateSampleInASafepoint extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.SAFEPOINT;
        }
    }

    static class EveryLateSampleBlocked extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.BLOCKED;
        }
    }

    static class EveryLateSampleInACollectionOfOlderObjects extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.GC_OF_OLDER_OBJECTS;
        }
    }

    static class EveryLateSampleInAMachineStall extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.MACHINE_STALL;
        }
    }

    static class EveryLateSampleInAMachineStallWithoutJvmEvidence extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return Cover.MACHINE_STALL_WITHOUT_JVM_EVIDENCE;
        }
    }

    /** One late sample in five waited for the CPU; nothing explains the other four. */
    static class OneLateSampleInFiveWaited extends ScriptedEvidence {
        @Override
        Cover cover(int lateSample) {
            return lateSample % 5 == 0 ? Cover.CPU_WAIT : Cover.NOTHING;
        }
    }

    @ExtendWith(EveryLateSampleWaitedForTheCpu.class)
    static class Descheduled extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleInACollection.class)
    static class Collected extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleInASafepoint.class)
    static class AtSafepoints extends SlowTwoCallsOfThree {
    }

    @ExtendWith(OneLateSampleInFiveWaited.class)
    static class PartlyDescheduled extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleBlocked.class)
    static class Blocking extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleInACollectionOfOlderObjects.class)
    static class CollectedOlderObjects extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleInAMachineStall.class)
    static class MachineStalled extends SlowTwoCallsOfThree {
    }

    @ExtendWith(EveryLateSampleInAMachineStallWithoutJvmEvidence.class)
    static class MachineStalledWithoutJvmEvidence extends SlowTwoCallsOfThree {
    }

    /**
     * The part of a message that says the harness called iterations late with no call running: this machine's host
     * stops it for 0.1-1 ms now and then while the harness thread waits for an iteration's start, and such a late
     * start is not the code's (the fixtures' late samples are the code's 200 µs calls, and the platform's as scripted).
     */
    private static final String HELD_UP = "the harness called [\\d,]+ iterations? late with no call of the test method "
            + "running \\([\\d.,]+ ms in all, longest [\\d.,]+ ms, beyond the waits and pauses seen: the harness thread "
            + "was held up outside the code\\)";
    /**
     * The platform's part of a message, where this machine made any late samples the platform's: late starts, alone
     * ({@code 2 while the harness called ...}) or after a wait for the CPU the machine's own load made
     * ({@code 3 while the harness thread waited ... and the harness called ...}).
     */
    private static final String HELD_UP_BEFORE_CALLS = "(?:[\\d,]+ while (?:the harness thread waited [\\d.,]+ ms on the "
            + "run queue \\([\\d,]+ stretch(?:es)?\\) and )?" + HELD_UP + ", )?";
    /** The same after other platform evidence, where there are any: {@code ... and the harness called ...}. */
    private static final String AND_HELD_UP_BEFORE_CALLS = "(?: and " + HELD_UP + ")?";

    @TempDir
    Path reports;

    private Events run(Class<?> fixture, Map<String, String> configuration) {
        return EngineRuns.run(reports, configuration, fixture).testEvents();
    }

    private Map<?, ?> attribution(Class<?> fixture) throws IOException {
        return (Map<?, ?>) check(fixture).get("attribution");
    }

    private Map<?, ?> check(Class<?> fixture) throws IOException {
        Map<?, ?> result = (Map<?, ?>) JsonReader.parse(Files.readString(
                reports.resolve(fixture.getName() + ".sometimesSlow.json")));
        Map<?, ?> attempt = (Map<?, ?>) ((List<?>) result.get("attempts")).get(0);
        return (Map<?, ?>) ((List<?>) attempt.get("checks")).get(0);
    }

    private static long total(Map<?, ?> attribution, String cause) {
        return ((List<?>) attribution.get("lateSamples")).stream()
                .mapToLong(run -> ((Double) ((Map<?, ?>) run).get(cause)).longValue()).sum();
    }

    @Test
    void aBreachThePlatformAccountsForPassesOnTheCodesOwnAccountSayingBothFigures() throws IOException {
        run(Descheduled.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedSuccessfully()));
        Map<?, ?> check = check(Descheduled.class);
        assertThat(check.get("met")).isEqualTo(true);
        assertThat((String) check.get("measured")).as("the measured figure stays what was measured")
                .matches("[\\d.,]+ \u00b5s");
        assertThat(Double.parseDouble(((String) check.get("measured")).replaceAll("[^\\d.]", ""))).isGreaterThan(50);
        assertThat((String) check.get("codesOwnAccount")).matches("end to end p50 [\\d.]+ \u00b5s on the code's own "
                + "account \\(runs: .*\\), budget 50 \u00b5s; as measured [\\d.,]+ \u00b5s, ([\\d,]+) late samples the "
                + "platform or the JVM account for: late samples over 50 \u00b5s: \\1 while the harness "
                + "thread waited [\\d.,]+ ms on the run queue .*");
        assertThat(check.containsKey("message")).as("a breach message").isFalse();
        Map<?, ?> attribution = attribution(Descheduled.class);
        // 200 slow calls a run; a stall of this machine's may make a fast call late too, and it is covered as well
        assertThat(total(attribution, "platform")).isGreaterThanOrEqualTo(600);
        // a quick call that a stall of the machine itself made late has nothing against it in the evidence
        assertThat(total(attribution, "code")).isLessThan(60);
        assertThat((Double) attribution.get("codeOnlyMicros")).isLessThan(50);
    }

    @Test
    void aBaselineRecordsTheFiguresThePlatformsWaitsInflatedOnTheCodesOwnAccountAndACollectionsAsMeasured()
            throws IOException {
        Map<String, String> recording = Map.of(LatencyTestConfiguration.BASELINE_DIR,
                reports.resolve("baseline").toString(), LatencyTestConfiguration.BASELINE_WRITE, "true",
                LatencyTestConfiguration.MODE, "report");
        run(Descheduled.class, recording);
        run(Collected.class, recording);

        // two calls of three take 200 µs: p50 is one of them as measured; the waits for the CPU held every one
        assertThat(recordedP50s(Descheduled.class, "percentilesNanos")).allSatisfy(p50 -> assertThat(p50)
                .isGreaterThan(200_000));
        assertThat(recordedP50s(Descheduled.class, "codesOwnNanos")).hasSize(3).allSatisfy(p50 -> assertThat(p50)
                .isLessThan(50_000));
        // a collection is the code's own allocation: its figures on its own account are as measured
        assertThat(recordedP50s(Collected.class, "codesOwnNanos")).hasSize(3).allSatisfy(p50 -> assertThat(p50)
                .isGreaterThan(200_000));
    }

    /** @return each run's end-to-end p50 the fixture's baseline recorded, from the named figures, in nanoseconds */
    private List<Long> recordedP50s(Class<?> fixture, String figures) throws IOException {
        Map<?, ?> baseline = (Map<?, ?>) JsonReader.parse(Files.readString(reports.resolve("baseline")
                .resolve(fixture.getName() + ".sometimesSlow.json")));
        Map<?, ?> build = (Map<?, ?>) ((List<?>) baseline.get("builds")).get(0);
        Map<?, ?> endToEnd = (Map<?, ?>) ((List<?>) build.get("probes")).get(0);
        return ((List<?>) endToEnd.get("runs")).stream()
                .map(run -> ((Double) ((Map<?, ?>) ((Map<?, ?>) run).get(figures)).get("50")).longValue()).toList();
    }

    @Test
    void strictNoiseFailsTheSameBreachAndStillSaysWhy() {
        run(Descheduled.class, Map.of(LatencyTestConfiguration.NOISE, "strict")).assertThatEvents().haveExactly(1,
                event(test("sometimesSlow"), finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                        m.startsWith("end to end p50 was ") && m.matches("(?s).*late samples over 50 \u00b5s: [\\d,]+ "
                                + "while the harness thread waited .*") && !m.contains("inconclusive")))));
    }

    @Test
    void collectionsAreTheCodesOwnAndFailTheTestNamed() throws IOException {
        run(Collected.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.matches("(?s)end to end p50 was "
                        + ".*late samples over 50 \u00b5s: " + HELD_UP_BEFORE_CALLS + "[\\d,]+ in [\\d,]+ GC pauses "
                        + "\\(G1New, longest [\\d.]+ ms\\), [\\d,]+ "
                        + "with no pause: the code"
                        // where late starts were excused, what the breach would still be without them
                        + "(?:; without the pauses not the code's, which account for [\\d,]+ late samples, it would "
                        + "still be [\\d.,]+ \u00b5s)?"
                        // then where the late iterations spent their time (jlbh.profile = on-breach)
                        + "\\RWhere the late iterations \\(end to end over 50 \u00b5s\\) spent their time.*")))));
        assertThat(total(attribution(Collected.class), "gc")).isGreaterThanOrEqualTo(600);
    }

    @Test
    void aCollectionsCopyingOfObjectsOlderThanTheMeasuredRunsIsTheJvmsAndSaidSo() throws IOException {
        run(CollectedOlderObjects.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedSuccessfully()));
        assertThat((String) check(CollectedOlderObjects.class).get("codesOwnAccount")).matches("(?s).*late samples "
                + "over 50 \u00b5s: " + HELD_UP_BEFORE_CALLS + "([\\d,]+) in collections copying objects older than the "
                + "measured runs \\(the JVM's\\), "
                + "[\\d,]+ in [\\d,]+ GC pauses \\(G1New, longest [\\d.]+ ms; [\\d.,]+ ms of them copying objects older "
                + "than the measured runs: the JVM's\\).*");
        // every slow call is the older objects', but one queued behind a call the harness began late (the machine held
        // its thread up before the call, now and then for a millisecond here) is the platform's, as that call is
        Map<?, ?> attribution = attribution(CollectedOlderObjects.class);
        assertThat(total(attribution, "olderObjects") + total(attribution, "platform")).isGreaterThanOrEqualTo(600);
    }

    @Test
    void otherSafepointsAreNotTheCodes() throws IOException {
        run(AtSafepoints.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedSuccessfully()));
        assertThat((String) check(AtSafepoints.class).get("codesOwnAccount")).matches("(?s).*late samples over 50 "
                + "\u00b5s: " + HELD_UP_BEFORE_CALLS + "[\\d,]+ in [\\d,]+ safepoints \\(Cleanup, longest .*");
    }

    @Test
    void aStallOfTheWholeMachineASecondThreadSawIsNotTheCodesAndSaidSo() throws IOException {
        run(MachineStalled.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedSuccessfully()));
        assertThat((String) check(MachineStalled.class).get("codesOwnAccount")).matches("(?s).*late samples over 50 "
                + "\u00b5s: ([\\d,]+) while the whole machine stalled \\(([\\d,]+) stalls, [\\d.,]+ ms, longest "
                + "[\\d.,]+ ms: a second thread was stopped as long at the same time, without waiting for a CPU\\).*");
        assertThat(total(attribution(MachineStalled.class), "platform")).isGreaterThanOrEqualTo(600);
    }

    @Test
    void withoutTheJvmsEvidenceAMachineStallIsNotTakenForOneItCouldBeACollection() {
        // a collection stops the second thread too: without the Flight Recorder's pauses, the stall may be the code's
        run(MachineStalledWithoutJvmEvidence.class, Map.of()).assertThatEvents().haveExactly(1,
                event(test("sometimesSlow"), finishedWithFailure(instanceOf(AssertionError.class), message(m ->
                        m.matches("(?s)Judged without all its evidence \\(scripted: no JVM evidence\\).*late samples "
                                + "over 50 \u00b5s: [\\d,]+ with no pause: the code.*")
                                && !m.contains("machine stalled")))));
    }

    @Test
    void lateSamplesWhileTheCodeBlockedAreTheCodesAndSaySo() {
        run(Blocking.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.matches("(?s)end to end p50 was "
                        + ".*late samples over 50 \u00b5s: " + HELD_UP_BEFORE_CALLS + "([\\d,]+) with no pause: the "
                        + "code, ([\\d,]+) of them while the code blocked \\(([\\d,]+) voluntary switches, [\\d.,]+ "
                        + "ms\\).*") && blockedOfLate(m) >= 600))));
    }

    /** @return how many late samples the message says lie where the code blocked */
    private static long blockedOfLate(String message) {
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("([\\d,]+) of them while the code blocked")
                .matcher(message);
        return matcher.find() ? Long.parseLong(matcher.group(1).replace(",", "")) : -1;
    }

    @Test
    void whatThePlatformDoesNotExplainIsTheCodesAndFailsSayingWhatItWouldStillBe() throws IOException {
        run(PartlyDescheduled.class, Map.of()).assertThatEvents().haveExactly(1, event(test("sometimesSlow"),
                finishedWithFailure(instanceOf(AssertionError.class), message(m -> m.matches("(?s)end to end p50 was "
                        + ".*late samples over 50 \u00b5s: ([\\d,]+) while the harness thread waited [\\d.,]+ ms on the "
                        + "run queue \\([\\d,]+ stretches\\)" + AND_HELD_UP_BEFORE_CALLS + ", [\\d,]+ with no pause: "
                        + "the code; without the pauses not the code's, which account for \\1 late samples, it would "
                        + "still be [\\d.,]+ \u00b5s"
                        + "\\RWhere the late iterations \\(end to end over 50 \u00b5s\\) spent their time.*")))));
        Map<?, ?> attribution = attribution(PartlyDescheduled.class);
        // 600 slow calls, one in five covered: 120 the platform's on a quiet machine; on a busy one a covered call can
        // also sit behind a stall of the machine's own that nothing covers, and stays late
        assertThat(total(attribution, "platform")).isGreaterThanOrEqualTo(100);
        assertThat(total(attribution, "code")).isGreaterThanOrEqualTo(480);
        assertThat((Double) attribution.get("codeOnlyMicros")).isGreaterThan(50);
    }
}
