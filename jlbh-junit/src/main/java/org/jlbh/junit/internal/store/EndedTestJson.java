package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;

/** The ended-test format, {@value #FORMAT}: its {@code test} member as a result's. Stateless; thread-safe. */
final class EndedTestJson {
    static final String FORMAT = "jlbh-junit ended test 1";

    private EndedTestJson() {
    }

    /** @return the JSON text, ending with a newline */
    static String write(EndedTest ended) {
        JsonWriter json = new JsonWriter().beginObject().value("format", FORMAT);
        ResultJson.writeTest(json, ended.test());
        return json.value("outcome", ended.outcome().name()).value("detail", ended.detail())
                .value("time", ended.time()).endObject() + "\n";
    }

    /** @throws IllegalArgumentException when the document is not of this format */
    static EndedTest read(JsonNode root) {
        return new EndedTest(ResultJson.readTest(root.get("test")), Outcome.valueOf(root.text("outcome")),
                root.text("detail"), root.text("time"));
    }
}
