package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.report.result.EvidenceSnapshot;

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
        json.objects("lateSamples", attribution.runs(), (member, run) -> member.value("run", run.run())
                .value("platform", run.platform()).value("safepoint", run.safepoint())
                .value("olderObjects", run.olderObjects()).value("gc", run.gc()).value("code", run.code())
                .value("notAttributed", run.notAttributed())
                .array("windows", false, run.windows(), (values, window) -> values.beginArray(true)
                        .number(window.window()).number(window.platform()).number(window.safepoint())
                        .number(window.gc()).number(window.code()).number(window.olderObjects()).endArray()));
        json.value("runQueueWaitNanos", attribution.runQueueWaitNanos())
                .value("runQueueStretches", attribution.runQueueStretches()).value("hostNanos", attribution.hostNanos())
                .value("hostStretches", attribution.hostStretches()).value("machineStalls", attribution.machineStalls())
                .value("machineStallNanos", attribution.machineStallNanos())
                .value("testThreadsWaitNanos", attribution.testThreadsWaitNanos())
                .value("testThreadsStretches", attribution.testThreadsStretches());
        writePauses(json, "gcPauses", attribution.gcPauses());
        writePauses(json, "safepoints", attribution.safepoints());
        json.value("codeOnlyMicros", attribution.codeOnlyMicros())
                .array("missingEvidence", false, attribution.missingEvidence(), JsonWriter::string)
                .value("summary", attribution.summary()).endObject();
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
        json.name("timeline").beginObject().value("windowNanos", timeline.windowNanos())
                .numbers("worstNanos", timeline.worstNanos())
                .objects("overBudget", timeline.overBudget(), (member, budget) -> {
                    member.value("budgetNanos", budget.budgetNanos());
                    writeWindows(member, "windows", budget.windows());
                });
        writeWindows(json, "runQueueWaitNanos", timeline.runQueueWaitNanos());
        writeWindows(json, "hostNanos", timeline.hostNanos());
        json.endObject();
    }

    private static void writePauses(JsonWriter json, String name, List<EvidenceSnapshot.PauseRecord> pauses) {
        json.objects(name, pauses, (member, pause) -> {
            member.value("run", pause.run()).value("kind", pause.gc() ? "gc" : "safepoint")
                    .value("name", pause.name()).value("startNanos", pause.startNanos())
                    .value("durationNanos", pause.durationNanos());
            if (pause.gc()) {
                member.value("olderObjectsNanos", pause.olderObjectsNanos());
            }
        });
    }

    private static void writeWindows(JsonWriter json, String name, List<EvidenceSnapshot.WindowValue> windows) {
        json.array(name, true, windows, (pair, window) -> pair.beginArray(true).number(window.window())
                .number(window.value()).endArray());
    }

    /** @return the check's attribution, when it has one */
    static Optional<EvidenceSnapshot.Attribution> readAttribution(JsonNode check) {
        return check.optional("attribution", attribution -> {
            List<EvidenceSnapshot.LateByCause> runs = attribution.list("lateSamples", EvidenceJson::readLateSamples);
            return new EvidenceSnapshot.Attribution(attribution.number("overMicros"), runs,
                    attribution.whole("runQueueWaitNanos"), attribution.integer("runQueueStretches"),
                    attribution.whole("hostNanos"), attribution.integer("hostStretches"),
                    attribution.integer("machineStalls"), attribution.whole("machineStallNanos"),
                    attribution.whole("testThreadsWaitNanos"), attribution.integer("testThreadsStretches"),
                    readPauses(attribution, "gcPauses"), readPauses(attribution, "safepoints"),
                    attribution.numberOrNaN("codeOnlyMicros"), attribution.texts("missingEvidence"),
                    attribution.text("summary"));
        });
    }

    private static EvidenceSnapshot.LateByCause readLateSamples(JsonNode run) {
        List<EvidenceSnapshot.CauseWindow> windows = run.list("windows", window -> {
            double[] values = window.numbers(6, "[window, platform, safepoint, gc, code, olderObjects] list");
            return new EvidenceSnapshot.CauseWindow((int) values[0], Math.round(values[1]), Math.round(values[2]),
                    Math.round(values[3]), Math.round(values[4]), Math.round(values[5]));
        });
        return new EvidenceSnapshot.LateByCause(run.integer("run"), run.whole("platform"), run.whole("safepoint"),
                run.whole("gc"), run.whole("code"), run.whole("notAttributed"), windows, run.whole("olderObjects"));
    }

    /** @return the run's evidence, when it has some */
    static Optional<EvidenceSnapshot.Evidence> readEvidence(JsonNode run) {
        return run.optional("evidence", evidence -> new EvidenceSnapshot.Evidence(
                evidence.optionalText("schedulerMissing"), evidence.whole("runQueueWaitNanos"),
                evidence.whole("hostNanos"), evidence.whole("cpuSlices"), evidence.optionalText("jvmMissing"),
                evidence.whole("jvmAccuracyNanos"), readPauses(evidence, "pauses")));
    }

    /** @return the run's timeline, when it has one */
    static Optional<EvidenceSnapshot.Timeline> readTimeline(JsonNode run) {
        return run.optional("timeline", timeline -> {
            List<Long> worst = timeline.list("worstNanos", value -> Math.round(value.asNumber()));
            List<EvidenceSnapshot.BudgetWindows> overBudget = timeline.list("overBudget",
                    budget -> new EvidenceSnapshot.BudgetWindows(budget.whole("budgetNanos"),
                            readWindows(budget, "windows")));
            return new EvidenceSnapshot.Timeline(timeline.whole("windowNanos"), worst, overBudget,
                    readWindows(timeline, "runQueueWaitNanos"), readWindows(timeline, "hostNanos"));
        });
    }

    private static List<EvidenceSnapshot.PauseRecord> readPauses(JsonNode parent, String name) {
        return parent.list(name, pause -> {
            String kind = pause.text("kind");
            if (!kind.equals("gc") && !kind.equals("safepoint")) {
                throw pause.wrong("has kind \"" + kind + "\", not \"gc\" or \"safepoint\"");
            }
            boolean gc = kind.equals("gc");
            return new EvidenceSnapshot.PauseRecord(pause.integer("run"), gc, pause.text("name"),
                    pause.whole("startNanos"), pause.whole("durationNanos"), gc ? pause.whole("olderObjectsNanos") : 0);
        });
    }

    private static List<EvidenceSnapshot.WindowValue> readWindows(JsonNode parent, String name) {
        return parent.list(name, pair -> {
            double[] values = pair.numbers(2, "[window, value] pair");
            return new EvidenceSnapshot.WindowValue((int) values[0], Math.round(values[1]));
        });
    }
}
