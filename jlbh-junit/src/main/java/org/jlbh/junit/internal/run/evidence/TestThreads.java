package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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
    private static volatile Noted launchers;

    private final int[] tasks;

    private TestThreads(int[] tasks) {
        this.tasks = tasks;
    }

    /** Notes the threads alive now as the launcher's, once per JVM: when JUnit has discovered the tests. */
    public static synchronized void noteLaunchersThreads() {
        if (launchers == null) {
            launchers = Noted.now();
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
        if (group.getParent() == null) {
            return NONE;
        }
        Set<String> wanted = threadsOf(group).stream().filter(thread -> thread != harness
                        && !before.threads.contains(thread.getId()) && !thread.getName().startsWith(TOOLS_PREFIX)
                        && !thread.getName().startsWith(FLIGHT_RECORDERS_PREFIX))
                .map(thread -> taskName(thread.getName())).collect(Collectors.toSet());
        if (wanted.isEmpty()) {
            return NONE;
        }
        int[] found;
        try {
            found = liveTasks().stream().filter(id -> !before.tasks.contains(id) && wanted.contains(comm(id)))
                    .mapToInt(Integer::intValue).toArray();
        } catch (IOException | RuntimeException unreadable) {
            return NONE;
        }
        return found.length > MOST ? NONE : new TestThreads(found);
    }

    /** @return the threads' figures for a harness thread, counting from {@code baseNanos}; reading allocates nothing */
    public Cpu open(long baseNanos) {
        List<ProcFile> files = new ArrayList<>();
        for (int task : tasks) {
            try {
                files.add(new ProcFile(TASKS.resolve(task + "/schedstat").toString()));
            } catch (IOException ended) {
                // the thread has ended since it was found: it runs no more
            }
        }
        Cpu cpu = new Cpu(files.toArray(new ProcFile[0]));
        cpu.base = baseNanos - cpu.nanos();
        return cpu;
    }

    /** @return the name Linux gives a Java thread's task: its first {@value #TASK_NAME_BYTES} bytes */
    static String taskName(String javaName) {
        byte[] bytes = javaName.getBytes(StandardCharsets.UTF_8);
        return new String(bytes, 0, Math.min(bytes.length, TASK_NAME_BYTES), StandardCharsets.UTF_8);
    }

    private static Set<Integer> liveTasks() throws IOException {
        try (Stream<Path> list = Files.list(TASKS)) {
            return list.map(task -> Integer.parseInt(task.getFileName().toString())).collect(Collectors.toSet());
        }
    }

    /** @return the task's name, or empty when it has ended */
    private static String comm(int task) {
        try {
            return Files.readString(TASKS.resolve(task + "/comm"), StandardCharsets.UTF_8).strip();
        } catch (IOException ended) {
            return "";
        }
    }

    /** @return the running thread's group just below the root (the application's), or the root */
    private static ThreadGroup topGroup(Thread thread) {
        ThreadGroup group = thread.getThreadGroup();
        while (group.getParent() != null && group.getParent().getParent() != null) {
            group = group.getParent();
        }
        return group;
    }

    private static List<Thread> threadsOf(ThreadGroup group) {
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
            while (root.getParent() != null) {
                root = root.getParent();
            }
            Set<Long> threads = threadsOf(root).stream().map(Thread::getId).collect(Collectors.toSet());
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
        public static final Cpu NONE = new Cpu(new ProcFile[0]);

        private final ProcFile[] files;
        private final long[] last;
        private long base;

        private Cpu(ProcFile[] files) {
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
                try {
                    long read = files[i].reread().next();
                    if (read >= 0) {
                        last[i] = read;
                    }
                } catch (IOException ended) {
                    // it keeps the time last read
                }
                sum += last[i];
            }
            return sum;
        }

        @Override
        public void close() {
            for (ProcFile file : files) {
                file.close();
            }
        }
    }
}
