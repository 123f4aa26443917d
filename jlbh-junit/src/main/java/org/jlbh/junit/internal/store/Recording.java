package org.jlbh.junit.internal.store;

import java.nio.file.Path;
import java.util.Optional;

/** What became of a build in its test's baseline when the run records one. Immutable. */
public sealed interface Recording {
    /** @return the baseline's file */
    Path file();

    /** The build is not recorded, and why. */
    record Skipped(Path file, String why) implements Recording {
    }

    /**
     * The build is recorded: the history holds {@code builds} of at most {@code most}; {@code restarted} says why the
     * file held no history to add to, when it was there but could not be used.
     */
    record Written(Path file, int builds, int most, Optional<String> restarted) implements Recording {
    }

    /** The baseline could not be written, and why; {@code restarted} as {@link Written#restarted()}. */
    record Failed(Path file, Exception error, Optional<String> restarted) implements Recording {
    }
}
