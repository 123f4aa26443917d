package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.JsonWriter;

import java.util.List;

/**
 * A report folder's results in the shape of JMH's JSON output ({@code -rf json}), which github-action-benchmark
 * ({@code tool: 'jmh'}) and Bencher's {@code java_jmh} adapter read unchanged: one entry per test and end-to-end
 * percentile, {@code benchmark} = {@code class.method:p99.9}, {@code mode} = {@code sample}, the score the value its
 * verdict judges in µs/op, the runs' lowest and highest as the confidence interval and half their spread as the error.
 * Only what those tools read is written; it is not a JMH run. Stateless.
 */
final class JmhJson {

    private JmhJson() {
    }

    /** @return the JSON text of a report folder's results, ending with a line break */
    static String write(List<ResultSnapshot> results) {
        JsonWriter json = new JsonWriter().beginArray(false);
        for (MachineFormats.Figure figure : MachineFormats.of(results)) {
            json.beginObject()
                    .value("benchmark", figure.benchmark() + ":p" + figure.percentile())
                    .value("mode", "sample")
                    .value("threads", figure.threads())
                    .value("forks", 1)
                    .value("measurementIterations", figure.runs());
            json.name("primaryMetric").beginObject()
                    .value("score", figure.nanos() / 1e3)
                    .value("scoreError", (figure.highest() - figure.lowest()) / 2e3);
            json.name("scoreConfidence").beginArray(true).number(figure.lowest() / 1e3)
                    .number(figure.highest() / 1e3).endArray();
            json.value("scoreUnit", "us/op").endObject();
            json.endObject();
        }
        return json.endArray().toString() + "\n";
    }
}
