package org.jlbh.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Describes the machine a benchmark ran on: JDK, CPU, cores and Linux clocksource. */
final class Machine {

    private Machine() {
    }

    static String describe() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + "; CPU " + cpu().orElse("unknown") + "; " + Runtime.getRuntime().availableProcessors() + " cores"
                + "; clocksource " + read("/sys/devices/system/clocksource/clocksource0/current_clocksource").orElse("unknown");
    }

    private static Optional<String> cpu() {
        return read("/proc/cpuinfo").flatMap(text -> text.lines().filter(line -> line.startsWith("model name"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim()).findFirst());
    }

    private static Optional<String> read(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file)).trim());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
