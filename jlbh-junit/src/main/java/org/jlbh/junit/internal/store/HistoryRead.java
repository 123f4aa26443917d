package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.baseline.RecordedBuild;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A test's baseline history as read: found; missing, as a new test's is; missing where the folder holds no history
 * at all; unreadable; another test's; or of another format. Each of the last four is a history asked for that cannot
 * be compared with ({@link #notUsable}). Immutable.
 */
public sealed interface HistoryRead {
    /** @return the baseline's file */
    Path file();

    /** @return the recorded builds, oldest first, when the history was found */
    default Optional<List<RecordedBuild>> builds() {
        return Optional.empty();
    }

    /**
     * @return why the history asked for cannot be compared with, and how to repair it; empty when it was found, or is
     *         missing as a new test's is
     */
    default Optional<NotUsable> notUsable() {
        return Optional.empty();
    }

    /**
     * @return the word a file that is there but cannot serve as the history is kept aside by when a build is recorded
     *         ({@code unreadable}, {@code other-test}, {@code other-format}); empty when there is none
     */
    default Optional<String> keptAsideAs() {
        return Optional.ofNullable(this instanceof Unreadable ? "unreadable" : this instanceof OtherTests ? "other-test"
                : this instanceof OtherFormat ? "other-format" : null);
    }

    /**
     * Why a history cannot be compared with, and how to repair it, each a sentence without its full stop.
     *
     * @param why    e.g. {@code /p/baseline/A.m.json is not this test's baseline (it records the test "B.m", not this
     *               one)}
     * @param repair e.g. {@code restore /p/baseline/A.m.json from version control or the cache it came from, or ...}
     */
    record NotUsable(String why, String repair) {
    }

    /** The test's history, its builds oldest first. */
    record Found(Path file, List<RecordedBuild> recorded) implements HistoryRead {
        @Override
        public Optional<List<RecordedBuild>> builds() {
            return Optional.of(recorded);
        }
    }

    /** No history of this test, in a folder that holds others': a new test's. */
    record Missing(Path file) implements HistoryRead {
    }

    /**
     * No history of this test, in a folder that holds none at all or is not there ({@code folderThere} says which): a
     * cache not restored, a folder misnamed, or a history never recorded.
     */
    record NoHistory(Path file, Path dir, boolean folderThere) implements HistoryRead {
        @Override
        public Optional<NotUsable> notUsable() {
            return Optional.of(new NotUsable("the baseline folder " + dir.toAbsolutePath() + (folderThere
                    ? " holds no baseline" : " does not exist") + ", so no test's history is there to compare with",
                    "restore the folder (the step that brings it: a cache, a checkout), give jlbh.baseline.dir the "
                            + "folder the history was recorded in, or record a history first "
                            + "(-Djlbh.baseline.write=true)"));
        }
    }

    /**
     * A file that cannot be read ({@code why} an {@link IOException}), holds a merge's conflict markers, or is not a
     * baseline.
     */
    record Unreadable(Path file, Exception why) implements HistoryRead {
        @Override
        public Optional<NotUsable> notUsable() {
            Path at = file.toAbsolutePath();
            if (why instanceof BaselineJson.Conflicted conflict) {
                return Optional.of(new NotUsable(at + " holds the conflict markers of a merge (" + conflict.getMessage()
                        + "): two branches both recorded this history", "resolve the conflict in " + at + " (keep "
                        + "one side of each <<<<<<< … >>>>>>> block, or both sides' builds in one \"builds\" list), or "
                        + "record the history again (-Djlbh.baseline.write=true), which keeps this file aside"));
            }
            return Optional.of(new NotUsable(why instanceof IOException ? "could not read " + at + " (" + why + ")"
                    : at + " is not a valid jlbh-junit baseline (" + why.getMessage() + ")", restore(at)));
        }
    }

    /** Another test's baseline in this test's place (a file copied or renamed by hand), saying which. */
    record OtherTests(Path file, String why) implements HistoryRead {
        @Override
        public Optional<NotUsable> notUsable() {
            return Optional.of(new NotUsable(file.toAbsolutePath() + " is not this test's baseline (" + why + ")",
                    restore(file.toAbsolutePath())));
        }
    }

    /** A JSON file of another format in the history's place, naming it: a result, another version's baseline. */
    record OtherFormat(Path file, String format) implements HistoryRead {
        @Override
        public Optional<NotUsable> notUsable() {
            return Optional.of(new NotUsable(file.toAbsolutePath() + " is not a \"" + BaselineJson.FORMAT + "\" file: "
                    + "its format is \"" + format + "\"" + (format.startsWith("jlbh-junit result")
                    ? " (a test's result: was the report folder once the baseline folder?)" : ""),
                    restore(file.toAbsolutePath())));
        }
    }

    private static String restore(Path file) {
        return "restore " + file + " from version control or the cache it came from, or record the history again "
                + "(-Djlbh.baseline.write=true), which keeps this file aside";
    }
}
