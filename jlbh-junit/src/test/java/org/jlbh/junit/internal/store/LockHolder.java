package org.jlbh.junit.internal.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Another process holding an OS lock on a file, as another JVM writing the same folder would: a child JVM that locks
 * the file, prints {@code locked}, and holds it until it is killed. {@link #stop} stops it with {@code SIGSTOP}, as a
 * debugger or a job control would: it then holds the lock without ever running again.
 */
public final class LockHolder {

    private LockHolder() {
    }

    /** @return a child JVM that holds the file's lock, once it has it */
    public static Process holding(Path file) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process holder = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                LockHolder.class.getName(), file.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String said = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertThat(said).as("the other process locked %s", file).isEqualTo("locked");
        return holder;
    }

    /** Stops the process with {@code SIGSTOP}: it keeps its locks and never runs again until killed. */
    public static void stop(Process process) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-STOP", Long.toString(process.pid())).start();
        assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -STOP").isZero();
    }

    /** Kills the process (a stopped one too) and waits for its end. */
    public static void kill(Process process) throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(60, TimeUnit.SECONDS);
    }

    public static void main(String[] args) throws Exception {
        try (FileChannel file = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            file.lock();
            System.out.println("locked");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
