package org.jlbh.junit.internal.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A report folder whose lock a stopped JVM holds: this JVM leaves the suite page after the bound, and says why. */
class ReportFolderLockTest {
    private static final Duration BOUND = Duration.ofMillis(400);

    @TempDir
    Path reports;

    @Test
    void aPageLockAStoppedJvmHoldsIsGivenUpAfterTheBoundNamingIt() throws Exception {
        Path lock = reports.resolve(ReportFolder.LOCK_FILE);
        Process holder = LockHolder.holding(lock);
        AtomicInteger drawn = new AtomicInteger();
        ReportFolder folder = new ReportFolder(reports, BOUND);
        try {
            LockHolder.stop(holder);
            long began = System.nanoTime();
            assertThatThrownBy(() -> folder.rewrite(contents -> {
                drawn.incrementAndGet();
                return Map.of(ReportFolder.PAGE, "<html></html>");
            })).isInstanceOf(IOException.class)
                    .hasMessageContaining("the longest wait allowed, for the suite page's lock " + lock
                            + ", and it was still held: another process held it all that time")
                    .hasMessageEndingWith("this JVM did not rewrite index.html, jmh-result.json and bencher.json");
            long waited = System.nanoTime() - began;
            assertThat(waited).isBetween(BOUND.toNanos(), BOUND.toNanos() + TimeUnit.SECONDS.toNanos(5));
            assertThat(drawn).as("the folder was not read under another's lock").hasValue(0);
            assertThat(reports.resolve(ReportFolder.PAGE)).doesNotExist();
        } finally {
            LockHolder.kill(holder);
        }
        folder.rewrite(contents -> Map.of(ReportFolder.PAGE, "<html></html>"));
        assertThat(Files.readString(reports.resolve(ReportFolder.PAGE))).as("rewritten once the holder ended")
                .isEqualTo("<html></html>");
    }
}
