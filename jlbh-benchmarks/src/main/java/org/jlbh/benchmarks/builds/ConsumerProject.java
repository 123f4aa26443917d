package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A consumer project as a user writes it (the resource folder {@code consumer-project}: a pom depending on the
 * installed {@code org.jlbh:jlbh-junit}, JUnit and logback, and latency tests of a hash, a serialiser and a logger),
 * written out to a folder and built the way users build: {@code mvn test} (Surefire forks a fresh JVM) or JUnit's
 * ConsoleLauncher ({@code java -jar junit-platform-console-standalone.jar execute}), each build a fresh JVM, under a
 * JDK of choice. Not thread-safe; one build at a time.
 */
public final class ConsumerProject {
    /** The project's files, under the resource folder. */
    private static final List<String> FILES = List.of("pom.xml", "src/test/resources/logback-test.xml",
            "src/test/java/com/example/latency/Bodies.java", "src/test/java/com/example/latency/HashTest.java",
            "src/test/java/com/example/latency/HashTailTest.java",
            "src/test/java/com/example/latency/SerialiserTest.java",
            "src/test/java/com/example/latency/SerialiserTailTest.java",
            "src/test/java/com/example/latency/LoggerTest.java", "src/test/java/com/example/latency/EmptyTest.java",
            "src/test/java/com/example/latency/GatedHashTest.java",
            "src/test/java/com/example/latency/PairedHashTest.java",
            "src/test/java/com/example/latency/PairedVariant.java", "src/test/java/com/example/latency/CardTest.java",
            "src/test/java/com/example/latency/SlowRateTest.java",
            "src/test/java/com/example/latency/SizedHashTest.java",
            "src/test/java/com/example/latency/SizedHashTailTest.java");
    /** The paired builds' version class, under the test classes. */
    private static final Path VARIANT_CLASS = Path.of("com", "example", "latency", "PairedVariant.class");
    /** How long a build may take before it is given up on. */
    private static final long BUILD_TIMEOUT_SECONDS = 600;

    /** How a build is launched. */
    public enum Launcher {
        /** {@code mvn -o -q test -Dtest=...}: Surefire 3.5.2, in a fresh forked JVM. */
        MAVEN("mvn test"),
        /** {@code java -jar junit-platform-console-standalone.jar execute --select-class ...}. */
        CONSOLE("ConsoleLauncher");

        private final String label;

        Launcher(String label) {
            this.label = label;
        }

        /** @return how the README names it */
        public String label() {
            return label;
        }
    }

    /**
     * How one build ended.
     *
     * @param exitCode the launcher's exit code
     * @param output   everything it printed
     * @param result   the test's JSON result, or empty when it wrote none
     * @param seconds  how long the build took, launcher and all
     */
    public record Build(int exitCode, String output, String result, double seconds) {
    }

    private final Path root;
    private final String testClassPath;
    private final Path consoleJar;

    private ConsumerProject(Path root, String testClassPath, Path consoleJar) {
        this.root = root;
        this.testClassPath = testClassPath;
        this.consoleJar = consoleJar;
    }

    /**
     * Writes the project out and compiles it once (the tests' class files serve every JDK: release 17), then fetches
     * the ConsoleLauncher and the test class path without JUnit, which the standalone launcher brings itself.
     *
     * @param root         where to write it; emptied first
     * @param jlbhVersion  the installed jlbh-junit's version
     * @param junitVersion JUnit's version (the ConsoleLauncher is the same release's)
     * @return the project, ready to build
     */
    public static ConsumerProject prepare(Path root, String jlbhVersion, String junitVersion) throws IOException {
        deleteTree(root);
        for (String file : FILES) {
            String text = resource(file).replace("@JLBH_VERSION@", jlbhVersion)
                    .replace("@JUNIT_VERSION@", junitVersion);
            Path target = root.resolve(file);
            Files.createDirectories(target.getParent());
            Files.writeString(target, text);
        }
        return new ConsumerProject(root, compileForLauncher(root, junitVersion), launcherJar(root));
    }

