package org.jlbh.junit.internal.store;

import java.nio.file.Path;
import java.util.Optional;

/** What became of a build in its test's baseline when the run records one. Immutable. */
public sealed interface Recording {
    /** @return the baseline's file */
    Path file();

    /**
     * The build is not recorded.
     *
     * @param file the baseline's file
     * @param why  why not
     */
    record Skipped(Path file, String why) implements Recording {
    }

    /**
     * The build is recorded.
     *
     * @param file      the baseline's file
     * @param builds    how many builds it holds now
     * @param most      how many it keeps at most
     * @param restarted why the file held no history to add to, when it was there but could not be used
     */
    record Written(Path file, int builds, int most, Optional<String> restarted) implements Recording {
    }

    /**
     * The baseline could not be written.
     *
     * @param file      the baseline's file
     * @param error     why
     * @param restarted why the file held no history to add to, when it was there but could not be used
     */
    record Failed(Path file, Exception error, Optional<String> restarted) implements Recording {
    }
}
