package org.jlbh.benchmarks.builds;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs builds of a latency test, each in a fresh JVM of its own as a CI build would be, with this JVM's class path
 * and no JVM flag, and reads how each ended. Not thread-safe; one build at a time.
 */
public final class ForkedBuilds {

    /**
     * How one build ended.
     *
     * @param outcome SUCCESSFUL, FAILED or ABORTED (an inconclusive verdict), as JUnit reported it
     * @param message the failure or abort message, on one line
     * @param output  everything the build printed
     */
    public record Build(String outcome, String message, String output) {

        /** @return whether the test failed */
        public boolean failed() {
            return outcome.equals("FAILED");
        }

        /** @return whether the test was aborted: an inconclusive verdict */
        public boolean inconclusive() {
            return outcome.equals("ABORTED");
        }

        /** @return whether the test passed */
        public boolean passed() {
            return outcome.equals("SUCCESSFUL");
        }
    }

    /** Told what a build does while it runs, on the thread that runs it. */
    public interface Watcher {
        /** Nothing to watch. */
        Watcher NONE = (process, line) -> {
        };

        /**
         * @param process the build's JVM
         * @param line    a line it printed
         */
        void printed(Process process, String line);
    }

    private ForkedBuilds() {
    }

    /**
     * @return this code's class path: the class loader's, under {@code exec:java} (whose {@code java.class.path} is
     *         Maven's own), else {@code java.class.path}
     */
    static String classPath() {
        if (ForkedBuilds.class.getClassLoader() instanceof URLClassLoader loader && loader.getURLs().length > 0) {
            List<String> entries = new ArrayList<>();
            for (URL url : loader.getURLs()) {
                try {
                    entries.add(Path.of(url.toURI()).toString());
                } catch (URISyntaxException | IllegalArgumentException notAFile) {
                    // not a file on this machine: no use to a forked JVM
                }
            }
            return String.join(File.pathSeparator, entries);
        }
        return System.getProperty("java.class.path");
    }

    /**
     * @param result where a build writes its JSON result
     * @return the result, or empty when the build wrote none
     */
    public static String readResult(Path result) throws IOException {
        return Files.exists(result) ? Files.readString(result) : "";
    }

    /**
     * @param variant    what the test body does
     * @param parameters JUnit configuration parameters
     * @return how the build of {@link HashBody} ended
     */
    public static Build run(HashBody.Variant variant, Map<String, String> parameters) {
        return run(HashBody.class, "hash", Map.of(HashBody.VARIANT, variant.name()), parameters, Watcher.NONE);
    }

    /**
     * @param fixture    the class of the latency test
     * @param method     the latency test method's name
     * @param properties system properties for the build's JVM
     * @param parameters JUnit configuration parameters
     * @param watcher    told each line the build prints, as it prints it
     * @return how the build ended
     */
    public static Build run(Class<?> fixture, String method, Map<String, String> properties,
                            Map<String, String> parameters, Watcher watcher) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-cp", classPath(), LatencyBuild.class.getName(),
                fixture.getName(), method));
        parameters.forEach((key, value) -> command.add(key + "=" + value));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            StringBuilder output = new StringBuilder();
            String outcome = "ABORTED";
            String message = "the build printed no outcome";
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = reader.readLine()) != null; ) {
                    output.append(line).append('\n');
                    watcher.printed(process, line);
                    if (line.startsWith("OUTCOME ")) {
                        outcome = line.substring(8);
                    } else if (line.startsWith("MESSAGE ")) {
                        message = line.substring(8);
                    }
                }
            }
            process.waitFor();
            return new Build(outcome, message, output.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a build ran", e);
        }
    }
}
