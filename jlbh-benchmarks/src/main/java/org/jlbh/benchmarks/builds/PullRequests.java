package org.jlbh.benchmarks.builds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A consumer project made a git repository with pull requests, and each pull request checked out as docs/ci.md's
 * pull-request job has it: the change's clone and, beside the first, the base's worktree ({@code base}, main) built
 * with its test class path by the recipe's own command. Each build is the recipe's latency step in a change's checkout,
 * a fresh JVM: {@code mvn -B test -Dgroups=latency -Djlbh.paired.base=...}, or JUnit's ConsoleLauncher given the base
 * the same way, its class path the change's classes and dependencies without JUnit's jars, which the standalone launcher
 * brings itself. Not thread-safe; one build at a time.
 */
final class PullRequests {
    /** As docs/ci.md names the base to the latency step, from the change's checkout. */
    static final String PAIRED_BASE = "../base/target/test-classes:../base/target/classes:"
            + "@../base/target/jlbh-base.classpath";
    private static final String IDENTITY = "-c user.name=bench -c user.email=bench@example.com";

    /** A change to the developer's checkout, made before it is committed as a pull request. */
    @FunctionalInterface
    interface Edit {
        void apply(Path checkout) throws IOException;
    }

    private final Path folder;
    private final Path console;
    private final Map<String, String> classPaths;

    private PullRequests(Path folder, Path console, Map<String, String> classPaths) {
        this.folder = folder;
        this.console = console;
        this.classPaths = classPaths;
    }

