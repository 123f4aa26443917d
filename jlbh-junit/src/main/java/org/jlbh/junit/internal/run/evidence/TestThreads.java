package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The test's own other threads: the threads of this JVM a test started (a lock's holder, a server answering the
 * harness), found by name among Linux's tasks of the process, so that the harness thread's readings can say how long
 * they ran on a CPU while it waited for one ({@link SchedulerEvidence#codesWaitSince(int)}).
 *
 * <p>Which threads: the Java threads alive when {@link #find()} is called, in the harness thread's own top thread group
 * (not the JVM's), but not the harness's or this tool's (named {@code jlbh...}), nor the Flight Recorder's (named
 * {@code JFR ...}), nor those already alive when JUnit finished discovering the tests: the launcher's and the build
 * tool's ({@link #noteLaunchersThreads()}; where that was not noted, those alive at the first {@link #find()}). Each is
 * matched to its Linux task by the name HotSpot gives a thread when it starts to run (its Java name's first
 * {@value #TASK_NAME_BYTES} bytes), among the tasks not there when the launcher's threads were noted. A thread that has
 * not run yet, was renamed after it started, or started after {@code find()} is not found. None are read where there
 * are more than {@value #MOST} (each adds about 0.5 µs to a reading), or where {@code /proc} does not list the process's
 * tasks (another OS): {@link #whyNone()} says why.
 *
 * <p>Immutable; thread-safe. Each harness thread opens its own {@link Cpu} to read them.
 */
public final class TestThreads {
    /** The most threads read; with more, none are. */
    public static final int MOST = 8;
    /** How much of a thread's name Linux keeps as its task's name, in bytes. */
    static final int TASK_NAME_BYTES = 15;
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final String TOOLS_PREFIX = "jlbh";
    /** The Flight Recorder's own Java threads ({@code JFR Periodic Tasks}), started in the thread group of its user. */
    private static final String FLIGHT_RECORDERS_PREFIX = "JFR ";
    /** The launcher's Java threads and the tasks alive then, noted once; null until noted. */
    private static volatile Noted launchers;

    private final int[] tasks;
    private final List<String> names;
    private final String none;

    private TestThreads(int[] tasks, List<String> names, String none) {
        this.tasks = tasks;
        this.names = List.copyOf(names);
        this.none = none;
    }

    /**
     * @param why why no threads are read
     * @return no threads
     */
    public static TestThreads none(String why) {
        return new TestThreads(new int[0], List.of(), why);
    }

    /** @return how many threads are read */
    public int count() {
        return tasks.length;
    }

    /** @return the threads' names, as found */
    public List<String> names() {
        return names;
    }

    /** @return why none are read, when they are not; else empty */
    public String whyNone() {
        return none == null ? "" : none;
    }

    /**
     * Notes the threads alive now as the launcher's, once per JVM: called when JUnit has discovered the tests, before
     * any test class runs.
     */
    public static void noteLaunchersThreads() {
        if (launchers == null) {
            synchronized (TestThreads.class) {
                if (launchers == null) {
                    launchers = Noted.now();
                }
            }
        }
    }

    /**
     * Finds the test's own other threads, from the calling harness thread; allocates, so not while measuring.
     *
     * @return them, or none saying why
     */
    public static TestThreads find() {
        noteLaunchersThreads();
        return find(launchers);
    }

    /**
     * @param before the threads and tasks that are not the test's
     * @return the test's own other threads: those alive now but not before, as {@link #find()} finds them
     */
    static TestThreads find(Noted before) {
        Thread harness = Thread.currentThread();
        ThreadGroup group = topGroup(harness);
        if (group == null || group.getParent() == null) {
            return none("the harness thread is not in an application's thread group");
        }
        Set<String> wanted = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (Thread thread : threadsOf(group)) {
            if (thread != harness && !before.threads.contains(thread.getId())
                    && !thread.getName().startsWith(TOOLS_PREFIX)
                    && !thread.getName().startsWith(FLIGHT_RECORDERS_PREFIX)) {
                wanted.add(taskName(thread.getName()));
                names.add(thread.getName());
            }
        }
        if (wanted.isEmpty()) {
            return none("");
        }
        List<Integer> found = new ArrayList<>();
        try {
            for (int id : liveTasks()) {
                if (!before.tasks.contains(id) && wanted.contains(comm(id))) {
                    found.add(id);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return none("the process's tasks could not be read (" + unreadable + ")");
        }
        if (found.size() > MOST) {
            return none(String.format(Locale.ROOT, "the test has %d threads of its own, more than the %d read between "
                    + "iterations", found.size(), MOST));
        }
        names.sort(null);
        return new TestThreads(found.stream().mapToInt(Integer::intValue).toArray(), names, null);
    }

    /**
     * Opens the threads' figures for one harness thread to read.
     *
     * @param baseNanos where their count begins: what the threads read before them had run, so that a harness
     *                  thread's column of it goes on where it was
     * @return them; reading allocates nothing
     */
    public Cpu open(long baseNanos) {
        List<RandomAccessFile> files = new ArrayList<>();
        for (int task : tasks) {
            try {
                files.add(new RandomAccessFile(TASKS.resolve(task + "/schedstat").toFile(), "r"));
            } catch (IOException ended) {
                // the thread has ended since it was found: it runs no more
            }
        }
        Cpu cpu = new Cpu(files.toArray(new RandomAccessFile[0]));
        cpu.base = baseNanos - cpu.nanos();
        return cpu;
    }

    /** The name Linux gives a Java thread's task: its first {@value #TASK_NAME_BYTES} bytes. */
    static String taskName(String javaName) {
        byte[] bytes = javaName.getBytes(StandardCharsets.UTF_8);
        return new String(bytes, 0, Math.min(bytes.length, TASK_NAME_BYTES), StandardCharsets.UTF_8);
    }

    /** @return the ids of the process's Linux tasks alive now */
    private static Set<Integer> liveTasks() throws IOException {
        Set<Integer> tasks = new HashSet<>();
        try (DirectoryStream<Path> list = Files.newDirectoryStream(TASKS)) {
            for (Path task : list) {
                tasks.add(Integer.parseInt(task.getFileName().toString()));
            }
        }
        return tasks;
    }

    /** @return the task's name, or empty when it has ended */
    private static String comm(int task) {
        try {
            return Files.readString(TASKS.resolve(task + "/comm"), StandardCharsets.UTF_8).strip();
        } catch (IOException ended) {
            return "";
        }
    }

    /**
     * @return the thread's group just below the JVM's root group (the application's, not the JVM's own), or the root
     *         group for a thread in it, or null when the thread has ended
     */
    private static ThreadGroup topGroup(Thread thread) {
        ThreadGroup group = thread.getThreadGroup();
        while (group != null && group.getParent() != null && group.getParent().getParent() != null) {
            group = group.getParent();
        }
        return group;
    }

    /** @return the live threads in the group and its subgroups (none for null), without stopping the JVM */
    private static List<Thread> threadsOf(ThreadGroup group) {
        if (group == null) {
            return List.of();
        }
        Thread[] threads = new Thread[group.activeCount() + 16];
        int n;
        while ((n = group.enumerate(threads, true)) == threads.length) {
            threads = new Thread[threads.length * 2];
        }
        return Arrays.asList(threads).subList(0, n);
    }

    /** The Java threads (ids) and Linux tasks alive at a moment: not the test's. */
    record Noted(Set<Long> threads, Set<Integer> tasks) {
        /** @return those alive now */
        static Noted now() {
            ThreadGroup root = Thread.currentThread().getThreadGroup();
            while (root != null && root.getParent() != null) {
                root = root.getParent();
            }
            Set<Long> threads = new HashSet<>();
            for (Thread thread : threadsOf(root)) {
                threads.add(thread.getId());
            }
            Set<Integer> tasks;
            try {
                tasks = liveTasks();
            } catch (IOException | RuntimeException unreadable) {
                tasks = Set.of(); // find() then finds no tasks to read either
            }
            return new Noted(threads, tasks);
        }
    }

    /**
     * The CPU time the threads have had so far, from each one's {@code /proc/self/task/<id>/schedstat}: brought up to
     * date by the kernel when a thread leaves its CPU and at each scheduler tick, so up to a tick (1-4 ms) behind for
     * a thread running while it is read. A thread that has ended keeps the time last read. Not thread-safe: one
     * thread at a time reads it (the harness thread while it measures).
     */
    public static final class Cpu implements AutoCloseable {
        /** Reads no threads: always 0. */
        public static final Cpu NONE = new Cpu(new RandomAccessFile[0]);

        private final RandomAccessFile[] files;
        private final long[] last;
        private final byte[] buffer = new byte[128];
        /** Added to what the threads read: where the count began. */
        private long base;

        private Cpu(RandomAccessFile[] files) {
            this.files = files;
            this.last = new long[files.length];
        }

        /** @return how many threads it reads */
        public int threads() {
            return files.length;
        }

        /**
         * @return the threads' CPU time so far, added up, from where the count began ({@link #open(long)}), in
         *         nanoseconds; allocates nothing
         */
        public long nanos() {
            long sum = base;
            for (int i = 0; i < files.length; i++) {
                long read = read(files[i]);
                if (read >= 0) {
                    last[i] = read;
                }
                sum += last[i];
            }
            return sum;
        }

        private long read(RandomAccessFile file) {
            try {
                file.seek(0);
                int length = file.read(buffer, 0, buffer.length);
                long value = -1;
                for (int at = 0; at < length && buffer[at] >= '0' && buffer[at] <= '9'; at++) {
                    value = (value < 0 ? 0 : value * 10) + buffer[at] - '0';
                }
                return value;
            } catch (IOException ended) {
                return -1;
            }
        }

        @Override
        public void close() {
            for (RandomAccessFile file : files) {
                try {
                    file.close();
                } catch (IOException ignored) {
                    // nothing to do
                }
            }
        }
    }
}
