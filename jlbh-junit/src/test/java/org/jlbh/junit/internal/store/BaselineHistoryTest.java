package org.jlbh.junit.internal.store;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test's history: read as found, missing, unreadable or another test's; recorded keeping its last builds, under
 * its own OS lock, waited for a bounded time (two JVMs at once: {@link TwoWritersOneHistoryTest}).
 */
class BaselineHistoryTest {
    @TempDir
    Path dir;

    /** @return a result whose runs all completed, made at the time given */
    static ResultSnapshot build(String time) {
        ResultSnapshot everything = ResultJsonTest.everything();
        ResultSnapshot.Run run = everything.runs().get(0);
        ResultSnapshot.Environment environment = everything.environment();
        return new ResultSnapshot(everything.test(), everything.settings(), new ResultSnapshot.Environment(time,
                environment.javaVersion(), environment.javaVm(), environment.javaVendor(), environment.os(),
                environment.arch(), environment.cpu(), environment.cores(), environment.maxHeapBytes(),
                environment.garbageCollectors()), everything.conclusion(), everything.attempts(),
                everything.allocatedBytesPerOp(), List.of(run, run), everything.probes(), Optional.empty(),
                Optional.empty());
    }

    @Test
    void aHistoryKeepsItsLastBuilds() {
        BaselineHistory history = new BaselineHistory(dir.resolve("baseline"), 3);
        ResultSnapshot.Test test = build("0").test();

        assertThat(history.read(test)).isEqualTo(new HistoryRead.NoHistory(BaselineHistory.file(dir.resolve("baseline"),
                test), dir.resolve("baseline"), false));
        for (String time : List.of("1", "2", "3", "4")) {
            assertThat(history.record(build(time), Optional.empty())).isInstanceOf(Recording.Written.class);
        }

        assertThat(history.read(test).builds().orElseThrow()).extracting(RecordedBuild::time)
                .containsExactly("2", "3", "4");
    }

    @Test
    void aBuildWithoutTheEvidenceWithARunThatDidNotCompleteOrInconclusiveIsNotRecorded() {
        BaselineHistory history = new BaselineHistory(dir, 3);
        ResultSnapshot complete = build("1");
        ResultSnapshot.Run aborted = ResultJsonTest.everything().runs().get(1);
        ResultSnapshot incomplete = new ResultSnapshot(complete.test(), complete.settings(), complete.environment(),
                complete.conclusion(), complete.attempts(), complete.allocatedBytesPerOp(),
                List.of(complete.runs().get(0), aborted), complete.probes(), Optional.empty(), Optional.empty());

        assertThat(history.record(complete, Optional.of("run 1 has no evidence"))).isEqualTo(new Recording.Skipped(
                BaselineHistory.file(dir, complete.test()), "run 1 has no evidence; a baseline keeps the figures on "
                + "the code's own account, which need the scheduler's and the JVM's evidence of every run"));
        assertThat(aborted.status()).isEqualTo(RunStatus.ABORTED);
        assertThat(history.record(incomplete, Optional.empty())).isEqualTo(new Recording.Skipped(
                BaselineHistory.file(dir, complete.test()), "not every run completed"));
        ResultSnapshot.Conclusion decided = complete.conclusion();
        ResultSnapshot undecided = new ResultSnapshot(complete.test(), complete.settings(), complete.environment(),
                new ResultSnapshot.Conclusion(Outcome.INCONCLUSIVE, decided.attempt(), decided.attempts(),
                        "Inconclusive: the runs disagree about a latency budget", decided.measuringSeconds(),
                        decided.ended(), decided.floor(), decided.machine(), decided.profile()),
                complete.attempts(), complete.allocatedBytesPerOp(), complete.runs(), complete.probes(),
                Optional.empty(), Optional.empty());
        // inconclusive for any reason, runs that disagree as much as a stalled platform: said as such, no cause guessed
        assertThat(history.record(undecided, Optional.empty())).isEqualTo(new Recording.Skipped(
                BaselineHistory.file(dir, complete.test()), "its verdict is inconclusive"));
        assertThat(BaselineHistory.file(dir, complete.test())).doesNotExist();
    }