    /**
     * Compiles a project written out at {@code root}, and fetches the ConsoleLauncher ({@link #launcherJar}) and the
     * project's test class path.
     *
     * @return the test class path without JUnit, which the standalone launcher brings itself
     * @throws IOException when the project does not build
     */
    static String compileForLauncher(Path root, String junitVersion) throws IOException {
        String platform = "1." + junitVersion.substring(junitVersion.indexOf('.') + 1);
        Build prepared = run(root, List.of("mvn", "-B", "-q", "test-compile", "dependency:build-classpath",
                "-Dmdep.outputFile=target/test-classpath.txt", "-Dmdep.includeScope=test",
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy",
                "-Dartifact=org.junit.platform:junit-platform-console-standalone:" + platform,
                "-DoutputDirectory=target/console", "-Dmdep.stripVersion=true"), Map.of());
        if (prepared.exitCode() != 0) {
            throw new IOException("the consumer project " + root + " did not build:\n" + prepared.output());
        }
        String withoutJUnit = Arrays.stream(Files.readString(root.resolve("target/test-classpath.txt")).trim()
                        .split(java.io.File.pathSeparator))
                .filter(entry -> !entry.contains("/org/junit/") && !entry.contains("/org/opentest4j/")
                        && !entry.contains("/org/apiguardian/"))
                .collect(Collectors.joining(java.io.File.pathSeparator));
        return root.resolve("target/test-classes") + java.io.File.pathSeparator + withoutJUnit;
    }

    /** @return the ConsoleLauncher {@link #compileForLauncher} fetched */
    static Path launcherJar(Path root) {
        return root.resolve("target/console/junit-platform-console-standalone.jar");
    }

    /**
     * Builds one test class, in a fresh JVM.
     *
     * @param launcher   how
     * @param javaHome   the JDK
     * @param testClass  the test class's simple name, in {@code com.example.latency}
     * @param reportDir  where its reports go (emptied first)
     * @param parameters JUnit configuration parameters besides the report folder ({@code -D} to Maven,
     *                   {@code --config} to the ConsoleLauncher)
     * @return how it ended
     */
    public Build build(Launcher launcher, Path javaHome, String testClass, Path reportDir,
                       Map<String, String> parameters) throws IOException {
        return build(launcher, javaHome, testClass, reportDir, parameters, Map.of());
    }

    /**
     * Builds one test class, in a fresh JVM, with environment variables of its own (the tests' JVM inherits them
     * through either launcher).
     *
     * @param launcher    how
     * @param javaHome    the JDK
     * @param testClass   the test class's simple name, in {@code com.example.latency}
     * @param reportDir   where its reports go (emptied first)
     * @param parameters  JUnit configuration parameters besides the report folder
     * @param environment environment variables for the build, e.g. {@code HASH_VARIANT}
     * @return how it ended
     */
    public Build build(Launcher launcher, Path javaHome, String testClass, Path reportDir,
                       Map<String, String> parameters, Map<String, String> environment) throws IOException {
        deleteTree(reportDir);
        Files.createDirectories(reportDir);
        String className = "com.example.latency." + testClass;
        List<String> command = new ArrayList<>();
        if (launcher == Launcher.MAVEN) {
            command.addAll(List.of("mvn", "-B", "-o", "-q", "test", "-Dtest=" + testClass,
                    "-Djlbh.report.dir=" + reportDir));
            parameters.forEach((key, value) -> command.add("-D" + key + "=" + value));
        } else {
            command.addAll(List.of(javaHome.resolve("bin/java").toString(), "-jar", consoleJar.toString(), "execute",
                    "--disable-banner", "--details=summary", "--class-path", testClassPath, "--select-class",
                    className, "--config", "jlbh.report.dir=" + reportDir));
            parameters.forEach((key, value) -> command.addAll(List.of("--config", key + "=" + value)));
        }
        Map<String, String> variables = new java.util.HashMap<>(environment);
        variables.put("JAVA_HOME", javaHome.toString());
        Build build = run(root, command, variables);
        Path result = reportDir.resolve(className + "." + method(testClass) + ".json");
        String json = Files.exists(result) ? Files.readString(result) : "";
        return new Build(build.exitCode(), build.output(), json, build.seconds());
    }

