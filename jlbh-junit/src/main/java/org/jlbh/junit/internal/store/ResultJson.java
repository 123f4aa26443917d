package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.List;
import java.util.Optional;

/**
 * The JSON result format, {@value #FORMAT}: a {@link ResultSnapshot} written, and read back to an equal snapshot. This
 * class holds the document and its verdict; who and what ran are {@link SettingsJson}'s, what was measured
 * {@link RunJson}'s, why samples were late {@link EvidenceJson}'s. Each member is named once for writing and once for
 * reading. A file that lacks a member the format always has is refused, naming the member and where it is missing.
 * Times are in nanoseconds (members ending in {@code Nanos}) unless the name says otherwise; the {@code .hgrm} files
 * a result names are in microseconds. Stateless; thread-safe.
 */
final class ResultJson {
    /** The format's name and version, written in every result. */
    static final String FORMAT = "jlbh-junit result 1";

    private ResultJson() {
    }

    /**
     * @param result a test's result
     * @return its JSON text, ending with a newline
     */
    static String write(ResultSnapshot result) {
        JsonWriter json = new JsonWriter().beginObject();
        json.value("format", FORMAT);
        writeTest(json, result.test());
        SettingsJson.writeSettings(json, result.settings());
        SettingsJson.writeEnvironment(json, result.environment());
        writeVerdict(json, result.conclusion());
        json.objects("attempts", result.attempts(), (member, attempt) -> member.value("attempt", attempt.attempt())
                .value("outcome", attempt.outcome().name())
                .objects("checks", attempt.checks(), ResultJson::writeCheck));
        json.value("allocatedBytesPerOp", result.allocatedBytesPerOp());
        json.objects("runs", result.runs(), RunJson::writeRun);
        json.value("hgrmUnit", "microseconds");
        RunJson.writeProbes(json, "probes", result.probes(), Optional.of(result.test()));
        result.baseline().ifPresent(rows -> json.objects("baseline", rows, ResultJson::writeRow));
        result.paired().ifPresent(paired -> writePaired(json, paired));
        result.history().ifPresent(history -> writeHistory(json, history));
        return json.endObject().toString() + "\n";
    }

    /** Writes the {@code baselineHistory} member: a history that could not be used, and what became of it. */
    private static void writeHistory(JsonWriter json, ResultSnapshot.HistoryState history) {
        json.name("baselineHistory").beginObject().value("state", history.state().name())
                .value("file", history.file()).value("why", history.why());
        history.keptAs().ifPresent(as -> json.value("keptAs", as));
        json.value("repair", history.repair()).endObject();
    }

    /** Reads what {@link #writeHistory} writes. */
    private static ResultSnapshot.HistoryState readHistory(JsonNode history) {
        return new ResultSnapshot.HistoryState(ResultSnapshot.HistoryState.State.valueOf(history.text("state")),
                history.text("file"), history.text("why"), history.optionalText("keptAs"), history.text("repair"));
    }

