package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.nio.file.Path;
import java.util.Optional;

/** What became of a build in its test's baseline when the run records one. Immutable. */
public sealed interface Recording {
    /** @return the baseline's file */
    Path file();

    /** @return what the result says of the history, where it was kept aside or left unrecorded; else empty */
    default Optional<ResultSnapshot.HistoryState> state() {
        return Optional.empty();
    }

    /**
     * A file that could not serve as the history, kept: moved aside {@code as} a file beside it, named after why,
     * e.g. {@code A.m.unreadable-20261202T040500Z.json}; {@code why} says what was wrong with it.
     */
    record KeptAside(String why, Path as) {
        ResultSnapshot.HistoryState state(Path file) {
            return new ResultSnapshot.HistoryState(ResultSnapshot.HistoryState.State.KEPT_ASIDE,
                    file.toAbsolutePath().toString(), why, Optional.of(as.toAbsolutePath().toString()),
                    "repair that file and move it back over " + file.toAbsolutePath() + " (this build's record is "
                            + "then replaced), or delete it");
        }
    }

    /** The build is not recorded, and why. */
    record Skipped(Path file, String why) implements Recording {
    }

    /**
     * The build is recorded: the history holds {@code builds} of at most {@code most}; {@code keptAside} says where the
     * file that was there but could not be used was kept, the history started again with this build.
     */
    record Written(Path file, int builds, int most, Optional<KeptAside> keptAside) implements Recording {
        @Override
        public Optional<ResultSnapshot.HistoryState> state() {
            return keptAside.map(kept -> kept.state(file));
        }
    }

    /** The baseline could not be written, and why; {@code keptAside} as {@link Written#keptAside()}. */
    record Failed(Path file, Exception error, Optional<KeptAside> keptAside) implements Recording {
        @Override
        public Optional<ResultSnapshot.HistoryState> state() {
            return keptAside.map(kept -> kept.state(file));
        }
    }

    /**
     * The build is not recorded: the file there could not serve as the history ({@code why}) and could not be kept
     * aside either ({@code error}), so it is left as it was, never overwritten unread.
     */
    record Refused(Path file, String why, Exception error) implements Recording {
        @Override
        public Optional<ResultSnapshot.HistoryState> state() {
            return Optional.of(new ResultSnapshot.HistoryState(ResultSnapshot.HistoryState.State.NOT_RECORDED,
                    file.toAbsolutePath().toString(), why + "; it could not be moved aside (" + error + "), so it is "
                    + "left as it was", Optional.empty(), "repair it, or move it out of the way, then record again"));
        }
    }
}
