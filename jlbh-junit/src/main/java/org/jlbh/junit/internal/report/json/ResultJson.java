package org.jlbh.junit.internal.report.json;

import org.jlbh.core.RunStatus;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.config.TestIdentity;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.judge.baseline.RunFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The JSON result format, {@value #FORMAT}: the one place that knows its member names, writing a
 * {@link ResultSnapshot} and reading one back (the suite page reads a run's results back). What {@link #write}
 * writes, {@link #read} reads to an equal snapshot; a file that lacks a member the format always has is refused,
 * naming the member and where it is missing. Stateless; thread-safe.
 *
 * <p>Longer than most classes here on purpose: the format's every member is named in this one file, once for writing
 * and once for reading, so that the two cannot drift apart.
 *
 * <p>Times are in nanoseconds (members ending in {@code Nanos}) unless the name says otherwise; the {@code .hgrm}
 * files a result names are in microseconds.
 */
public final class ResultJson {
    /** The format's name and version, written in every result. */
    public static final String FORMAT = "jlbh-junit result 1";

    private ResultJson() {
    }

    // ---- writing ------------------------------------------------------------------------------------------------

    /**
     * @param result a test's result
     * @return its JSON text, ending with a newline
     */
    public static String write(ResultSnapshot result) {
        JsonWriter json = new JsonWriter().beginObject();
        json.value("format", FORMAT);
        writeTest(json, result.test());
        writeSettings(json, result.settings());
        writeEnvironment(json, result.environment());
        ResultSnapshot.Conclusion conclusion = result.conclusion();
        json.name("verdict").beginObject().value("outcome", conclusion.outcome().name())
                .value("attempt", conclusion.attempt()).value("attempts", conclusion.attempts())
                .value("detail", conclusion.detail());
        if (!Double.isNaN(conclusion.measuringSeconds())) {
            json.value("measuringSeconds", conclusion.measuringSeconds());
        }
        if (!conclusion.ended().isEmpty()) {
            json.value("ended", conclusion.ended());
        }
        if (!conclusion.floor().isEmpty()) {
            json.name("floor").beginArray(false);
            for (ResultSnapshot.FloorRecord floor : conclusion.floor()) {
                json.beginObject().value("percentile", floor.percentile()).value("maxMicros", floor.maxMicros())
                        .value("floorMicros", floor.floorMicros()).value("noRoom", floor.noRoom()).endObject();
            }
            json.endArray();
        }
        if (conclusion.machine().isPresent()) {
            ResultSnapshot.MachineRecord machine = conclusion.machine().get();
            json.name("machine").beginObject().value("lock", machine.lock())
                    .value("waitedSeconds", machine.waitedSeconds());
            json.name("heldBy").beginArray(false);
            machine.heldBy().forEach(json::string);
            json.endArray();
            machine.shared().ifPresent(why -> json.value("shared", why));
            json.value("from", machine.from()).value("to", machine.to());
            json.endObject();
        }
        conclusion.profile().ifPresent(profile -> ProfileJson.writeTail(json, profile));
        json.endObject();
        json.name("attempts").beginArray(false);
        for (ResultSnapshot.AttemptRecord attempt : result.attempts()) {
            json.beginObject().value("attempt", attempt.attempt()).value("outcome", attempt.outcome().name());
            json.name("checks").beginArray(false);
            for (ResultSnapshot.CheckRecord check : attempt.checks()) {
                writeCheck(json, check);
            }
            json.endArray().endObject();
        }
        json.endArray();
        json.value("allocatedBytesPerOp", result.allocatedBytesPerOp());
        json.name("runs").beginArray(false);
        for (ResultSnapshot.Run run : result.runs()) {
            writeRun(json, run);
        }
        json.endArray();
        json.value("hgrmUnit", "microseconds");
        json.name("probes").beginArray(false);
        for (ProbeFigures probe : result.probes()) {
            json.beginObject().value("name", probe.name()).value("hgrm", hgrmFile(result.test(), probe.name()));
            json.name("runs").beginArray(false);
            for (RunFigures run : probe.runs()) {
                writeFigures(json, run);
            }
            json.endArray().endObject();
        }
        json.endArray();
        if (result.baseline().isPresent()) {
            json.name("baseline").beginArray(false);
            result.baseline().get().forEach(row -> writeRow(json, row));
            json.endArray();
        }
        result.paired().ifPresent(paired -> writePaired(json, paired));
        return json.endObject().toString() + "\n";
    }

    /** Writes the {@code paired} member: the change against its base; read back by {@link #readPaired}. */
    private static void writePaired(JsonWriter json, ResultSnapshot.Paired paired) {
        PairedComparison comparison = paired.comparison();
        json.name("paired").beginObject();
        json.name("base").beginArray(true);
        paired.base().forEach(json::string);
        json.endArray().value("pairs", comparison.pairs()).value("tolerancePercent", comparison.tolerancePercent());
        json.name("rows").beginArray(false);
        comparison.rows().forEach(row -> writeRow(json, row));
        json.endArray().name("notes").beginArray(false);
        comparison.notes().forEach(json::string);
        json.endArray().name("baseProbes").beginArray(false);
        for (ProbeFigures probe : paired.baseProbes()) {
            json.beginObject().value("name", probe.name()).name("runs").beginArray(false);
            for (RunFigures run : probe.runs()) {
                writeFigures(json, run);
            }
            json.endArray().endObject();
        }
        json.endArray();
        paired.growth().ifPresent(growth -> ProfileJson.writeGrowth(json, growth));
        json.endObject();
    }

    /** Writes a history's or the pairs' row; {@code detectablePercent} is {@code "none"} when no change would be. */
    private static void writeRow(JsonWriter json, ComparisonRow row) {
        json.beginObject().value("probe", row.probe()).value("percentile", row.percentile())
                .value("basis", row.basis().name());
        if (row.figures() instanceof ComparisonRow.History history) {
            json.value("historyLowNanos", history.lowNanos()).value("historyHighNanos", history.highNanos())
                    .value("builds", history.builds()).value("nowNanos", history.nowNanos())
                    .value("measuredNowNanos", history.measuredNowNanos());
        } else if (row.figures() instanceof ComparisonRow.Pairs pairs) {
            json.name("baseNanos").beginArray(true);
            Arrays.stream(pairs.baseNanos()).forEach(json::number);
            json.endArray().name("changeNanos").beginArray(true);
            Arrays.stream(pairs.changeNanos()).forEach(json::number);
            json.endArray();
        }
        json.value("changePercent", row.changePercent()).value("lowPercent", row.lowPercent())
                .value("highPercent", row.highPercent()).value("thresholdPercent", row.thresholdPercent());
        if (Double.isInfinite(row.detectablePercent())) {
            json.value("detectablePercent", "none");
        } else {
            json.value("detectablePercent", row.detectablePercent());
        }
        json.value("decision", row.decision().name()).value("why", row.why());
        if (row.figures() instanceof ComparisonRow.History) {
            json.value("regressed", row.regressed());
        }
        json.endObject();
    }

    /** Reads what {@link #writeRow} writes: a history's row, or a paired one (with {@code baseNanos}). */
    private static ComparisonRow readRow(JsonNode row) {
        ComparisonRow.Figures figures = row.has("baseNanos")
                ? new ComparisonRow.Pairs(wholes(row.list("baseNanos")), wholes(row.list("changeNanos")))
                : new ComparisonRow.History(row.number("historyLowNanos"), row.number("historyHighNanos"),
                row.integer("builds"), row.number("nowNanos"), row.number("measuredNowNanos"));
        double detectable = row.hasText("detectablePercent") && row.text("detectablePercent").equals("none")
                ? Double.POSITIVE_INFINITY : row.numberOrNaN("detectablePercent");
        return new ComparisonRow(row.text("probe"), row.text("percentile"),
                ComparisonRow.Basis.valueOf(row.text("basis")), figures, row.numberOrNaN("changePercent"),
                row.numberOrNaN("lowPercent"), row.numberOrNaN("highPercent"), row.number("thresholdPercent"),
                detectable, ComparisonRow.Change.valueOf(row.text("decision")), row.text("why"));
    }

    /** Reads what {@link #writePaired} writes. */
    private static ResultSnapshot.Paired readPaired(JsonNode paired) {
        List<ComparisonRow> rows = paired.list("rows").stream().map(ResultJson::readRow).toList();
        List<ProbeFigures> baseProbes = new ArrayList<>();
        for (JsonNode probe : paired.list("baseProbes")) {
            List<RunFigures> figures = new ArrayList<>();
            for (JsonNode run : probe.list("runs")) {
                figures.add(readFigures(run));
            }
            baseProbes.add(new ProbeFigures(probe.text("name"), figures));
        }
        return new ResultSnapshot.Paired(paired.list("base").stream().map(JsonNode::asText).toList(),
                new PairedComparison(paired.integer("pairs"), paired.number("tolerancePercent"), rows,
                        paired.list("notes").stream().map(JsonNode::asText).toList()), baseProbes,
                ProfileJson.readGrowth(paired));
    }

    private static long[] wholes(List<JsonNode> numbers) {
        return numbers.stream().mapToLong(number -> Math.round(number.asNumber())).toArray();
    }

    /** Writes the {@code test} member: which test; read back by {@link #readTest}. */
    static void writeTest(JsonWriter json, ResultSnapshot.Test test) {
        json.name("test").beginObject().value("id", test.id()).value("class", test.className())
                .value("declaringClass", test.declaringClass()).value("method", test.method());
        json.name("parameterTypes").beginArray(true);
        test.parameterTypes().forEach(json::string);
        json.endArray().value("displayName", test.displayName());
        if (!test.invocation().isEmpty()) {
            json.value("invocation", test.invocation());
        }
        json.endObject();
    }

    /**
     * @param test  a test
     * @param probe one of its probes
     * @return the name of that probe's {@code .hgrm} file, beside the JSON result
     */
    public static String hgrmFile(ResultSnapshot.Test test, String probe) {
        return test.id() + "." + TestIdentity.fileSafe(probe) + ".hgrm";
    }

    private static void writeSettings(JsonWriter json, ResultSnapshot.Settings settings) {
        json.name("settings").beginObject()
                .value("throughputPerSecond", settings.throughputPerSecond())
                .value("arrivals", settings.arrivals())
                .value("threads", settings.threads())
                .value("iterations", settings.iterations())
                .value("warmUpIterations", settings.warmUpIterations())
                .value("runs", settings.runs())
                .value("accountForCoordinatedOmission", settings.accountForCoordinatedOmission())
                .value("recordOSJitter", settings.recordOSJitter())
                .value("timeoutMillis", settings.timeoutMillis())
                .value("verdict", settings.verdict().name())
                .value("mode", settings.mode().name().toLowerCase(Locale.ROOT))
                .value("noise", settings.noise().name().toLowerCase(Locale.ROOT))
                .value("retries", settings.retries());
        json.name("budgets").beginArray(false);
        for (Budget budget : settings.budgets()) {
            json.beginObject().value("probe", budget.probe()).value("percentile", budget.percentile())
                    .value("maxMicros", budget.maxMicros()).value("declaredMicros", budget.declaredMicros()).endObject();
        }
        json.endArray();
        optional(json, "maxAllocatedBytesPerOp", settings.maxAllocatedBytesPerOp());
        optional(json, "maxGcCount", settings.maxGcCount());
        optional(json, "maxGcPauseMillis", settings.maxGcPauseMillis());
        json.value("description", settings.description());
        settings.sweep().ifPresent(sweep -> {
            json.name("sweep").beginObject().name("rates").beginArray(true);
            sweep.rates().forEach(json::number);
            json.endArray().value("requiredThroughputPerSecond", sweep.requiredThroughput()).endObject();
        });
        json.endObject();
    }

    private static void writeEnvironment(JsonWriter json, ResultSnapshot.Environment environment) {
        json.name("environment").beginObject()
                .value("time", environment.time())
                .value("javaVersion", environment.javaVersion())
                .value("javaVm", environment.javaVm())
                .value("javaVendor", environment.javaVendor())
                .value("os", environment.os())
                .value("arch", environment.arch())
                .value("cpu", environment.cpu())
                .value("cores", environment.cores())
                .value("maxHeapBytes", environment.maxHeapBytes());
        json.name("garbageCollectors").beginArray(true);
        for (String collector : environment.garbageCollectors()) {
            json.string(collector);
        }
        json.endArray().endObject();
    }

    private static void writeCheck(JsonWriter json, ResultSnapshot.CheckRecord check) {
        json.beginObject().value("budget", check.budget()).value("measured", check.measured())
                .value("met", check.met());
        check.latency().ifPresent(latency -> json.value("probe", latency.probe())
                .value("percentile", latency.percentile()).value("maxMicros", latency.maxMicros())
                .value("judgedMicros", latency.judgedMicros()));
        check.message().ifPresent(message -> json.value("message", message));
        check.inconclusive().ifPresent(inconclusive -> json.value("inconclusive", inconclusive));
        check.codesOwnAccount().ifPresent(account -> json.value("codesOwnAccount", account));
        check.attribution().ifPresent(attribution -> EvidenceJson.writeAttribution(json, attribution));
        json.endObject();
    }

    private static void writeRun(JsonWriter json, ResultSnapshot.Run run) {
        json.beginObject()
                .value("run", run.run())
                .value("status", run.status().name())
                .value("detail", run.detail())
                .value("iterations", run.iterations())
                .value("iterationsRun", run.iterationsRun())
                .value("samples", run.samples())
                .value("runTimeNanos", run.runTimeNanos())
                .value("targetRunTimeNanos", run.targetRunTimeNanos())
                .value("achievedThroughputPerSecond", run.achievedThroughputPerSecond());
        optional(json, "allocatedBytes", run.allocatedBytes());
        optional(json, "worstStallNanos", run.worstStallNanos());
        json.name("gc").beginArray(false);
        for (ResultSnapshot.Collection event : run.gc()) {
            json.beginObject().value("collector", event.collector()).value("action", event.action())
                    .value("cause", event.cause()).value("durationMillis", event.durationMillis())
                    .value("concurrent", event.concurrent()).value("collectorIndex", event.collectorIndex())
                    .value("id", event.id()).endObject();
        }
        json.endArray();
        json.name("harnessLateness");
        writeFigures(json, run.harnessLateness());
        run.evidence().ifPresent(evidence -> EvidenceJson.writeEvidence(json, evidence));
        run.timeline().ifPresent(timeline -> EvidenceJson.writeTimeline(json, timeline));
        json.endObject();
    }

    /** Writes one run's figures: counts, values in nanoseconds, and the distribution when there is one. */
    static void writeFigures(JsonWriter json, RunFigures run) {
        json.beginObject().value("run", run.run()).value("count", run.count());
        if (run.count() > 0) {
            json.value("minNanos", run.minNanos()).value("meanNanos", run.meanNanos()).value("maxNanos", run.maxNanos());
            json.name("percentilesNanos").beginObject();
            run.percentilesNanos().forEach(json::value);
            json.endObject();
            if (!run.codesOwnNanos().isEmpty()) {
                json.name("codesOwnNanos").beginObject();
                run.codesOwnNanos().forEach(json::value);
                json.endObject();
            }
            if (!run.distribution().isEmpty()) {
                json.name("distribution").beginArray(true);
                for (RunFigures.Point point : run.distribution()) {
                    json.beginArray(true).number(point.percentile()).number(point.nanos()).endArray();
                }
                json.endArray();
            }
        }
        if (run.outOfRangeSamples() > 0) {
            json.value("outOfRangeSamples", run.outOfRangeSamples());
        }
        json.endObject();
    }

    private static void optional(JsonWriter json, String name, OptionalLong value) {
        if (value.isPresent()) {
            json.value(name, value.getAsLong());
        } else {
            json.name(name).nullValue();
        }
    }

    // ---- reading ------------------------------------------------------------------------------------------------

    /**
     * @param text a JSON result
     * @return the snapshot it holds
     * @throws IllegalArgumentException when it is not valid JSON ({@link JsonReader.ParseException}, saying where) or
     *         not a result of this format (saying which member is missing or wrong)
     */
    public static ResultSnapshot read(String text) {
        JsonNode root = JsonNode.root(JsonReader.parse(text), FORMAT);
        String format = root.text("format");
        if (!FORMAT.equals(format)) {
            throw new IllegalArgumentException("not a \"" + FORMAT + "\" file: its format is \"" + format + "\"");
        }
        JsonNode test = root.get("test");
        JsonNode settings = root.get("settings");
        JsonNode environment = root.get("environment");
        JsonNode verdict = root.get("verdict");
        List<ResultSnapshot.AttemptRecord> attempts = new ArrayList<>();
        for (JsonNode attempt : root.list("attempts")) {
            List<ResultSnapshot.CheckRecord> checks = new ArrayList<>();
            for (JsonNode check : attempt.list("checks")) {
                checks.add(readCheck(check));
            }
            attempts.add(new ResultSnapshot.AttemptRecord(attempt.integer("attempt"),
                    Outcome.valueOf(attempt.text("outcome")), checks));
        }
        List<ResultSnapshot.Run> runs = new ArrayList<>();
        for (JsonNode run : root.list("runs")) {
            runs.add(readRun(run));
        }
        List<ProbeFigures> probes = new ArrayList<>();
        for (JsonNode probe : root.list("probes")) {
            List<RunFigures> figures = new ArrayList<>();
            for (JsonNode run : probe.list("runs")) {
                figures.add(readFigures(run));
            }
            probes.add(new ProbeFigures(probe.text("name"), figures));
        }
        Optional<List<ComparisonRow>> baseline = root.has("baseline")
                ? Optional.of(root.list("baseline").stream().map(ResultJson::readRow).toList()) : Optional.empty();
        return new ResultSnapshot(readTest(test), readSettings(settings),
                new ResultSnapshot.Environment(environment.text("time"), environment.text("javaVersion"),
                        environment.text("javaVm"), environment.text("javaVendor"), environment.text("os"),
                        environment.text("arch"), environment.text("cpu"), environment.integer("cores"),
                        environment.whole("maxHeapBytes"),
                        environment.list("garbageCollectors").stream().map(JsonNode::asText).toList()),
                new ResultSnapshot.Conclusion(Outcome.valueOf(verdict.text("outcome")), verdict.integer("attempt"),
                        verdict.integer("attempts"), verdict.text("detail"), verdict.numberOrNaN("measuringSeconds"),
                        verdict.has("ended") ? verdict.text("ended") : "", verdict.has("floor")
                        ? verdict.list("floor").stream().map(floor -> new ResultSnapshot.FloorRecord(
                        floor.number("percentile"), floor.number("maxMicros"), floor.number("floorMicros"),
                        floor.bool("noRoom"))).toList() : List.of(), verdict.has("machine")
                        ? Optional.of(readMachine(verdict.get("machine"))) : Optional.empty(),
                        ProfileJson.readTail(verdict)),
                attempts, root.numberOrNaN("allocatedBytesPerOp"), runs, probes, baseline,
                root.has("paired") ? Optional.of(readPaired(root.get("paired"))) : Optional.empty());
    }

    private static ResultSnapshot.MachineRecord readMachine(JsonNode machine) {
        return new ResultSnapshot.MachineRecord(machine.text("lock"), machine.number("waitedSeconds"),
                machine.list("heldBy").stream().map(JsonNode::asText).toList(),
                machine.has("shared") ? Optional.of(machine.text("shared")) : Optional.empty(), machine.text("from"),
                machine.text("to"));
    }

    /** Reads what {@link #writeTest} writes; {@code invocation} is there only for a template's invocation. */
    static ResultSnapshot.Test readTest(JsonNode test) {
        return new ResultSnapshot.Test(test.text("id"), test.text("class"), test.text("declaringClass"),
                test.text("method"), test.list("parameterTypes").stream().map(JsonNode::asText).toList(),
                test.text("displayName"), test.has("invocation") ? test.text("invocation") : "");
    }

    private static ResultSnapshot.Settings readSettings(JsonNode settings) {
        List<Budget> budgets = new ArrayList<>();
        for (JsonNode budget : settings.list("budgets")) {
            budgets.add(new Budget(budget.text("probe"), budget.number("percentile"), budget.number("maxMicros"),
                    budget.number("declaredMicros")));
        }
        return new ResultSnapshot.Settings(settings.integer("throughputPerSecond"),
                settings.text("arrivals"), settings.integer("threads"), settings.whole("iterations"),
                settings.integer("warmUpIterations"), settings.integer("runs"),
                settings.bool("accountForCoordinatedOmission"), settings.bool("recordOSJitter"),
                settings.whole("timeoutMillis"), Verdict.valueOf(settings.text("verdict")),
                Mode.valueOf(settings.text("mode").toUpperCase(Locale.ROOT)),
                Noise.valueOf(settings.text("noise").toUpperCase(Locale.ROOT)), settings.integer("retries"), budgets,
                settings.optionalWhole("maxAllocatedBytesPerOp"), settings.optionalWhole("maxGcCount"),
                settings.optionalWhole("maxGcPauseMillis"),
                settings.text("description"), readSweep(settings));
    }

    /** Reads the {@code sweep} member of a sweep's rate; empty for other tests, which have none. */
    private static Optional<Sweep> readSweep(JsonNode settings) {
        if (!settings.has("sweep")) {
            return Optional.empty();
        }
        JsonNode sweep = settings.get("sweep");
        List<Integer> rates = new ArrayList<>();
        for (JsonNode rate : sweep.list("rates")) {
            rates.add(Math.toIntExact(Math.round(rate.asNumber())));
        }
        return Optional.of(new Sweep(rates, sweep.integer("requiredThroughputPerSecond")));
    }

    private static ResultSnapshot.CheckRecord readCheck(JsonNode check) {
        Optional<ResultSnapshot.LatencyRecord> latency = check.has("probe")
                ? Optional.of(new ResultSnapshot.LatencyRecord(check.text("probe"), check.number("percentile"),
                check.number("maxMicros"), check.numberOrNaN("judgedMicros")))
                : Optional.empty();
        return new ResultSnapshot.CheckRecord(check.text("budget"), check.text("measured"), check.bool("met"), latency,
                check.has("message") ? Optional.of(check.text("message")) : Optional.empty(),
                check.has("inconclusive") ? Optional.of(check.text("inconclusive")) : Optional.empty(),
                check.has("codesOwnAccount") ? Optional.of(check.text("codesOwnAccount")) : Optional.empty(),
                EvidenceJson.readAttribution(check));
    }

    private static ResultSnapshot.Run readRun(JsonNode run) {
        List<ResultSnapshot.Collection> gc = new ArrayList<>();
        for (JsonNode event : run.list("gc")) {
            gc.add(new ResultSnapshot.Collection(event.text("collector"), event.text("action"), event.text("cause"),
                    event.whole("durationMillis"), event.bool("concurrent"), event.integer("collectorIndex"),
                    event.whole("id")));
        }
        return new ResultSnapshot.Run(run.integer("run"), RunStatus.valueOf(run.text("status")), run.text("detail"),
                run.whole("iterations"), run.whole("iterationsRun"), run.whole("samples"), run.whole("runTimeNanos"),
                run.whole("targetRunTimeNanos"), run.numberOrNaN("achievedThroughputPerSecond"),
                run.optionalWhole("allocatedBytes"), run.optionalWhole("worstStallNanos"), gc,
                readFigures(run.get("harnessLateness")), EvidenceJson.readEvidence(run),
                EvidenceJson.readTimeline(run));
    }

    /** Reads what {@link #writeFigures} writes. */
    static RunFigures readFigures(JsonNode run) {
        long count = run.whole("count");
        long outOfRange = run.has("outOfRangeSamples") ? run.whole("outOfRangeSamples") : 0;
        if (count == 0) {
            return new RunFigures(run.integer("run"), 0, 0, 0, 0, Map.of(), List.of(), outOfRange);
        }
        Map<String, Long> percentiles = new LinkedHashMap<>();
        JsonNode values = run.get("percentilesNanos");
        for (String label : values.names()) {
            percentiles.put(label, values.whole(label));
        }
        Map<String, Long> codesOwn = new LinkedHashMap<>();
        if (run.has("codesOwnNanos")) {
            JsonNode own = run.get("codesOwnNanos");
            for (String label : own.names()) {
                codesOwn.put(label, own.whole(label));
            }
        }
        List<RunFigures.Point> distribution = new ArrayList<>();
        if (run.has("distribution")) {
            for (JsonNode point : run.list("distribution")) {
                List<JsonNode> pair = point.elements();
                if (pair.size() != 2) {
                    throw point.wrong("is not a [percentile, nanoseconds] pair");
                }
                distribution.add(new RunFigures.Point(pair.get(0).asNumber(), Math.round(pair.get(1).asNumber())));
            }
        }
        return new RunFigures(run.integer("run"), count, run.whole("minNanos"), run.whole("meanNanos"),
                run.whole("maxNanos"), percentiles, distribution, outOfRange, codesOwn);
    }
}
