package org.jlbh.junit.internal.export;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.JsonWriter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A report folder's results as Bencher Metric Format JSON, which {@code bencher run --adapter json} reads unchanged:
 * one benchmark per test ({@code class.method}), one measure per end-to-end percentile ({@code latency-p99-9}, created
 * by Bencher where it does not exist), its value the one the test's verdict judges and the runs' lowest and highest as
 * {@code lower_value} and {@code upper_value}, in nanoseconds (the unit of Bencher's own {@code latency}). Stateless.
 */
final class BencherJson {

    private BencherJson() {
    }

    /** @return the JSON text of a report folder's results, ending with a line break */
    static String write(List<ResultSnapshot> results) {
        JsonWriter json = new JsonWriter().beginObject();
        MachineFormats.of(results).stream().collect(Collectors.groupingBy(MachineFormats.Figure::benchmark,
                LinkedHashMap::new, Collectors.toList())).forEach((benchmark, figures) -> {
                    json.name(benchmark).beginObject();
                    figures.forEach(figure -> json.name(measure(figure.percentile())).beginObject()
                            .value("value", figure.nanos()).value("lower_value", figure.lowest())
                            .value("upper_value", figure.highest()).endObject());
                    json.endObject();
                });
        return json.endObject().toString() + "\n";
    }

    /** @return a percentile's measure, a slug: {@code latency-p50}, {@code latency-p99-9} */
    private static String measure(String percentile) {
        return "latency-p" + percentile.replace('.', '-');
    }
}