    /**
     * @return the base's test classes for the paired builds: a copy of the test classes as compiled (the unchanged
     *         version), made the first time; call it before {@link #useVariant}
     */
    public Path pairedBase() throws IOException {
        Path base = root.resolve("target/base-classes");
        if (!Files.exists(base)) {
            Path classes = root.resolve("target/test-classes");
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.toList()) {
                    Path copy = base.resolve(classes.relativize(file).toString());
                    if (Files.isDirectory(file)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(file, copy);
                    }
                }
            }
        }
        return base;
    }

    /**
     * Makes the change's test classes the given version of the paired builds' hash: puts that version's
     * {@code PairedVariant} class file in them, compiled the first time it is asked for.
     *
     * @param version {@code unchanged}, {@code slower} or {@code tail}
     */
    public void useVariant(String version) throws IOException {
        Path compiled = root.resolve("target/variants").resolve(version);
        if (!Files.exists(compiled.resolve(VARIANT_CLASS))) {
            Path source = root.resolve("target/variant-sources").resolve(version)
                    .resolve("com/example/latency/PairedVariant.java");
            Files.createDirectories(source.getParent());
            Files.writeString(source, resource("src/test/java/com/example/latency/PairedVariant.java")
                    .replace("return \"unchanged\";", "return \"" + version + "\";"));
            Build built = run(root, List.of("javac", "--release", "17", "-d", compiled.toString(), source.toString()),
                    Map.of());
            if (built.exitCode() != 0) {
                throw new IOException("the variant " + version + " did not compile:\n" + built.output());
            }
        }
        Files.copy(compiled.resolve(VARIANT_CLASS), root.resolve("target/test-classes").resolve(VARIANT_CLASS),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** @return a file of the project, as the resources hold it */
    private static String resource(String file) throws IOException {
        try (InputStream in = ConsumerProject.class.getResourceAsStream("/consumer-project/" + file)) {
            if (in == null) {
                throw new IOException("no resource consumer-project/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** @return the JDK: "17" the default JDK this runs on when it is 17, else the newest of that version installed */
    public static Path javaHome(String jdk) {
        Path self = Path.of(System.getProperty("java.home"));
        if (System.getProperty("java.specification.version").equals(jdk)) {
            return self;
        }
        try (Stream<Path> installed = Files.list(Path.of("/usr/lib/jvm"))) {
            return installed.filter(home -> home.getFileName().toString().matches(".*-" + jdk + "(\\D.*)?"))
                    .filter(home -> Files.isExecutable(home.resolve("bin/java"))).sorted().reduce((a, b) -> b)
                    .orElseThrow(() -> new IllegalArgumentException("no JDK " + jdk + " under /usr/lib/jvm"));
        } catch (IOException e) {
            throw new IllegalArgumentException("no JDK " + jdk + " under /usr/lib/jvm", e);
        }
    }

    /** @return the latency test method of a test class of the project */
    private static String method(String testClass) {
        return testClass.startsWith("Hash") || testClass.startsWith("GatedHash") || testClass.startsWith("PairedHash")
                || testClass.startsWith("SizedHash") || testClass.equals("CardTest") || testClass.equals("SlowRateTest")
                ? "hash"
                : testClass.startsWith("Serialiser") ? "serialise"
                : testClass.startsWith("Empty") ? "empty" : "log";
    }

    /**
     * @return how a command ended, run in a folder with environment variables of its own, its output and seconds;
     *         given up on after {@value #BUILD_TIMEOUT_SECONDS} s
     */
    static Build run(Path directory, List<String> command, Map<String, String> environment)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        long started = System.nanoTime();
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        try {
            if (!process.waitFor(BUILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("a build took over " + BUILD_TIMEOUT_SECONDS + " s: " + command);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while a build ran", e);
        }
        return new Build(process.exitValue(), new String(output, StandardCharsets.UTF_8), "",
                (System.nanoTime() - started) / 1e9);
    }

    /**
     * Ends processes started beside a build, and what they started, then waits for each to end, at most
     * {@code waitSeconds} each; returns at once, the thread's interrupt kept, when interrupted.
     */
    static void stopAll(List<Process> processes, long waitSeconds) {
        for (Process process : processes) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (Process process : processes) {
            try {
                process.waitFor(waitSeconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Deletes a folder and everything in it, if it exists. */
    static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (var paths = Files.walk(folder)) {
            for (Path path : paths.sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
