package org.jlbh.junit.internal.store;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A baseline folder: per test one file, {@code <id>.json} ({@value BaselineJson#FORMAT}), of its last recorded
 * builds, oldest first, at most {@code most} of them: a build recorded drops the oldest beyond that. Only a build whose
 * runs all completed, with a verdict that is not inconclusive and the evidence its figures on the code's own account
 * need, is recorded. A file that cannot serve as the history is kept aside, never overwritten. A build is added under
 * the history's own OS lock ({@link HistoryLock}), held from the read to the write, so that two writers at once never
 * lose a build; a writer waits for it at most {@link #LOCK_WAIT}. Stateless but for the files.
 */
final class BaselineHistory {
    /** The longest a build waits for another writer of its history: one writes it in milliseconds. */
    static final Duration LOCK_WAIT = Duration.ofSeconds(30);
    /** The name of a file kept aside by {@link #keepAside}. */
    private static final Pattern KEPT_ASIDE = Pattern.compile(
            ".*\\.(unreadable|other-test|other-format)-\\d{8}T\\d{6}Z(-\\d+)?\\.json");
    private static final DateTimeFormatter ASIDE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private final Path dir;
    private final int most;
    private final Duration lockWait;

    BaselineHistory(Path dir, int most) {
        this(dir, most, LOCK_WAIT);
    }

    /** @param lockWait the longest a build waits for another writer of its history */
    BaselineHistory(Path dir, int most, Duration lockWait) {
        this.dir = dir;
        this.most = most;
        this.lockWait = lockWait;
    }

    /** @return a test's baseline file in a baseline folder */
    static Path file(Path dir, ResultSnapshot.Test test) {
        return dir.resolve(test.id() + ".json");
    }

    /** @return the test's history, as read */
    HistoryRead read(ResultSnapshot.Test test) {
        Path file = file(dir, test);
        try {
            return new HistoryRead.Found(file, BaselineJson.read(Files.readString(file, StandardCharsets.UTF_8),
                    test.id()));
        } catch (NoSuchFileException missing) {
            return holdsAHistory() ? new HistoryRead.Missing(file) : new HistoryRead.NoHistory(file, dir,
                    Files.isDirectory(dir));
        } catch (BaselineJson.OtherTest other) {
            return new HistoryRead.OtherTests(file, other.getMessage());
        } catch (JsonNode.OtherFormat other) {
            return new HistoryRead.OtherFormat(file, other.named());
        } catch (IOException | RuntimeException unreadable) {
            return new HistoryRead.Unreadable(file, unreadable);
        }
    }

    /** @return whether the folder holds a test's baseline file, besides those kept aside */
    private boolean holdsAHistory() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString())
                    .anyMatch(name -> name.endsWith(".json") && !KEPT_ASIDE.matcher(name).matches());
        } catch (IOException | RuntimeException notThere) {
            return false;
        }
    }

    /**
     * Adds the result's build to its test's history, unless it is not to be recorded (or {@code withoutEvidence}
     * says why its runs lack the evidence). A file that is there but cannot serve as the history is never overwritten:
     * it is kept aside ({@link #keepAside}) and the history started again with this build, or, when it cannot be moved,
     * left as it was and the build not recorded. Never throws.
     */
    Recording record(ResultSnapshot result, Optional<String> withoutEvidence) {
        Path file = file(dir, result.test());
        boolean complete = result.runs().stream().allMatch(run -> run.status() == RunStatus.COMPLETE)
                && result.runs().size() == result.settings().runs();
        if (withoutEvidence.isPresent()) {
            return new Recording.Skipped(file, withoutEvidence.get() + "; a baseline keeps the figures on the code's "
                    + "own account, which need the scheduler's and the JVM's evidence of every run");
        } else if (!complete || result.conclusion().outcome() == Outcome.INCONCLUSIVE) {
            return new Recording.Skipped(file, complete ? "its verdict is inconclusive"
                    : "not every run completed");
        }
        HistoryLock held;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            held = HistoryLock.take(file, lockWait);
        } catch (IOException | RuntimeException e) {
            // no lock beside it (a file where its folder should be): a history there that cannot be used is left
            return read(result.test()).notUsable().<Recording>map(why -> new Recording.Refused(file, why.why(), e))
                    .orElseGet(() -> new Recording.Failed(file, e, Optional.empty()));
        }
        try {
            // a writer that held the lock and was killed before its move: no other writer is at work now
            WholeFile.removeLeftovers(file.toAbsolutePath().getParent(), file.getFileName().toString(), Instant.MAX);
            return added(result, file);
        } catch (RuntimeException e) {
            return new Recording.Failed(file, e, Optional.empty());
        } finally {
            held.close();
        }
    }

    /** Adds the build to its test's history, holding the history's lock. Never throws. */
    private Recording added(ResultSnapshot result, Path file) {
        HistoryRead history = read(result.test());
        Optional<Recording.KeptAside> kept = Optional.empty();
        if (history.keptAsideAs().isPresent()) {
            String why = history.notUsable().orElseThrow().why();
            try {
                kept = Optional.of(new Recording.KeptAside(why, keepAside(file, history.keptAsideAs().get())));
            } catch (IOException | RuntimeException e) {
                return new Recording.Refused(file, why, e);
            }
        }
        List<RecordedBuild> builds = new ArrayList<>(history.builds().orElse(List.of()));
        builds.add(build(result));
        builds = List.copyOf(builds.subList(Math.max(0, builds.size() - most), builds.size()));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            WholeFile.write(file, BaselineJson.write(result.test(), builds));
            return new Recording.Written(file, builds.size(), most, kept);
        } catch (IOException | RuntimeException e) {
            return new Recording.Failed(file, e, kept);
        }
    }

    /**
     * Moves a file that cannot serve as the history aside, beside it, under a name that says why and when: {@code
     * <id>.<why>-<yyyyMMdd'T'HHmmss'Z'>.json}, a number added when that name is taken.
     *
     * @return where it is now
     * @throws IOException when it cannot be moved
     */
    private static Path keepAside(Path file, String why) throws IOException {
        String stem = file.getFileName().toString().replaceFirst("\\.json$", "");
        String now = ASIDE_TIME.format(Instant.now());
        for (int n = 1; ; n++) {
            Path aside = file.resolveSibling(stem + "." + why + "-" + now + (n == 1 ? "" : "-" + n) + ".json");
            try {
                return Files.move(file, aside);
            } catch (FileAlreadyExistsException taken) {
                if (n == 100) {
                    throw taken;
                }
            }
        }
    }

    /** @return the result as a build of its history: when, on what, and its figures without the distributions */
    private static RecordedBuild build(ResultSnapshot result) {
        List<ProbeFigures> probes = result.probes().stream().map(probe -> new ProbeFigures(probe.name(),
                probe.runs().stream().map(run -> run.withoutDistribution()).toList())).toList();
        return new RecordedBuild(result.environment().time(), result.environment().identity(), probes);
    }
}
