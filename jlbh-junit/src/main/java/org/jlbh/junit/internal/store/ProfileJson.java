package org.jlbh.junit.internal.store;

import org.jlbh.junit.internal.profile.ChangeAgainstBase;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.Comparison;
import org.jlbh.junit.internal.profile.GrownFrame;
import org.jlbh.junit.internal.profile.LateAgainstOnTime;
import org.jlbh.junit.internal.profile.TailFrame;
import org.jlbh.junit.internal.profile.TailSplit;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The profiles' members of the {@value ResultJson#FORMAT} format, each there only where the test was profiled
 * ({@code jlbh.profile}): the verdict's {@code profile}, where the late iterations spent their time, and the
 * {@code paired} member's {@code growth}, where the change spent more time than its base. Both hold the
 * {@code engine}, then either why there is no profile ({@code unavailable}), or what was found, its ranked
 * {@code frames} and the flame graphs' files. Shares are from 0 to 1 (an on-time share null where too few on-time
 * samples were taken); times in microseconds a call (a growth frame's own time, with its {@code way} from the test
 * method and {@code inJdk}, the JDK's frames under it its time grew the most in, or none); stacks collapsed
 * ({@code Test.method;Pricer.quote}, the outermost frame first), each with its samples. Stateless; thread-safe.
 */
final class ProfileJson {

    private ProfileJson() {
    }

    static void writeTail(JsonWriter json, CodeProfile<LateAgainstOnTime> profile) {
        write(json, "profile", profile, late -> {
            json.value("late", late.late()).value("seconds", profile.seconds())
                    .value("lateIterations", late.lateIterations())
                    .value("lateSamples", late.split().lateSamples())
                    .value("onTimeSamples", late.split().onTimeSamples());
            json.objects("frames", late.top(), (member, frame) -> member.value("frame", frame.frame())
                    .value("deepest", frame.deepest()).value("depth", frame.depth())
                    .value("lateShare", frame.lateShare()).value("onTimeShare", frame.onTimeShare())
                    .value("caller", frame.caller()));
            writeStacks(json, "lateStacks", late.split().late());
            writeStacks(json, "onTimeStacks", late.split().onTime());
        });
    }

    static void writeGrowth(JsonWriter json, CodeProfile<ChangeAgainstBase> growth) {
        write(json, "growth", growth, calls -> {
            json.value("seconds", growth.seconds());
            json.objects("frames", calls.top(), (member, frame) -> member.value("frame", frame.frame())
                    .value("changeMicros", frame.changeMicros()).value("baseMicros", frame.baseMicros())
                    .value("errorMicros", frame.errorMicros())
                    .array("way", true, frame.way(), JsonWriter::string)
                    .array("inJdk", true, frame.inJdk(), JsonWriter::string));
            writeSide(json, "change", calls.change());
            writeSide(json, "base", calls.base());
        });
    }

    static Optional<CodeProfile<LateAgainstOnTime>> readTail(JsonNode verdict) {
        return read(verdict, "profile", LateAgainstOnTime.NONE, profile -> new LateAgainstOnTime(
                profile.text("late"), profile.integer("lateIterations"),
                // lateSamples and onTimeSamples are for readers of the file: the stacks' samples add up to them
                new TailSplit(readStacks(profile, "lateStacks"), readStacks(profile, "onTimeStacks")),
                profile.list("frames", frame -> new TailFrame(frame.text("frame"), frame.text("deepest"),
                        frame.integer("depth"), frame.number("lateShare"), frame.numberOrNaN("onTimeShare"),
                        frame.text("caller")))));
    }

    static Optional<CodeProfile<ChangeAgainstBase>> readGrowth(JsonNode paired) {
        return read(paired, "growth", ChangeAgainstBase.NONE, growth -> new ChangeAgainstBase(
                readSide(growth.get("change")), readSide(growth.get("base")),
                growth.list("frames", frame -> new GrownFrame(frame.text("frame"), frame.number("changeMicros"),
                        frame.number("baseMicros"), frame.number("errorMicros"),
                        frame.texts("way"), frame.texts("inJdk")))));
    }

    /** Writes a profile's member: what only its comparison has between the engine and the files. */
    private static <C extends Comparison> void write(JsonWriter json, String name, CodeProfile<C> profile,
                                                     Consumer<C> compared) {
        json.name(name).beginObject().value("engine", profile.engine());
        if (profile.unavailable().isPresent()) {
            json.value("unavailable", profile.unavailable().get());
        } else {
            compared.accept(profile.compared());
            profile.flameGraph().ifPresent(file -> json.value("flameGraph", file));
            profile.differential().ifPresent(file -> json.value("differential", file));
        }
        json.endObject();
    }

    private static <C extends Comparison> Optional<CodeProfile<C>> read(JsonNode parent, String name, C none,
                                                                        Function<JsonNode, C> compared) {
        return parent.optional(name, profile -> profile.has("unavailable")
                ? CodeProfile.unavailable(profile.text("engine"), profile.text("unavailable"), none)
                : new CodeProfile<>(profile.text("engine"), Optional.empty(), profile.number("seconds"),
                        compared.apply(profile), profile.optionalText("flameGraph"),
                        profile.optionalText("differential")));
    }

    /** Writes a side of the growth profile: its calls, sampling period (nanoseconds), samples and stacks. */
    private static void writeSide(JsonWriter json, String name, ChangeAgainstBase.Side side) {
        json.name(name).beginObject().value("calls", side.calls()).value("periodNanos", side.periodNanos())
                .value("samples", side.samples());
        writeStacks(json, "stacks", new TreeMap<>(side.stacks()));
        json.endObject();
    }

    /** Reads a side; its {@code samples} are for readers of the file: the stacks' samples add up to them. */
    private static ChangeAgainstBase.Side readSide(JsonNode side) {
        return new ChangeAgainstBase.Side(readStacks(side, "stacks"), side.whole("calls"), side.number("periodNanos"));
    }

    /** Writes collapsed stacks as an array of {@code {stack, samples}}, in the map's order. */
    private static void writeStacks(JsonWriter json, String name, Map<String, Long> stacks) {
        json.objects(name, stacks.entrySet(), (member, stack) -> member.value("stack", stack.getKey())
                .value("samples", stack.getValue()));
    }

    private static Map<String, Long> readStacks(JsonNode node, String name) {
        return node.list(name, stack -> stack).stream().collect(Collectors.toMap(stack -> stack.text("stack"),
                stack -> stack.whole("samples"), (earlier, later) -> later, LinkedHashMap::new));
    }
}
