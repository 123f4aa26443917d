package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.profile.GrowthFrames;
import org.jlbh.junit.internal.profile.GrowthProfile;
import org.jlbh.junit.internal.profile.GrownFrame;

import java.util.List;
import java.util.TreeMap;
import java.util.Optional;

/**
 * The {@code paired} member's {@code growth} member of the {@value ResultJson#FORMAT} format: where the change spent
 * more time than its base ({@link GrowthProfile}). Times are in microseconds a call, estimated from the samples; each
 * side's stacks are collapsed ({@code Test.method;QuoteParser.parse}, the outermost frame first, as async-profiler's
 * collapsed output), each with its samples, beside the calls measured and the sampling period (nanoseconds) that turn
 * samples into time. Like {@link ProfileJson}, it names each member once for writing and once for reading; the member
 * is there only where the change was profiled against its base. Stateless; thread-safe.
 */
final class GrowthJson {

    private GrowthJson() {
    }

    static void write(JsonWriter json, GrowthProfile growth) {
        json.name("growth").beginObject().value("engine", growth.engine());
        if (growth.unavailable().isPresent()) {
            json.value("unavailable", growth.unavailable().get()).endObject();
            return;
        }
        json.value("seconds", growth.seconds());
        json.name("frames").beginArray(false);
        for (GrownFrame frame : growth.top()) {
            json.beginObject().value("frame", frame.frame()).value("changeMicros", frame.changeMicros())
                    .value("baseMicros", frame.baseMicros()).value("errorMicros", frame.errorMicros()).endObject();
        }
        json.endArray();
        writeSide(json, "change", growth.change());
        writeSide(json, "base", growth.base());
        growth.flameGraph().ifPresent(file -> json.value("flameGraph", file));
        growth.differential().ifPresent(file -> json.value("differential", file));
        json.endObject();
    }

    private static void writeSide(JsonWriter json, String name, GrowthFrames.Side side) {
        json.name(name).beginObject().value("calls", side.calls()).value("periodNanos", side.periodNanos())
                .value("samples", side.samples());
        ProfileJson.writeStacks(json, "stacks", new TreeMap<>(side.stacks()));
        json.endObject();
    }

    static Optional<GrowthProfile> read(JsonNode paired) {
        if (!paired.has("growth")) {
            return Optional.empty();
        }
        JsonNode growth = paired.get("growth");
        String engine = growth.text("engine");
        if (growth.has("unavailable")) {
            return Optional.of(GrowthProfile.unavailable(engine, growth.text("unavailable")));
        }
        List<GrownFrame> frames = growth.list("frames").stream().map(frame -> new GrownFrame(frame.text("frame"),
                frame.number("changeMicros"), frame.number("baseMicros"), frame.number("errorMicros"))).toList();
        return Optional.of(new GrowthProfile(engine, Optional.empty(), growth.number("seconds"),
                readSide(growth.get("change")), readSide(growth.get("base")), frames,
                growth.has("flameGraph") ? Optional.of(growth.text("flameGraph")) : Optional.empty(),
                growth.has("differential") ? Optional.of(growth.text("differential")) : Optional.empty()));
    }

    /** Reads a side; its {@code samples} are written for readers of the file: the stacks' samples add up to them. */
    private static GrowthFrames.Side readSide(JsonNode side) {
        return new GrowthFrames.Side(ProfileJson.readStacks(side, "stacks"), side.whole("calls"),
                side.number("periodNanos"));
    }
}
