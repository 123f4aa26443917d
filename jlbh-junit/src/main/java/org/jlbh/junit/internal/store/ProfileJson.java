package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.profile.TailFrame;
import org.jlbh.junit.internal.profile.TailProfile;
import org.jlbh.junit.internal.profile.TailSplit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The verdict's {@code profile} member of the {@value ResultJson#FORMAT} format: where the late iterations spent their
 * time ({@link TailProfile}). Shares are from 0 to 1 (an on-time share null where too few on-time samples were taken); stacks are collapsed ({@code Test.method;Pricer.quote}, the
 * outermost frame first, as async-profiler's collapsed output), each with its samples. Like {@link EvidenceJson}, it
 * names each member once for writing and once for reading; the member is there only where the test was profiled
 * ({@code jlbh.profile}). Stateless; thread-safe.
 */
final class ProfileJson {

    private ProfileJson() {
    }

    static void write(JsonWriter json, TailProfile profile) {
        json.name("profile").beginObject().value("engine", profile.engine());
        if (profile.unavailable().isPresent()) {
            json.value("unavailable", profile.unavailable().get()).endObject();
            return;
        }
        json.value("late", profile.late()).value("seconds", profile.seconds())
                .value("lateIterations", profile.lateIterations())
                .value("lateSamples", profile.split().lateSamples())
                .value("onTimeSamples", profile.split().onTimeSamples());
        json.name("frames").beginArray(false);
        for (TailFrame frame : profile.top()) {
            json.beginObject().value("frame", frame.frame()).value("deepest", frame.deepest())
                    .value("depth", frame.depth()).value("lateShare", frame.lateShare())
                    .value("onTimeShare", frame.onTimeShare()).value("caller", frame.caller()).endObject();
        }
        json.endArray();
        writeStacks(json, "lateStacks", profile.split().late());
        writeStacks(json, "onTimeStacks", profile.split().onTime());
        profile.flameGraph().ifPresent(file -> json.value("flameGraph", file));
        profile.differential().ifPresent(file -> json.value("differential", file));
        json.endObject();
    }

    /** Writes collapsed stacks as an array of {@code {stack, samples}}, in the map's order. */
    static void writeStacks(JsonWriter json, String name, Map<String, Long> stacks) {
        json.name(name).beginArray(false);
        stacks.forEach((stack, samples) -> json.beginObject().value("stack", stack).value("samples", samples)
                .endObject());
        json.endArray();
    }

    static Optional<TailProfile> read(JsonNode verdict) {
        if (!verdict.has("profile")) {
            return Optional.empty();
        }
        JsonNode profile = verdict.get("profile");
        String engine = profile.text("engine");
        if (profile.has("unavailable")) {
            return Optional.of(TailProfile.unavailable(engine, profile.text("unavailable")));
        }
        List<TailFrame> frames = profile.list("frames").stream().map(frame -> new TailFrame(frame.text("frame"),
                frame.text("deepest"), frame.integer("depth"), frame.number("lateShare"),
                frame.numberOrNaN("onTimeShare"), frame.text("caller"))).toList();
        // lateSamples and onTimeSamples are written for readers of the file: the stacks' samples add up to them
        TailSplit split = new TailSplit(readStacks(profile, "lateStacks"), readStacks(profile, "onTimeStacks"));
        return Optional.of(new TailProfile(engine, Optional.empty(), profile.text("late"), profile.number("seconds"),
                profile.integer("lateIterations"), split, frames,
                profile.has("flameGraph") ? Optional.of(profile.text("flameGraph")) : Optional.empty(),
                profile.has("differential") ? Optional.of(profile.text("differential")) : Optional.empty()));
    }

    /** Reads what {@link #writeStacks} writes, a member of {@code profile}. */
    static Map<String, Long> readStacks(JsonNode profile, String name) {
        Map<String, Long> stacks = new LinkedHashMap<>();
        for (JsonNode stack : profile.list(name)) {
            stacks.put(stack.text("stack"), stack.whole("samples"));
        }
        return stacks;
    }
}
