package org.jlbh.junit.internal.report.json;

import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RecordedBuild;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.ArrayList;
import java.util.List;

/**
 * The baseline format, {@value #FORMAT}: one file per test holding its last recorded builds, oldest first, each with
 * when and where it ran and its figures per probe and run (what {@link ResultJson} writes for a run, without the
 * charts' distributions), so that a change shows in review as one build added and one dropped. Stateless;
 * thread-safe.
 */
public final class BaselineJson {
    /** The format's name and version, written in every baseline. */
    public static final String FORMAT = "jlbh-junit baseline 1";

    private BaselineJson() {
    }

    /**
     * @param test   the test
     * @param builds its recorded builds, oldest first
     * @return the baseline file's text, ending with a newline
     */
    public static String write(ResultSnapshot.Test test, List<RecordedBuild> builds) {
        JsonWriter json = new JsonWriter().beginObject().value("format", FORMAT);
        json.name("test").beginObject().value("id", test.id()).value("class", test.className())
                .value("method", test.method()).value("displayName", test.displayName()).endObject();
        json.name("builds").beginArray(false);
        for (RecordedBuild build : builds) {
            json.beginObject().value("time", build.time()).value("environment", build.environment());
            json.name("probes").beginArray(false);
            for (ProbeFigures probe : build.probes()) {
                json.beginObject().value("name", probe.name()).name("runs").beginArray(false);
                for (RunFigures run : probe.runs()) {
                    ResultJson.writeFigures(json, run);
                }
                json.endArray().endObject();
            }
            json.endArray().endObject();
        }
        return json.endArray().endObject().toString() + "\n";
    }

    /**
     * @param text   a baseline file
     * @param testId the test it should be the baseline of, as {@link ResultSnapshot.Test#id()} says it
     * @return its recorded builds, oldest first
     * @throws OtherTest                when it is another test's baseline (a file copied or renamed by hand)
     * @throws IllegalArgumentException when it is not a baseline file, saying what is wrong and where
     */
    public static List<RecordedBuild> read(String text, String testId) {
        JsonNode root = JsonNode.root(JsonReader.parse(text), FORMAT);
        String format = root.text("format");
        if (!format.equals(FORMAT)) {
            throw new IllegalArgumentException("not a \"" + FORMAT + "\" file: its format is \"" + format + "\"");
        }
        String recorded = root.get("test").text("id");
        if (!recorded.equals(testId)) {
            throw new OtherTest(recorded);
        }
        List<RecordedBuild> builds = new ArrayList<>();
        for (JsonNode build : root.list("builds")) {
            List<ProbeFigures> probes = new ArrayList<>();
            for (JsonNode probe : build.list("probes")) {
                List<RunFigures> runs = new ArrayList<>();
                for (JsonNode run : probe.list("runs")) {
                    runs.add(ResultJson.readFigures(run));
                }
                probes.add(new ProbeFigures(probe.text("name"), runs));
            }
            builds.add(new RecordedBuild(build.text("time"), build.text("environment"), probes));
        }
        return builds;
    }

    /** A baseline file that records another test than the one it was read for. */
    public static final class OtherTest extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        OtherTest(String recorded) {
            super("it records the test \"" + recorded + "\", not this one");
        }
    }

    /**
     * @param builds the builds recorded so far, oldest first
     * @param build  this build
     * @param keep   how many builds to keep
     * @return the last {@code keep} of them with this build added
     */
    public static List<RecordedBuild> append(List<RecordedBuild> builds, RecordedBuild build, int keep) {
        List<RecordedBuild> all = new ArrayList<>(builds);
        all.add(build);
        return List.copyOf(all.subList(Math.max(0, all.size() - keep), all.size()));
    }
}
