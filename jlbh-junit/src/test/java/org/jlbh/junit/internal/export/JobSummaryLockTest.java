package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.store.LockHolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A job summary whose lock a stopped JVM holds: this JVM leaves its table out after the bound, and says why. */
class JobSummaryLockTest {
    private static final Duration BOUND = Duration.ofMillis(400);

    @TempDir
    Path job;

    @Test
    void aSummaryAStoppedJvmHoldsIsGivenUpAfterTheBoundNamingItsLock() throws Exception {
        Path summary = job.resolve("summary.md");
        Process holder = LockHolder.holding(summary);
        try {
            LockHolder.stop(holder);
            long began = System.nanoTime();
            assertThatThrownBy(() -> JobSummary.append(summary, "| a table |\n", BOUND))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("the longest wait allowed, for the job summary's lock on " + summary
                            + ", and it was still held")
                    .hasMessageEndingWith("this JVM's table was not appended");
            long waited = System.nanoTime() - began;
            assertThat(waited).isBetween(BOUND.toNanos(), BOUND.toNanos() + TimeUnit.SECONDS.toNanos(5));
            assertThat(Files.readString(summary)).as("nothing appended").isEmpty();
        } finally {
            LockHolder.kill(holder);
        }
        JobSummary.append(summary, "| a table |\n", BOUND);
        assertThat(Files.readString(summary)).as("appended once the holder ended").isEqualTo("| a table |\n");
    }
}
