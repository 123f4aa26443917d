package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The baseline format, {@value #FORMAT}: one file per test holding its recorded builds, oldest first, each with when
 * and where it ran and its figures per probe and run as a result holds them ({@link RunJson}), without the charts'
 * distributions. Stateless; thread-safe.
 */
final class BaselineJson {
    /** The format's name and version, written in every baseline. */
    static final String FORMAT = "jlbh-junit baseline 1";

    private BaselineJson() {
    }

    /** @return the baseline file's text of a test's builds, oldest first, ending with a newline */
    static String write(ResultSnapshot.Test test, List<RecordedBuild> builds) {
        JsonWriter json = new JsonWriter().beginObject().value("format", FORMAT);
        json.name("test").beginObject().value("id", test.id()).value("class", test.className())
                .value("method", test.method()).value("displayName", test.displayName()).endObject();
        json.objects("builds", builds, (member, build) -> {
            member.value("time", build.time()).value("environment", build.environment());
            RunJson.writeProbes(member, "probes", build.probes(), Optional.empty());
        });
        return json.endObject().toString() + "\n";
    }

    /**
     * @return the recorded builds, oldest first, of the baseline of the test {@code testId} names
     * @throws Conflicted               when it holds a merge's conflict markers
     * @throws OtherTest                when it is another test's baseline
     * @throws JsonNode.OtherFormat     when it is a file of another format
     * @throws IllegalArgumentException when it is not a baseline file, saying what is wrong and where
     */
    static List<RecordedBuild> read(String text, String testId) {
        Conflicted.find(text);
        JsonNode root = JsonNode.document(text, FORMAT);
        String recorded = root.get("test").text("id");
        if (!recorded.equals(testId)) {
            throw new OtherTest(recorded);
        }
        return root.list("builds", build -> {
            List<ProbeFigures> probes = RunJson.readProbes(build, "probes");
            return new RecordedBuild(build.text("time"), build.text("environment"), probes);
        });
    }

    /**
     * A baseline file holding the conflict markers a merge leaves ({@code <<<<<<<}, {@code =======}, {@code >>>>>>>}
     * at the start of a line) where two branches both recorded it, saying where the first one is.
     */
    static final class Conflicted extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private Conflicted(int line) {
            super("<<<<<<< at line " + line);
        }

        /** @throws Conflicted when the text holds a merge's three markers, each at the start of a line */
        static void find(String text) {
            List<String> lines = text.lines().toList();
            int first = IntStream.range(0, lines.size()).filter(i -> lines.get(i).startsWith("<<<<<<<")).findFirst()
                    .orElse(-1);
            if (first >= 0 && lines.stream().anyMatch(line -> line.startsWith("======="))
                    && lines.stream().anyMatch(line -> line.startsWith(">>>>>>>"))) {
                throw new Conflicted(first + 1);
            }
        }
    }

    /** A baseline file that records another test than the one it was read for. */
    static final class OtherTest extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        OtherTest(String recorded) {
            super("it records the test \"" + recorded + "\", not this one");
        }
    }
}