    @Test
    void aFileThatCannotServeAsTheHistoryIsKeptAsideAndTheHistoryStartedAgain() throws IOException {
        BaselineHistory history = new BaselineHistory(dir, 3);
        ResultSnapshot result = build("1");
        Path file = BaselineHistory.file(dir, result.test());
        Files.writeString(file, "{ oops");

        assertThat(history.read(result.test())).isInstanceOfSatisfying(HistoryRead.Unreadable.class, unreadable ->
                assertThat(unreadable.why()).hasMessage("expected a member name in quotes at line 1, column 3"));
        assertThat(history.record(result, Optional.empty())).isInstanceOfSatisfying(Recording.Written.class,
                written -> {
                    assertThat(written.builds()).isEqualTo(1);
                    Recording.KeptAside kept = written.keptAside().orElseThrow();
                    assertThat(kept.why()).isEqualTo(file.toAbsolutePath() + " is not a valid jlbh-junit baseline "
                            + "(expected a member name in quotes at line 1, column 3)");
                    assertThat(kept.as().getFileName().toString()).matches(Pattern.quote(result.test().id())
                            + "\\.unreadable-\\d{8}T\\d{6}Z\\.json");
                    assertThat(kept.as()).hasContent("{ oops");
                });

        Files.writeString(file, Files.readString(file).replace(result.test().id(), "com.example.Other.m"));
        assertThat(history.read(result.test())).isEqualTo(new HistoryRead.OtherTests(file,
                "it records the test \"com.example.Other.m\", not this one"));
        assertThat(history.record(build("2"), Optional.empty())).isInstanceOfSatisfying(Recording.Written.class,
                written -> assertThat(written.keptAside().orElseThrow().as().getFileName().toString())
                        .contains(".other-test-"));
        assertThat(history.read(result.test()).builds().orElseThrow()).extracting(RecordedBuild::time)
                .containsExactly("2");
    }

    /** @return the lock of the test's history, taken as another writer would hold it: closing it releases it */
    private static HistoryLock lock(Path dir, ResultSnapshot.Test test) throws IOException {
        Files.createDirectories(dir);
        return HistoryLock.take(BaselineHistory.file(dir, test), Duration.ZERO);
    }

    @Test
    void recordingWaitsForTheLockOfAnotherWriterOfTheHistory() throws IOException {
        BaselineHistory history = new BaselineHistory(dir, 3);
        ResultSnapshot result = build("1");
        HistoryLock held = lock(dir, result.test());
        CompletableFuture.runAsync(held::close, CompletableFuture.delayedExecutor(500, TimeUnit.MILLISECONDS));

        long started = System.nanoTime();
        assertThat(history.record(result, Optional.empty())).isInstanceOf(Recording.Written.class);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("waited for the other writer")
                .isGreaterThanOrEqualTo(Duration.ofMillis(400));
        assertThat(history.read(result.test()).builds().orElseThrow()).hasSize(1);
    }

    @Test
    void aLockHeldPastTheWaitLeavesTheHistoryAsItWasAndSaysWhatItWaitedFor() throws IOException {
        BaselineHistory history = new BaselineHistory(dir, 3, Duration.ofMillis(300));
        Path file = BaselineHistory.file(dir, build("1").test());
        assertThat(history.record(build("1"), Optional.empty())).isInstanceOf(Recording.Written.class);

        Recording recording;
        try (HistoryLock held = lock(dir, build("2").test())) {
            recording = history.record(build("2"), Optional.empty());
        }

        assertThat(recording).isInstanceOfSatisfying(Recording.Failed.class, failed -> assertThat(failed.error())
                .hasToString("another writer of this history held its lock " + dir.resolve("." + build("1").test().id()
                        + ".json.lock") + " for 0.3 s, the longest a build waits (a build stopped or hung while "
                        + "recording?): this build is not recorded, and the history is left as it was"));
        assertThat(history.read(build("1").test()).builds().orElseThrow()).extracting(RecordedBuild::time)
                .containsExactly("1");
        assertThat(file).exists();
    }
}
