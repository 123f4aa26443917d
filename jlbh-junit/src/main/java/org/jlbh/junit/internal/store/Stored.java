package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.nio.file.Path;
import java.util.Optional;

/** What the store did with a test's result, for the console to say. Immutable. */
public sealed interface Stored {
    ResultSnapshot result();

    /**
     * The result written into {@code file}, whose text is {@code json}: the bytes written with its {@code .hgrm} files,
     * how long it took, and what became of it in the test's baseline, when this run records one.
     */
    record Written(ResultSnapshot result, Path file, String json, long bytes, long millis,
                   Optional<Recording> baseline) implements Stored {
        Written recorded(Recording recording) {
            return new Written(result, file, json, bytes, millis, Optional.of(recording));
        }
    }

    /** The result not written into the report folder, and why; what became of it in its baseline, as written. */
    record NotWritten(ResultSnapshot result, Path dir, Exception error, Optional<Recording> baseline)
            implements Stored {
    }
}
