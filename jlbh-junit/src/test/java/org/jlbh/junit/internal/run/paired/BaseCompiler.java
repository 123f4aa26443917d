package org.jlbh.junit.internal.run.paired;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Collectors;

/** Compiles a base build's copy of a class, for the paired mode's tests: one source into a folder of its own. */
public final class BaseCompiler {

    private BaseCompiler() {
    }

    /**
     * @param folder    the base's class folder
     * @param file      the source's path under its package folders, e.g. {@code org/example/Hasher.java}
     * @param source    the source
     * @param classPath classes whose locations the source compiles against (this project's and JUnit's, say)
     * @throws IllegalStateException when it does not compile, with javac's messages
     */
    public static void compile(Path folder, String file, String source, Class<?>... classPath) {
        try {
            Files.createDirectories(folder);
            Path sources = Files.createTempDirectory(folder, "src");
            Path path = sources.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, source);
            String locations = Arrays.stream(classPath).map(BaseCompiler::location).distinct()
                    .collect(Collectors.joining(java.io.File.pathSeparator));
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            int status = javac.run(null, null, errors, "-d", folder.toString(), "-cp", locations, path.toString());
            try (var walk = Files.walk(sources)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            if (status != 0) {
                throw new IllegalStateException("javac: " + errors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
