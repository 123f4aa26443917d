package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.baseline.RecordedBuild;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A test's baseline history as read: found, missing, unreadable, or another test's. Immutable. */
public sealed interface HistoryRead {
    /** @return the baseline's file */
    Path file();

    /** @return the recorded builds, oldest first, when the history was found */
    default Optional<List<RecordedBuild>> builds() {
        return Optional.empty();
    }

    /** The test's history, its builds oldest first. */
    record Found(Path file, List<RecordedBuild> recorded) implements HistoryRead {
        @Override
        public Optional<List<RecordedBuild>> builds() {
            return Optional.of(recorded);
        }
    }

    /** No history: the file is not there. */
    record Missing(Path file) implements HistoryRead {
    }

    /** A file that cannot be read ({@code why} an {@link java.io.IOException}), or is not a baseline. */
    record Unreadable(Path file, Exception why) implements HistoryRead {
    }

    /** Another test's baseline in this test's place (a file copied or renamed by hand), saying which. */
    record OtherTests(Path file, String why) implements HistoryRead {
    }
}
