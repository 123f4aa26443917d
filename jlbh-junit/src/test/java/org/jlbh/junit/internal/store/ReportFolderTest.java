package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A report folder read back: each test's file as its result or as how it ended, by the format it names, a file of
 * theirs that cannot be read named with why, anything else passed over; the suite's files written whole, in UTF-8; a linked page written, or an older one removed.
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
}
