package org.jlbh.junit.internal.report.json;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

/**
 * A latency test that ended before it had a result (a configuration error, a body that threw, an earlier test's body
 * still running), as the suite page lists it, so that no test vanishes from it. Its JSON format, {@value #FORMAT},
 * is written and read here (its {@code test} member as {@link ResultJson} writes a result's); the file has the name
 * a result of the test would have. Immutable.
 *
 * @param test    which test
 * @param outcome how it ended: failed, or inconclusive (aborted)
 * @param detail  why, as the test's failure or abort message says it
 * @param time    when, ISO-8601
 */
public record EndedTest(ResultSnapshot.Test test, Outcome outcome, String detail, String time) {
    /** The format's name and version. */
    public static final String FORMAT = "jlbh-junit ended test 1";

    /** @return the JSON text, ending with a newline */
    public String toJson() {
        JsonWriter json = new JsonWriter().beginObject().value("format", FORMAT);
        ResultJson.writeTest(json, test);
        return json.value("outcome", outcome.name()).value("detail", detail).value("time", time).endObject()
                + "\n";
    }

    /**
     * @param text the JSON text of an ended test
     * @return it
     * @throws IllegalArgumentException when the text is not of this format
     */
    public static EndedTest read(String text) {
        JsonNode root = JsonNode.root(JsonReader.parse(text), FORMAT);
        String format = root.text("format");
        if (!FORMAT.equals(format)) {
            throw new IllegalArgumentException("not a \"" + FORMAT + "\" file: its format is \"" + format + "\"");
        }
        return new EndedTest(ResultJson.readTest(root.get("test")), Outcome.valueOf(root.text("outcome")),
                root.text("detail"), root.text("time"));
    }
}
