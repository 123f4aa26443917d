package org.jlbh.junit.internal.store;

import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.LatencyTestConfiguration.Noise;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.List;
import java.util.Locale;

/**
 * The members of the {@value ResultJson#FORMAT} format that say what a test ran with and where: its
 * {@code settings} (budgets in microseconds, a sweep's rates in iterations per second) and its {@code environment}.
 * Stateless; thread-safe.
 */
final class SettingsJson {

    private SettingsJson() {
    }

    static void writeSettings(JsonWriter json, ResultSnapshot.Settings settings) {
        json.name("settings").beginObject().value("throughputPerSecond", settings.throughputPerSecond())
                .value("arrivals", settings.arrivals()).value("threads", settings.threads())
                .value("iterations", settings.iterations()).value("warmUpIterations", settings.warmUpIterations())
                .value("runs", settings.runs())
                .value("accountForCoordinatedOmission", settings.accountForCoordinatedOmission())
                .value("recordOSJitter", settings.recordOSJitter()).value("timeoutMillis", settings.timeoutMillis())
                .value("verdict", settings.verdict().name())
                .value("mode", settings.mode().name().toLowerCase(Locale.ROOT))
                .value("noise", settings.noise().name().toLowerCase(Locale.ROOT)).value("retries", settings.retries());
        json.objects("budgets", settings.budgets(), (member, budget) -> member.value("probe", budget.probe())
                .value("percentile", budget.percentile()).value("maxMicros", budget.maxMicros())
                .value("declaredMicros", budget.declaredMicros()));
        json.value("maxAllocatedBytesPerOp", settings.maxAllocatedBytesPerOp())
                .value("maxGcCount", settings.maxGcCount())
                .value("maxGcPauseMillis", settings.maxGcPauseMillis())
                .value("description", settings.description());
        settings.sweep().ifPresent(sweep -> json.name("sweep").beginObject()
                .numbers("rates", sweep.rates())
                .value("requiredThroughputPerSecond", sweep.requiredThroughput()).endObject());
        json.endObject();
    }

    static ResultSnapshot.Settings readSettings(JsonNode settings) {
        List<Budget> budgets = settings.list("budgets", budget -> new Budget(budget.text("probe"),
                budget.number("percentile"), budget.number("maxMicros"), budget.number("declaredMicros")));
        return new ResultSnapshot.Settings(settings.integer("throughputPerSecond"),
                settings.text("arrivals"), settings.integer("threads"), settings.whole("iterations"),
                settings.integer("warmUpIterations"), settings.integer("runs"),
                settings.bool("accountForCoordinatedOmission"), settings.bool("recordOSJitter"),
                settings.whole("timeoutMillis"), Verdict.valueOf(settings.text("verdict")),
                Mode.valueOf(settings.text("mode").toUpperCase(Locale.ROOT)),
                Noise.valueOf(settings.text("noise").toUpperCase(Locale.ROOT)), settings.integer("retries"), budgets,
                settings.optionalWhole("maxAllocatedBytesPerOp"), settings.optionalWhole("maxGcCount"),
                settings.optionalWhole("maxGcPauseMillis"), settings.text("description"),
                settings.optional("sweep", sweep -> new Sweep(sweep.list("rates",
                        rate -> Math.toIntExact(Math.round(rate.asNumber()))),
                        sweep.integer("requiredThroughputPerSecond"))));
    }

    static void writeEnvironment(JsonWriter json, ResultSnapshot.Environment environment) {
        json.name("environment").beginObject().value("time", environment.time())
                .value("javaVersion", environment.javaVersion()).value("javaVm", environment.javaVm())
                .value("javaVendor", environment.javaVendor()).value("os", environment.os())
                .value("arch", environment.arch()).value("cpu", environment.cpu()).value("cores", environment.cores())
                .value("maxHeapBytes", environment.maxHeapBytes())
                .array("garbageCollectors", true, environment.garbageCollectors(), JsonWriter::string).endObject();
    }

    static ResultSnapshot.Environment readEnvironment(JsonNode environment) {
        return new ResultSnapshot.Environment(environment.text("time"), environment.text("javaVersion"),
                environment.text("javaVm"), environment.text("javaVendor"), environment.text("os"),
                environment.text("arch"), environment.text("cpu"), environment.integer("cores"),
                environment.whole("maxHeapBytes"),
                environment.texts("garbageCollectors"));
    }
}
