package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.nio.file.Path;
import java.util.Optional;

/** What the store did with a test's result, for the console to say. Immutable. */
public sealed interface Stored {
    /** @return the result */
    ResultSnapshot result();

    /**
     * The result written.
     *
     * @param result   the result
     * @param file     its JSON file
     * @param json     the file's text
     * @param bytes    the bytes written with its {@code .hgrm} files
     * @param millis   how long writing took, in milliseconds
     * @param baseline what became of it in the test's baseline, when this run records one
     */
    record Written(ResultSnapshot result, Path file, String json, long bytes, long millis,
                   Optional<Recording> baseline) implements Stored {
        Written recorded(Recording recording) {
            return new Written(result, file, json, bytes, millis, Optional.of(recording));
        }
    }

    /**
     * The result not written, nor recorded in a baseline.
     *
     * @param result the result
     * @param dir    the report folder
     * @param error  why
     */
    record NotWritten(ResultSnapshot result, Path dir, Exception error) implements Stored {
    }
}
