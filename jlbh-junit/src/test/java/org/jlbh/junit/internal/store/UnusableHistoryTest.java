package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jlbh.junit.internal.store.BaselineHistoryTest.build;

/**
 * A history asked for that cannot be used: each kind says why and how to repair it; recording keeps it aside, or,
 * when it cannot be moved, leaves it as it was and records nothing. A missing file is a new test's only where the
 * folder holds other histories.
 */
class UnusableHistoryTest {
    @TempDir
    Path dir;

    private final ResultSnapshot result = build("1");

    private Path file() {
        return BaselineHistory.file(dir, result.test());
    }

    @Test
    void aMissingFileIsANewTestsOnlyWhereTheFolderHoldsOtherHistories() throws IOException {
        Path absent = dir.resolve("absent");
        assertThat(new BaselineHistory(absent, 3).read(result.test())).isEqualTo(new HistoryRead.NoHistory(
                BaselineHistory.file(absent, result.test()), absent, false));
        assertThat(new BaselineHistory(dir, 3).read(result.test()).notUsable().orElseThrow().why())
                .isEqualTo("the baseline folder " + dir.toAbsolutePath() + " holds no baseline, so no test's history "
                        + "is there to compare with");

        // a history kept aside is no history of a test
        Files.writeString(dir.resolve("com.example.Other.m.unreadable-20261202T040500Z.json"), "{");
        assertThat(new BaselineHistory(dir, 3).read(result.test())).isInstanceOf(HistoryRead.NoHistory.class);

        Files.writeString(dir.resolve("com.example.Other.m.json"), "{}");
        HistoryRead read = new BaselineHistory(dir, 3).read(result.test());
        assertThat(read).isEqualTo(new HistoryRead.Missing(file()));
        assertThat(read.notUsable()).isEmpty();
    }

    @Test
    void aMergesConflictMarkersAreNamedWithTheLineTheyBeginAt() throws IOException {
        BaselineHistory history = new BaselineHistory(dir, 3);
        history.record(result, Optional.empty());
        String recorded = Files.readString(file());
        Files.writeString(file(), "<<<<<<< HEAD\n" + recorded + "=======\n" + recorded + ">>>>>>> other\n");

        HistoryRead.NotUsable unusable = history.read(result.test()).notUsable().orElseThrow();

        assertThat(unusable.why()).isEqualTo(file().toAbsolutePath() + " holds the conflict markers of a merge "
                + "(<<<<<<< at line 1): two branches both recorded this history");
        assertThat(unusable.repair()).startsWith("resolve the conflict in " + file().toAbsolutePath());
    }

    @Test
    void aFileOfAnotherFormatIsNamedByItsFormatAndKeptAsideAsSuch() throws IOException {
        Files.writeString(file(), "{\"format\": \"jlbh-junit result 1\"}");
        BaselineHistory history = new BaselineHistory(dir, 3);

        assertThat(history.read(result.test()).notUsable().orElseThrow().why()).isEqualTo(file().toAbsolutePath()
                + " is not a \"jlbh-junit baseline 1\" file: its format is \"jlbh-junit result 1\" (a test's result: "
                + "was the report folder once the baseline folder?)");
        assertThat(history.record(result, Optional.empty())).isInstanceOfSatisfying(Recording.Written.class,
                written -> assertThat(written.keptAside().orElseThrow().as()).hasContent("{\"format\": \"jlbh-junit "
                        + "result 1\"}"));
    }

    @Test
    void twoFilesKeptAsideInOneSecondKeepBoth() throws IOException {
        BaselineHistory history = new BaselineHistory(dir, 3);
        Files.writeString(file(), "first");
        history.record(result, Optional.empty());
        Files.writeString(file(), "second");
        history.record(result, Optional.empty());

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(file -> file.getFileName().toString().contains(".unreadable-")))
                    .as("either the same second's or the next's name").hasSize(2);
        }
    }

    @Test
    void aHistoryThatCanNeitherBeReadNorMovedIsLeftAsItWasAndTheBuildNotRecorded() throws IOException {
        // a file where the baseline folder should be: its history cannot be read, moved or written
        Path notAFolder = Files.writeString(dir.resolve("baseline"), "in the way");
        BaselineHistory history = new BaselineHistory(notAFolder, 3);

        Recording recording = history.record(result, Optional.empty());

        assertThat(recording).isInstanceOfSatisfying(Recording.Refused.class, refused -> assertThat(refused.why())
                .startsWith("could not read " + BaselineHistory.file(notAFolder, result.test()).toAbsolutePath()));
        assertThat(recording.state().orElseThrow().state()).isEqualTo(ResultSnapshot.HistoryState.State.NOT_RECORDED);
        assertThat(notAFolder).hasContent("in the way");
    }
}
