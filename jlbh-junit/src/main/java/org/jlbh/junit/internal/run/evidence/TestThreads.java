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
import java.util.Set;

/**
 * The test's own other threads (a lock's holder, a server answering the harness), whose CPU time the harness threads
 * read while they wait for a CPU ({@link SchedulerEvidence#codesWaitSince(int)}): the Java threads alive at
 * {@link #find()} in the harness thread's top thread group, but not the tool's ({@code jlbh...}), the Flight
 * Recorder's ({@code JFR ...}) or those alive when JUnit discovered the tests ({@link #noteLaunchersThreads()}), each
 * matched to its Linux task by its name's first {@value #TASK_NAME_BYTES} bytes. None where there are more than
 * {@value #MOST} or no {@code /proc}. Immutable; each harness thread opens its own {@link Cpu} to read them.
 */
public final class TestThreads {
    /** The most threads read; with more, none are. */
    public static final int MOST = 8;
    /** How much of a thread's name Linux keeps as its task's name, in bytes. */
    static final int TASK_NAME_BYTES = 15;
    private static final TestThreads NONE = new TestThreads(new int[0]);
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final String TOOLS_PREFIX = "jlbh";
    private static final String FLIGHT_RECORDERS_PREFIX = "JFR ";
    /** Null until noted. */
    private static volatile Noted launchers;

    private final int[] tasks;

    private TestThreads(int[] tasks) {
        this.tasks = tasks;
    }

    /** Notes the threads alive now as the launcher's, once per JVM: when JUnit has discovered the tests. */
    public static void noteLaunchersThreads() {
        if (launchers == null) {
            synchronized (TestThreads.class) {
                if (launchers == null) {
                    launchers = Noted.now();
                }
            }
        }
    }

    /** @return the test's own other threads, found from the calling harness thread; allocates */
    public static TestThreads find() {
        noteLaunchersThreads();
        return find(launchers);
    }

    /** @return as {@link #find()}, the threads and tasks {@code before} not being the test's */
    static TestThreads find(Noted before) {
        Thread harness = Thread.currentThread();
        ThreadGroup group = topGroup(harness);
        if (group == null || group.getParent() == null) {
            return NONE;
        }
        Set<String> wanted = new HashSet<>();
        for (Thread thread : threadsOf(group)) {
            if (thread != harness && !before.threads.contains(thread.getId())
                    && !thread.getName().startsWith(TOOLS_PREFIX)
                    && !thread.getName().startsWith(FLIGHT_RECORDERS_PREFIX)) {
                wanted.add(taskName(thread.getName()));
            }
        }
        if (wanted.isEmpty()) {
            return NONE;
        }
        List<Integer> found = new ArrayList<>();
        try {
            for (int id : liveTasks()) {
                if (!before.tasks.contains(id) && wanted.contains(comm(id))) {
                    found.add(id);
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return NONE;
        }
        return found.size() > MOST ? NONE : new TestThreads(found.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * @param baseNanos where the count begins: what the threads read before had run, for a harness thread's column
     * @return the threads' figures, for one harness thread to read; reading allocates nothing
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

    /** @return the name Linux gives a Java thread's task: its first {@value #TASK_NAME_BYTES} bytes */
    static String taskName(String javaName) {
        byte[] bytes = javaName.getBytes(StandardCharsets.UTF_8);
        return new String(bytes, 0, Math.min(bytes.length, TASK_NAME_BYTES), StandardCharsets.UTF_8);
    }

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

    /** @return the thread's group just below the root (the application's), or the root; null once it ended */
    private static ThreadGroup topGroup(Thread thread) {
        ThreadGroup group = thread.getThreadGroup();
        while (group != null && group.getParent() != null && group.getParent().getParent() != null) {
            group = group.getParent();
        }
        return group;
    }

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
                tasks = Set.of(); // find() then finds none either
            }
            return new Noted(threads, tasks);
        }
    }

    /**
     * The CPU time the threads have had, from each one's {@code /proc/self/task/<id>/schedstat}: up to a scheduler tick
     * behind for a thread running while it is read; an ended thread keeps the time last read. Not thread-safe.
     */
    public static final class Cpu implements AutoCloseable {
        /** Reads no threads: always 0. */
        public static final Cpu NONE = new Cpu(new RandomAccessFile[0]);

        private final RandomAccessFile[] files;
        private final long[] last;
        private final byte[] buffer = new byte[128];
        private long base;

        private Cpu(RandomAccessFile[] files) {
            this.files = files;
            this.last = new long[files.length];
        }

        /** @return how many threads it reads */
        public int threads() {
            return files.length;
        }

        /** @return the threads' CPU time so far, from where the count began ({@link #open(long)}); allocates nothing */
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