    /** Writes the {@code verdict} member: how the test ended, what it cost, its turn and its profile. */
    private static void writeVerdict(JsonWriter json, ResultSnapshot.Conclusion conclusion) {
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
            json.objects("floor", conclusion.floor(), (member, floor) -> member.value("percentile", floor.percentile())
                    .value("maxMicros", floor.maxMicros()).value("floorMicros", floor.floorMicros())
                    .value("noRoom", floor.noRoom()));
        }
        conclusion.machine().ifPresent(machine -> {
            json.name("machine").beginObject().value("lock", machine.lock())
                    .value("waitedSeconds", machine.waitedSeconds()).array("heldBy", false, machine.heldBy(),
                            JsonWriter::string);
            machine.shared().ifPresent(why -> json.value("shared", why));
            json.value("from", machine.from()).value("to", machine.to()).endObject();
        });
        conclusion.profile().ifPresent(profile -> ProfileJson.writeTail(json, profile));
        json.endObject();
    }

    /** Writes the {@code paired} member: the change against its base; read back by {@link #readPaired}. */
    private static void writePaired(JsonWriter json, ResultSnapshot.Paired paired) {
        PairedComparison comparison = paired.comparison();
        json.name("paired").beginObject().array("base", true, paired.base(), JsonWriter::string)
                .value("pairs", comparison.pairs()).value("tolerancePercent", comparison.tolerancePercent())
                .objects("rows", comparison.rows(), ResultJson::writeRow)
                .array("notes", false, comparison.notes(), JsonWriter::string);
        RunJson.writeProbes(json, "baseProbes", paired.baseProbes(), Optional.empty());
        paired.growth().ifPresent(growth -> ProfileJson.writeGrowth(json, growth));
        json.endObject();
    }

    /**
     * Writes a history's or the pairs' row; {@code detectablePercent} is {@code "none"} when no change would be. A
     * paired row has each copy's figure per round (the base's in {@code baseNanos}, the change's in {@code
     * changeNanos}, the control's in {@code controlNanos}, the change's second copy's in {@code changeCopyNanos}),
     * {@code medianPair}, the index from 0 of the pair whose ratio is the change and whose figures the row shows (-1
     * when there are no pairs; the pairs are each round's change against its base, then each round's second copies,
     * {@link ComparisonRow.Pairs#baseOfPair}), and how far each side's two copies are apart, {@code
     * baseCopiesApartPercent} and {@code changeCopiesApartPercent}; the reader finds them again itself.
     */
    private static void writeRow(JsonWriter json, ComparisonRow row) {
        json.value("probe", row.probe()).value("percentile", row.percentile()).value("basis", row.basis().name());
        if (row.figures() instanceof ComparisonRow.History history) {
            json.value("historyLowNanos", history.lowNanos()).value("historyHighNanos", history.highNanos())
                    .value("builds", history.builds()).value("nowNanos", history.nowNanos())
                    .value("measuredNowNanos", history.measuredNowNanos());
        } else if (row.figures() instanceof ComparisonRow.Pairs pairs) {
            json.numbers("baseNanos", pairs.baseNanos());
            json.numbers("changeNanos", pairs.changeNanos());
            json.numbers("controlNanos", pairs.controlNanos());
            json.numbers("changeCopyNanos", pairs.changeCopyNanos());
            json.value("medianPair", pairs.medianPair());
            json.value("baseCopiesApartPercent", pairs.baseCopiesApartPercent());
            json.value("changeCopiesApartPercent", pairs.changeCopiesApartPercent());
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
    }

    /** Reads what {@link #writeRow} writes: a history's row, or a paired one (with {@code baseNanos}). */
    private static ComparisonRow readRow(JsonNode row) {
        ComparisonRow.Figures figures = row.has("baseNanos")
                ? new ComparisonRow.Pairs(wholes(row, "baseNanos"), wholes(row, "changeNanos"),
                row.has("controlNanos") ? wholes(row, "controlNanos") : List.of(),
                row.has("changeCopyNanos") ? wholes(row, "changeCopyNanos") : List.of())
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
        List<ComparisonRow> rows = paired.list("rows", ResultJson::readRow);
        List<ProbeFigures> baseProbes = RunJson.readProbes(paired, "baseProbes");
        return new ResultSnapshot.Paired(paired.texts("base"), new PairedComparison(paired.integer("pairs"),
                paired.number("tolerancePercent"), rows, paired.texts("notes")), baseProbes,
                ProfileJson.readGrowth(paired));
    }

    private static List<Long> wholes(JsonNode row, String name) {
        return row.list(name, JsonNode::asNumber).stream().map(Math::round).toList();
    }

    /** Writes the {@code test} member: which test; read back by {@link #readTest}. */
    static void writeTest(JsonWriter json, ResultSnapshot.Test test) {
        json.name("test").beginObject().value("id", test.id()).value("class", test.className())
                .value("declaringClass", test.declaringClass()).value("method", test.method())
                .array("parameterTypes", true, test.parameterTypes(), JsonWriter::string)
                .value("displayName", test.displayName());
        if (!test.invocation().isEmpty()) {
            json.value("invocation", test.invocation());
        }
        json.endObject();
    }

    /** Reads what {@link #writeTest} writes; {@code invocation} is there only for a template's invocation. */
    static ResultSnapshot.Test readTest(JsonNode test) {
        return new ResultSnapshot.Test(test.text("id"), test.text("class"), test.text("declaringClass"),
                test.text("method"), test.texts("parameterTypes"), test.text("displayName"),
                test.optionalText("invocation").orElse(""));
    }

    private static void writeCheck(JsonWriter json, ResultSnapshot.CheckRecord check) {
        json.value("budget", check.budget()).value("measured", check.measured()).value("met", check.met());
        check.latency().ifPresent(latency -> json.value("probe", latency.probe())
                .value("percentile", latency.percentile()).value("maxMicros", latency.maxMicros())
                .value("judgedMicros", latency.judgedMicros()));
        check.message().ifPresent(message -> json.value("message", message));
        check.inconclusive().ifPresent(inconclusive -> json.value("inconclusive", inconclusive));
        check.codesOwnAccount().ifPresent(account -> json.value("codesOwnAccount", account));
        check.attribution().ifPresent(attribution -> EvidenceJson.writeAttribution(json, attribution));
    }

    /**
     * @param root a document of this format ({@link JsonNode#document})
     * @return the snapshot it holds
     * @throws IllegalArgumentException when a member is missing or wrong, saying which and where
     */
    static ResultSnapshot read(JsonNode root) {
        JsonNode test = root.get("test");
        JsonNode settings = root.get("settings");
        JsonNode environment = root.get("environment");
        JsonNode verdict = root.get("verdict");
        List<ResultSnapshot.AttemptRecord> attempts = root.list("attempts", attempt -> new ResultSnapshot.AttemptRecord(
                attempt.integer("attempt"), Outcome.valueOf(attempt.text("outcome")),
                attempt.list("checks", ResultJson::readCheck)));
        List<ResultSnapshot.Run> runs = root.list("runs", RunJson::readRun);
        List<ProbeFigures> probes = RunJson.readProbes(root, "probes");
        Optional<List<ComparisonRow>> baseline = root.has("baseline")
                ? Optional.of(root.list("baseline", ResultJson::readRow)) : Optional.empty();
        return new ResultSnapshot(readTest(test), SettingsJson.readSettings(settings),
                SettingsJson.readEnvironment(environment), readVerdict(verdict), attempts,
                root.numberOrNaN("allocatedBytesPerOp"), runs, probes, baseline,
                root.optional("paired", ResultJson::readPaired), root.optional("baselineHistory",
                ResultJson::readHistory));
    }

    private static ResultSnapshot.Conclusion readVerdict(JsonNode verdict) {
        return new ResultSnapshot.Conclusion(Outcome.valueOf(verdict.text("outcome")), verdict.integer("attempt"),
                verdict.integer("attempts"), verdict.text("detail"), verdict.numberOrNaN("measuringSeconds"),
                verdict.optionalText("ended").orElse(""), verdict.has("floor") ? verdict.list("floor",
                floor -> new ResultSnapshot.FloorRecord(floor.number("percentile"), floor.number("maxMicros"),
                        floor.number("floorMicros"), floor.bool("noRoom"))) : List.of(),
                verdict.optional("machine", ResultJson::readMachine), ProfileJson.readTail(verdict));
    }

    private static ResultSnapshot.MachineRecord readMachine(JsonNode machine) {
        return new ResultSnapshot.MachineRecord(machine.text("lock"), machine.number("waitedSeconds"),
                machine.texts("heldBy"), machine.optionalText("shared"), machine.text("from"), machine.text("to"));
    }

    private static ResultSnapshot.CheckRecord readCheck(JsonNode check) {
        Optional<ResultSnapshot.LatencyRecord> latency = check.has("probe")
                ? Optional.of(new ResultSnapshot.LatencyRecord(check.text("probe"), check.number("percentile"),
                check.number("maxMicros"), check.numberOrNaN("judgedMicros")))
                : Optional.empty();
        return new ResultSnapshot.CheckRecord(check.text("budget"), check.text("measured"), check.bool("met"), latency,
                check.optionalText("message"), check.optionalText("inconclusive"),
                check.optionalText("codesOwnAccount"), EvidenceJson.readAttribution(check));
    }
}
