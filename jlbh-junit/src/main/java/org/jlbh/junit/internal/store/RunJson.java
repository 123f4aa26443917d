package org.jlbh.junit.internal.store;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The members of the {@value ResultJson#FORMAT} and {@value BaselineJson#FORMAT} formats that hold what was measured:
 * the reported attempt's {@code runs} with their collections and evidence, and per probe each run's figures (counts,
 * values in nanoseconds, and the distribution the charts draw where there is one). Stateless; thread-safe.
 */
final class RunJson {

    private RunJson() {
    }

    static void writeRun(JsonWriter json, ResultSnapshot.Run run) {
        json.value("run", run.run()).value("status", run.status().name()).value("detail", run.detail())
                .value("iterations", run.iterations()).value("iterationsRun", run.iterationsRun())
                .value("samples", run.samples()).value("runTimeNanos", run.runTimeNanos())
                .value("targetRunTimeNanos", run.targetRunTimeNanos())
                .value("achievedThroughputPerSecond", run.achievedThroughputPerSecond())
                .value("allocatedBytes", run.allocatedBytes()).value("worstStallNanos", run.worstStallNanos());
        json.objects("gc", run.gc(), (member, event) -> member.value("collector", event.collector())
                .value("action", event.action()).value("cause", event.cause())
                .value("durationMillis", event.durationMillis()).value("concurrent", event.concurrent())
                .value("collectorIndex", event.collectorIndex()).value("id", event.id()));
        json.name("harnessLateness");
        writeFigures(json, run.harnessLateness());
        run.evidence().ifPresent(evidence -> EvidenceJson.writeEvidence(json, evidence));
        run.timeline().ifPresent(timeline -> EvidenceJson.writeTimeline(json, timeline));
    }

    static ResultSnapshot.Run readRun(JsonNode run) {
        List<ResultSnapshot.Collection> gc = run.list("gc", event -> new ResultSnapshot.Collection(
                event.text("collector"), event.text("action"), event.text("cause"), event.whole("durationMillis"),
                event.bool("concurrent"), event.integer("collectorIndex"), event.whole("id")));
        return new ResultSnapshot.Run(run.integer("run"), RunStatus.valueOf(run.text("status")), run.text("detail"),
                run.whole("iterations"), run.whole("iterationsRun"), run.whole("samples"), run.whole("runTimeNanos"),
                run.whole("targetRunTimeNanos"), run.numberOrNaN("achievedThroughputPerSecond"),
                run.optionalWhole("allocatedBytes"), run.optionalWhole("worstStallNanos"), gc,
                readFigures(run.get("harnessLateness")), EvidenceJson.readEvidence(run),
                EvidenceJson.readTimeline(run));
    }

    /**
     * Writes the member {@code name}: per probe its name, its {@code .hgrm} file's where a result's probes are
     * written ({@code hgrmOf}), and its runs' figures.
     */
    static void writeProbes(JsonWriter json, String name, List<ProbeFigures> probes,
                            Optional<ResultSnapshot.Test> hgrmOf) {
        json.objects(name, probes, (member, probe) -> {
            member.value("name", probe.name());
            hgrmOf.ifPresent(test -> member.value("hgrm", ReportFolder.hgrmFile(test, probe.name())));
            member.array("runs", false, probe.runs(), RunJson::writeFigures);
        });
    }

    /** Reads what {@link #writeProbes} writes; an {@code hgrm} member is passed over. */
    static List<ProbeFigures> readProbes(JsonNode parent, String name) {
        return parent.list(name, probe -> {
            List<RunFigures> runs = probe.list("runs", RunJson::readFigures);
            return new ProbeFigures(probe.text("name"), runs);
        });
    }

    /** Writes one run's figures: counts, values in nanoseconds, and the distribution when there is one. */
    static void writeFigures(JsonWriter json, RunFigures run) {
        json.beginObject().value("run", run.run()).value("count", run.count());
        if (run.count() > 0) {
            json.value("minNanos", run.minNanos()).value("meanNanos", run.meanNanos())
                    .value("maxNanos", run.maxNanos());
            json.name("percentilesNanos").beginObject();
            run.percentilesNanos().forEach(json::value);
            json.endObject();
            if (!run.codesOwnNanos().isEmpty()) {
                json.name("codesOwnNanos").beginObject();
                run.codesOwnNanos().forEach(json::value);
                json.endObject();
            }
            if (!run.distribution().isEmpty()) {
                json.array("distribution", true, run.distribution(), (pair, point) -> pair.beginArray(true)
                        .number(point.percentile()).number(point.nanos()).endArray());
            }
        }
        if (run.outOfRangeSamples() > 0) {
            json.value("outOfRangeSamples", run.outOfRangeSamples());
        }
        json.endObject();
    }

    /** Reads what {@link #writeFigures} writes. */
    static RunFigures readFigures(JsonNode run) {
        long count = run.whole("count");
        long outOfRange = run.has("outOfRangeSamples") ? run.whole("outOfRangeSamples") : 0;
        if (count == 0) {
            return new RunFigures(run.integer("run"), 0, 0, 0, 0, Map.of(), List.of(), outOfRange);
        }
        Map<String, Long> percentiles = wholes(run.get("percentilesNanos"));
        Map<String, Long> codesOwn = run.has("codesOwnNanos") ? wholes(run.get("codesOwnNanos")) : Map.of();
        List<RunFigures.Point> distribution = run.has("distribution") ? run.list("distribution", point -> {
            double[] pair = point.numbers(2, "[percentile, nanoseconds] pair");
            return new RunFigures.Point(pair[0], Math.round(pair[1]));
        }) : List.of();
        return new RunFigures(run.integer("run"), count, run.whole("minNanos"), run.whole("meanNanos"),
                run.whole("maxNanos"), percentiles, distribution, outOfRange, codesOwn);
    }

    /** @return an object's members as whole numbers, in document order */
    private static Map<String, Long> wholes(JsonNode values) {
        return values.names().stream().collect(Collectors.toMap(label -> label, values::whole, (first, second) -> first,
                LinkedHashMap::new));
    }
}