    /**
     * Makes {@code work/origin.git}, its main the project's files (its pom's {@code JLBH_VERSION} and
     * {@code JUNIT_VERSION} replaced) and a README, as the integration test ci-recipes makes its repository.
     *
     * @param work    an empty folder, made if missing
     * @param project the consumer project's folder
     * @param readme  the README's text
     * @return the developer's checkout ({@code work/dev}), on main, to branch pull requests from
     */
    static Path repository(Path work, Path project, String readme, String jlbhVersion, String junitVersion)
            throws IOException {
        Files.createDirectories(work);
        Path dev = work.resolve("dev");
        runIn(work, "cp", "-r", project.toString(), dev.toString());
        Path pom = dev.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replace("JLBH_VERSION", jlbhVersion)
                .replace("JUNIT_VERSION", junitVersion));
        Files.writeString(dev.resolve("README.md"), readme);
        git(work, "init -q --bare -b main origin.git");
        git(dev, "init -q -b main");
        git(dev, "add -A");
        git(dev, IDENTITY + " commit -q -m Initial");
        git(dev, "remote add origin " + work.resolve("origin.git"));
        git(dev, "push -q origin main");
        return dev;
    }

    /**
     * Makes a pull request: a branch of main in the developer's checkout, the edit committed on it, pushed.
     *
     * @param dev     the checkout {@link #repository} returned
     * @param name    the branch's name
     * @param message the commit's message, one word
     */
    static void branch(Path dev, String name, String message, Edit edit) throws IOException {
        git(dev, "checkout -q -b " + name + " main");
        edit.apply(dev);
        git(dev, IDENTITY + " commit -q -am " + message);
        git(dev, "push -q origin " + name);
    }

    /**
     * Clones each pull request into {@code work/pull-requests/BRANCH}; beside the first, adds the base's worktree and
     * builds it as docs/ci.md's "Build the base, and write its test class path" does; fetches the ConsoleLauncher of
     * the JUnit release given; compiles each change and writes its test class path.
     *
     * @param work     the folder {@link #repository} was given
     * @param branches the pull requests' branches
     */
    static PullRequests checkOut(Path work, List<String> branches, Path javaHome, String junitVersion)
            throws IOException {
        Path prs = work.resolve("pull-requests");
        Files.createDirectories(prs);
        Map<String, String> classPaths = new LinkedHashMap<>();
        for (String branch : branches) {
            git(prs, "clone -q " + work.resolve("origin.git") + " " + branch);
            Path checkout = prs.resolve(branch);
            git(checkout, "checkout -q " + branch);
            if (branch.equals(branches.get(0))) {
                // docs/ci.md: "Build the base, and write its test class path"
                git(checkout, "worktree add ../base origin/main");
                maven(checkout, javaHome, "-f", "../base/pom.xml", "test-compile",
                        "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath",
                        "-Dmdep.includeScope=test", "-Dmdep.outputFile=target/jlbh-base.classpath");
                String platform = "1." + junitVersion.substring(junitVersion.indexOf('.') + 1);
                maven(checkout, javaHome, "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy",
                        "-Dartifact=org.junit.platform:junit-platform-console-standalone:" + platform,
                        "-DoutputDirectory=" + work.resolve("console"), "-Dmdep.stripVersion=true");
            }
            // the ConsoleLauncher's class path: the change's classes and dependencies, JUnit its own
            maven(checkout, javaHome, "test-compile",
                    "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath",
                    "-Dmdep.includeScope=test", "-Dmdep.outputFile=target/jlbh-change.classpath");
            String dependencies = Arrays.stream(Files.readString(checkout.resolve("target/jlbh-change.classpath"))
                            .trim().split(java.io.File.pathSeparator))
                    .filter(entry -> !entry.contains("/org/junit/") && !entry.contains("/org/opentest4j/")
                            && !entry.contains("/org/apiguardian/"))
                    .collect(Collectors.joining(java.io.File.pathSeparator));
            classPaths.put(branch, "target/test-classes:target/classes:" + dependencies);
        }
        return new PullRequests(prs, work.resolve("console/junit-platform-console-standalone.jar"), classPaths);
    }

    /**
     * The latency step of docs/ci.md in a pull request's checkout, a fresh JVM, its report folder emptied first:
     * {@code mvn -B test -Dgroups=latency -Djlbh.paired.base=...} (every latency test of the project), or the
     * ConsoleLauncher given the base the same way and the test classes named.
     *
     * @param testClasses the latency tests' classes, fully qualified, for the ConsoleLauncher
     * @return how it ended; its result is empty: each test's JSON result is in {@link #reports}
     */
    ConsumerProject.Build build(String branch, ConsumerProject.Launcher launcher, Path javaHome,
                                List<String> testClasses) throws IOException {
        Path checkout = folder.resolve(branch);
        ConsumerProject.deleteTree(reports(branch));
        List<String> command = new ArrayList<>();
        if (launcher == ConsumerProject.Launcher.MAVEN) {
            command.addAll(List.of("mvn", "-B", "test", "-Dgroups=latency", "-Djlbh.paired.base=" + PAIRED_BASE));
        } else {
            command.addAll(List.of(javaHome.resolve("bin/java").toString(), "-jar", console.toString(), "execute",
                    "--disable-banner", "--details=summary", "--class-path", classPaths.get(branch)));
            testClasses.forEach(testClass -> command.addAll(List.of("--select-class", testClass)));
            command.addAll(List.of("--include-tag", "latency", "--config", "jlbh.paired.base=" + PAIRED_BASE));
        }
        return ConsumerProject.run(checkout, command, Map.of("JAVA_HOME", javaHome.toString()));
    }

    /** @return the report folder of a pull request's checkout, where each latency test writes its JSON result */
    Path reports(String branch) {
        return folder.resolve(branch).resolve("target/jlbh-reports");
    }

    /**
     * @return the commit of the working folder's repository, e.g. {@code a7b2af5}, and {@code with uncommitted
     *         changes} after it when its tracked files differ from it: what the jars a campaign installed were built
     *         from, when it runs where they were installed from
     */
    static String sourceCommit() throws IOException {
        return runIn(Path.of(""), "git", "rev-parse", "--short", "HEAD").trim()
                + (runIn(Path.of(""), "git", "status", "--porcelain", "--untracked-files=no").isBlank() ? ""
                : " with uncommitted changes");
    }

    /** Runs git with the arguments given, split at spaces; it must succeed. */
    static void git(Path directory, String arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments.split(" ")));
        runIn(directory, command.toArray(String[]::new));
    }

    private static void maven(Path directory, Path javaHome, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-q"));
        command.addAll(List.of(arguments));
        ConsumerProject.Build built = ConsumerProject.run(directory, command, Map.of("JAVA_HOME",
                javaHome.toString()));
        if (built.exitCode() != 0) {
            throw new IOException(String.join(" ", command) + " failed in " + directory + ":\n" + built.output());
        }
    }

    /** @return the command's output; it must succeed */
    static String runIn(Path directory, String... command) throws IOException {
        ConsumerProject.Build ran = ConsumerProject.run(directory.toAbsolutePath(), List.of(command), Map.of());
        if (ran.exitCode() != 0) {
            throw new IOException(String.join(" ", command) + " failed in " + directory + ":\n" + ran.output());
        }
        return ran.output();
    }
}
