package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A report folder read back: each test's file as its result or as how it ended, by the format it names, a file of
 * theirs that cannot be read named with why (nested too deep or too large for the reader too), anything else passed
 * over; the suite's files written whole, in UTF-8, as the umask allows; a crashed writer's temporary files never read,
 * and removed once old; a linked page written, or an older one removed.
 */
class ReportFolderTest {
    @TempDir
    Path dir;

    @Test
    void eachTestIsReadBackAsWhatItsFileHoldsOneThatCannotBeIsNamedAndEveryOtherFileIsPassedOver() throws IOException {
        ReportFolder folder = new ReportFolder(dir);
        ResultSnapshot result = ResultJsonTest.everything();
        EndedTest ended = new EndedTest(new ResultSnapshot.Test("com.example.A.m", "com.example.A", "com.example.A",
                "m", List.of(), "A.m", ""), Outcome.FAILED, "Configuration error: …", "2026-11-27T14:00:00Z");
        Files.writeString(dir.resolve(result.test().id() + ".json"), ResultJson.write(result));
        assertThat(folder.write(ended)).isEmpty();
        Files.writeString(dir.resolve("com.example.B.baseline.json"), BaselineJson.write(ended.test(), List.of()));
        Files.writeString(dir.resolve("com.example.C.half.json"), "{\"format\": \"jlbh-junit result 1\", \"te");
        Files.writeString(dir.resolve("com.example.D.edited.json"), "{\"format\": \"jlbh-junit result 1\"}");
        Files.writeString(dir.resolve(ReportFolder.BENCHER), "{\"format\": {}}");

        ReportFolder.Contents contents = folder.read();

        assertThat(contents.tests()).containsExactly(ended, result);
        assertThat(contents.notRead()).containsExactly(
                "com.example.C.half.json (unterminated string at line 1, column 38)",
                "com.example.D.edited.json (not a \"jlbh-junit result 1\" file: the result has no \"test\" member)");
        assertThat(folder.thisRun()).isEqualTo(new ReportFolder.ThisRun(List.of(), List.of(ended)));
    }

    @Test
    void theSuitesFilesAreWrittenWholeInUtf8() throws IOException {
        ReportFolder folder = new ReportFolder(dir);

        folder.rewrite(contents -> Map.of(ReportFolder.PAGE, "<h1>Suite µ: " + contents.tests().size() + "</h1>"));

        assertThat(Files.readString(dir.resolve(ReportFolder.PAGE), StandardCharsets.UTF_8)).isEqualTo(
                "<h1>Suite µ: 0</h1>");
        try (var files = Files.list(dir)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactlyInAnyOrder(ReportFolder.PAGE,
                    ReportFolder.LOCK_FILE);
        }
    }

    @Test
    void aLinkedPageIsWrittenAndWithoutOneAnOlderPageIsRemoved() {
        ReportFolder folder = new ReportFolder(dir.resolve("reports"));

        assertThat(folder.writePage("T.m.late.html", Optional.of(new byte[] {'<', '>'}))).contains("T.m.late.html");
        assertThat(dir.resolve("reports").resolve("T.m.late.html")).hasContent("<>");

        assertThat(folder.writePage("T.m.late.html", Optional.empty())).isEmpty();
        assertThat(dir.resolve("reports").resolve("T.m.late.html")).doesNotExist();
    }

    @Test
    void aFileNestedTooDeepOrTooLargeIsNamedAsNotReadAndNothingIsThrown() throws IOException {
        ReportFolder folder = new ReportFolder(dir);
        // another tool's output, or a hostile one
        Files.writeString(dir.resolve("other-tool.json"), "[".repeat(100_000));
        try (RandomAccessFile huge = new RandomAccessFile(dir.resolve("huge.json").toFile(), "rw")) {
            huge.setLength(3L << 30); // 3 GiB, sparse: nothing is written but its length
        }

        assertThat(folder.read().notRead()).containsExactly(
                "huge.json (3,221,225,472 bytes: larger than the 64 MiB a jlbh-junit file is read up to)",
                "other-tool.json (nested deeper than 64 arrays and objects at line 1, column 65)");
    }

    @Test
    void filesAreWrittenAsTheUmaskAllowsLikeAnyOtherFile() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        ReportFolder folder = new ReportFolder(dir);
        EndedTest ended = new EndedTest(new ResultSnapshot.Test("com.example.A.m", "com.example.A", "com.example.A",
                "m", List.of(), "A.m", ""), Outcome.FAILED, "Configuration error: …", "2026-11-27T14:00:00Z");
        // written as the process's umask allows, as every other build output is: 0644 under umask 022
        Path plain = Files.write(dir.resolve("plain.txt"), new byte[] {1});

        assertThat(folder.write(ended)).isEmpty();
        folder.rewrite(contents -> Map.of(ReportFolder.PAGE, "<h1>Suite</h1>"));
        Path baseline = dir.resolve("baseline");
        assertThat(new BaselineHistory(baseline, 3).record(BaselineHistoryTest.build("1"), Optional.empty()))
                .isInstanceOf(Recording.Written.class);

        for (Path written : List.of(dir.resolve("com.example.A.m.json"), dir.resolve(ReportFolder.PAGE),
                BaselineHistory.file(baseline, BaselineHistoryTest.build("1").test()))) {
            assertThat(Files.getPosixFilePermissions(written)).as("%s", written.getFileName())
                    .isEqualTo(Files.getPosixFilePermissions(plain));
        }
    }

    @Test
    void aCrashedWritersTemporaryFilesAreNeverReadAndAreRemovedOnceOld() throws IOException {
        ReportFolder folder = new ReportFolder(dir);
        FileTime anHourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        String halfWritten = "{\"format\": \"jlbh-junit result 1\", \"te";
        // left by writers killed before their move: this version's names, and those of versions before it
        Path crashed = Files.writeString(dir.resolve(".com.example.A.m.json.0123456789abcdef.tmp"), halfWritten);
        Path earlier = Files.writeString(dir.resolve("com.example.B.m.json8123456789012345678.tmp"), halfWritten);
        Files.setLastModifiedTime(crashed, anHourAgo);
        Files.setLastModifiedTime(earlier, anHourAgo);
        // a writer at work in another JVM, whose file is not yet moved into its place
        Path writing = Files.writeString(dir.resolve(".com.example.C.m.json.fedcba9876543210.tmp"), halfWritten);

        ReportFolder.Contents contents = folder.rewrite(read -> Map.of(ReportFolder.PAGE, "<h1>Suite</h1>"));

        assertThat(contents.tests()).isEmpty();
        assertThat(contents.notRead()).isEmpty();
        assertThat(crashed).doesNotExist();
        assertThat(earlier).doesNotExist();
        assertThat(writing).exists();
    }
}
