package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.EvidenceSnapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The members of the {@value ResultJson#FORMAT} format that say why samples were late ({@link EvidenceSnapshot}):
 * a latency budget's {@code attribution}, a run's {@code evidence} and {@code timeline}, each there only where it was
 * worked out. Times are in nanoseconds; a window list is sparse, as {@code [[window, value], ...]} (a run's late
 * samples' windows as {@code [[window, platform, safepoint, gc, code, olderObjects], ...]}); a pause's
 * {@code olderObjectsNanos} is a collection's only. Stateless; thread-safe.
 */
final class EvidenceJson {

    private EvidenceJson() {
    }

    static void writeAttribution(JsonWriter json, EvidenceSnapshot.Attribution attribution) {
        json.name("attribution").beginObject().value("overMicros", attribution.overMicros());
        json.name("lateSamples").beginArray(false);
        for (EvidenceSnapshot.LateByCause run : attribution.runs()) {
            json.beginObject().value("run", run.run()).value("platform", run.platform())
                    .value("safepoint", run.safepoint()).value("olderObjects", run.olderObjects())
                    .value("gc", run.gc()).value("code", run.code()).value("notAttributed", run.notAttributed());
            json.name("windows").beginArray(false);
            for (EvidenceSnapshot.CauseWindow window : run.windows()) {
                json.beginArray(true).number(window.window()).number(window.platform()).number(window.safepoint())
                        .number(window.gc()).number(window.code()).number(window.olderObjects()).endArray();
            }
            json.endArray().endObject();
        }
        json.endArray().value("runQueueWaitNanos", attribution.runQueueWaitNanos())
                .value("runQueueStretches", attribution.runQueueStretches()).value("hostNanos", attribution.hostNanos())
                .value("hostStretches", attribution.hostStretches()).value("machineStalls", attribution.machineStalls())
                .value("machineStallNanos", attribution.machineStallNanos())
                .value("testThreadsWaitNanos", attribution.testThreadsWaitNanos())
                .value("testThreadsStretches", attribution.testThreadsStretches());
        writePauses(json, "gcPauses", attribution.gcPauses());
        writePauses(json, "safepoints", attribution.safepoints());
        json.value("codeOnlyMicros", attribution.codeOnlyMicros());
        json.name("missingEvidence").beginArray(false);
        attribution.missingEvidence().forEach(json::string);
        json.endArray().value("summary", attribution.summary()).endObject();
    }

    static void writeEvidence(JsonWriter json, EvidenceSnapshot.Evidence evidence) {
        json.name("evidence").beginObject().value("schedulerMissing", evidence.schedulerMissing())
                .value("runQueueWaitNanos", evidence.runQueueWaitNanos()).value("hostNanos", evidence.hostNanos())
                .value("cpuSlices", evidence.cpuSlices()).value("jvmMissing", evidence.jvmMissing())
                .value("jvmAccuracyNanos", evidence.jvmAccuracyNanos());
        writePauses(json, "pauses", evidence.pauses());
        json.endObject();
    }

    static void writeTimeline(JsonWriter json, EvidenceSnapshot.Timeline timeline) {
        json.name("timeline").beginObject().value("windowNanos", timeline.windowNanos());
        json.name("worstNanos").beginArray(true);
        timeline.worstNanos().forEach(json::number);
        json.endArray();
        json.name("overBudget").beginArray(false);
        for (EvidenceSnapshot.BudgetWindows budget : timeline.overBudget()) {
            json.beginObject().value("budgetNanos", budget.budgetNanos());
            writeWindows(json, "windows", budget.windows());
            json.endObject();
        }
        json.endArray();
        writeWindows(json, "runQueueWaitNanos", timeline.runQueueWaitNanos());
        writeWindows(json, "hostNanos", timeline.hostNanos());
        json.endObject();
    }

    private static void writePauses(JsonWriter json, String name, List<EvidenceSnapshot.PauseRecord> pauses) {
        json.name(name).beginArray(false);
        for (EvidenceSnapshot.PauseRecord pause : pauses) {
            json.beginObject().value("run", pause.run()).value("kind", pause.gc() ? "gc" : "safepoint")
                    .value("name", pause.name()).value("startNanos", pause.startNanos())
                    .value("durationNanos", pause.durationNanos());
            if (pause.gc()) {
                json.value("olderObjectsNanos", pause.olderObjectsNanos());
            }
            json.endObject();
        }
        json.endArray();
    }

    private static void writeWindows(JsonWriter json, String name, List<EvidenceSnapshot.WindowValue> windows) {
        json.name(name).beginArray(true);
        for (EvidenceSnapshot.WindowValue window : windows) {
            json.beginArray(true).number(window.window()).number(window.value()).endArray();
        }
        json.endArray();
    }

    /** @return the check's attribution, when it has one */
    static Optional<EvidenceSnapshot.Attribution> readAttribution(JsonNode check) {
        if (!check.has("attribution")) {
            return Optional.empty();
        }
        JsonNode attribution = check.get("attribution");
        List<EvidenceSnapshot.LateByCause> runs = new ArrayList<>();
        for (JsonNode run : attribution.list("lateSamples")) {
            List<EvidenceSnapshot.CauseWindow> windows = new ArrayList<>();
            for (JsonNode window : run.list("windows")) {
                List<JsonNode> values = window.elements();
                if (values.size() != 6) {
                    throw window.wrong("is not a [window, platform, safepoint, gc, code, olderObjects] list");
                }
                windows.add(new EvidenceSnapshot.CauseWindow((int) values.get(0).asNumber(),
                        Math.round(values.get(1).asNumber()), Math.round(values.get(2).asNumber()),
                        Math.round(values.get(3).asNumber()), Math.round(values.get(4).asNumber()),
                        Math.round(values.get(5).asNumber())));
            }
            runs.add(new EvidenceSnapshot.LateByCause(run.integer("run"), run.whole("platform"),
                    run.whole("safepoint"), run.whole("gc"), run.whole("code"), run.whole("notAttributed"), windows,
                    run.whole("olderObjects")));
        }
        return Optional.of(new EvidenceSnapshot.Attribution(attribution.number("overMicros"), runs,
                attribution.whole("runQueueWaitNanos"), attribution.integer("runQueueStretches"),
                attribution.whole("hostNanos"), attribution.integer("hostStretches"),
                attribution.integer("machineStalls"), attribution.whole("machineStallNanos"),
                attribution.whole("testThreadsWaitNanos"), attribution.integer("testThreadsStretches"),
                readPauses(attribution, "gcPauses"), readPauses(attribution, "safepoints"),
                attribution.numberOrNaN("codeOnlyMicros"),
                attribution.list("missingEvidence").stream().map(JsonNode::asText).toList(),
                attribution.text("summary")));
    }

    /** @return the run's evidence, when it has some */
    static Optional<EvidenceSnapshot.Evidence> readEvidence(JsonNode run) {
        if (!run.has("evidence")) {
            return Optional.empty();
        }
        JsonNode evidence = run.get("evidence");
        return Optional.of(new EvidenceSnapshot.Evidence(evidence.optionalText("schedulerMissing"),
                evidence.whole("runQueueWaitNanos"), evidence.whole("hostNanos"), evidence.whole("cpuSlices"),
                evidence.optionalText("jvmMissing"), evidence.whole("jvmAccuracyNanos"),
                readPauses(evidence, "pauses")));
    }

    /** @return the run's timeline, when it has one */
    static Optional<EvidenceSnapshot.Timeline> readTimeline(JsonNode run) {
        if (!run.has("timeline")) {
            return Optional.empty();
        }
        JsonNode timeline = run.get("timeline");
        List<Long> worst = new ArrayList<>();
        for (JsonNode value : timeline.list("worstNanos")) {
            worst.add(Math.round(value.asNumber()));
        }
        List<EvidenceSnapshot.BudgetWindows> overBudget = new ArrayList<>();
        for (JsonNode budget : timeline.list("overBudget")) {
            overBudget.add(new EvidenceSnapshot.BudgetWindows(budget.whole("budgetNanos"),
                    readWindows(budget, "windows")));
        }
        return Optional.of(new EvidenceSnapshot.Timeline(timeline.whole("windowNanos"), worst, overBudget,
                readWindows(timeline, "runQueueWaitNanos"), readWindows(timeline, "hostNanos")));
    }

    private static List<EvidenceSnapshot.PauseRecord> readPauses(JsonNode parent, String name) {
        List<EvidenceSnapshot.PauseRecord> pauses = new ArrayList<>();
        for (JsonNode pause : parent.list(name)) {
            String kind = pause.text("kind");
            if (!kind.equals("gc") && !kind.equals("safepoint")) {
                throw pause.wrong("has kind \"" + kind + "\", not \"gc\" or \"safepoint\"");
            }
            boolean gc = kind.equals("gc");
            pauses.add(new EvidenceSnapshot.PauseRecord(pause.integer("run"), gc, pause.text("name"),
                    pause.whole("startNanos"), pause.whole("durationNanos"),
                    gc ? pause.whole("olderObjectsNanos") : 0));
        }
        return pauses;
    }

    private static List<EvidenceSnapshot.WindowValue> readWindows(JsonNode parent, String name) {
        List<EvidenceSnapshot.WindowValue> windows = new ArrayList<>();
        for (JsonNode pair : parent.list(name)) {
            List<JsonNode> values = pair.elements();
            if (values.size() != 2) {
                throw pair.wrong("is not a [window, value] pair");
            }
            windows.add(new EvidenceSnapshot.WindowValue((int) values.get(0).asNumber(),
                    Math.round(values.get(1).asNumber())));
        }
        return windows;
    }
}
