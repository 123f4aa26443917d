package org.jlbh.junit.internal.report.result;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Stream;

/** The machine and JVM this test run is on, as its results record them. Stateless; thread-safe. */
final class CurrentEnvironment {
    /** The CPU's model name: Linux's {@code /proc/cpuinfo}, Windows' processor identifier, else the architecture. */
    private static final String CPU = cpuModel();

    private CurrentEnvironment() {
    }

    static ResultSnapshot.Environment read() {
        return new ResultSnapshot.Environment(Instant.now().toString(), System.getProperty("java.version"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                System.getProperty("java.vendor"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"), System.getProperty("os.arch"),
                CPU, Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(),
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            Optional<String> model = lines.filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim()).findFirst();
            if (model.isPresent()) {
                return model.get();
            }
        } catch (IOException | RuntimeException noProcFileSystem) {
            // not Linux, or hidden: below
        }
        String identifier = System.getenv("PROCESSOR_IDENTIFIER");
        return identifier != null ? identifier : System.getProperty("os.arch");
    }
}
