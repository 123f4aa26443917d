package org.jlbh.junit.internal.profile;

import one.jfr.ClassRef;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.Event;
import one.jfr.event.ExecutionSample;
import one.profiler.AsyncProfiler;
import one.profiler.Recording;
import org.jlbh.junit.internal.run.evidence.ClockReading;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One profiled run: async-profiler, loaded into this JVM, takes wall-clock samples (a wait on a lock shows as a loop
 * does) of the threads {@link #addThread added}, from any thread, into a temporary {@code recording} that {@link #stop}
 * reads and deletes, its {@code ticks} read against nanoTime. One run at a time per JVM; not thread-safe otherwise.
 */
record AsyncProfilerRun(AsyncProfiler profiler, Path recording, ClockReading ticks) {
    /** The sampling interval asked for, in microseconds; the operating system's timers may stretch it. */
    static final long INTERVAL_MICROS = 100;
    /** How the samples are taken, for the reports. */
    static final String ENGINE = String.format(Locale.ROOT, "async-profiler, wall-clock samples of the harness "
            + "threads asked for every %d µs", INTERVAL_MICROS);

    /** async-profiler's frame types from here up are native, VM and kernel frames, but C1's. */
    private static final byte NATIVE_FRAME = 3;
    private static final byte C1_COMPILED_FRAME = 6;

    /**
     * Loads the profiler, once per JVM, before the test's code is compiled (HotSpot's {@code DebugNonSafepoints} on: a
     * body inlined into the harness's loop is sampled as its own); says whether it loaded.
     */
    static boolean load() {
        return Loaded.PROFILER != null;
    }

    /** The profiler, loaded once per JVM, or why not. */
    private static final class Loaded {
        private static final AsyncProfiler PROFILER;
        private static final String WHY_NOT;

        static {
            AsyncProfiler profiler = null;
            String whyNot = null;
            try {
                profiler = AsyncProfiler.getInstance();
                profiler.getVersion();
            } catch (Throwable cannot) { // an unsupported platform, a library that does not load
                whyNot = "async-profiler does not load here (" + System.getProperty("os.name") + " "
                        + System.getProperty("os.arch") + "): " + cannot;
                profiler = null;
            }
            PROFILER = profiler;
            WHY_NOT = whyNot;
        }
    }

    /** @return a run started, sampling no thread until one is added */
    static AsyncProfilerRun start() throws NotProfiled {
        AsyncProfiler profiler = Loaded.PROFILER;
        if (profiler == null) {
            throw new NotProfiled(Loaded.WHY_NOT);
        }
        Path recording = null;
        try {
            recording = Files.createTempFile("jlbh-profile-", ".jfr");
            // monotonic: the samples' times are on the clock of System.nanoTime, as the harness's are
            profiler.execute("start,jfr,clock=monotonic,event=wall,interval=" + INTERVAL_MICROS + "us,nobatch,filter,"
                    + "cstack=vm,file=" + recording.toAbsolutePath());
        } catch (IOException | RuntimeException refused) {
            if (recording != null) {
                recording.toFile().delete();
            }
            throw new NotProfiled("async-profiler did not start: " + refused.getMessage());
        }
        for (int i = 0; i < 10_000; i++) {
            Recording.timestamp(); // compiled before it is read against nanoTime
        }
        return new AsyncProfilerRun(profiler, recording, ClockReading.tightest(Recording::timestamp, 100));
    }

    /** @param thread a harness thread, to be sampled from now on */
    void addThread(Thread thread) {
        profiler.addThread(thread);
    }

    /**
     * @param threadIndex each sampled thread's index, by its {@link Thread#getId() id}
     * @return the samples of those threads, once profiling has stopped and the recording is deleted
     * @throws IOException when the recording cannot be read
     */
    List<StackSample> stop(Map<Long, Integer> threadIndex) throws IOException {
        try {
            profiler.execute("stop");
            return read(threadIndex);
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    private List<StackSample> read(Map<Long, Integer> threadIndex) throws IOException {
        List<StackSample> samples = new ArrayList<>();
        try (JfrReader jfr = new JfrReader(recording.toString())) {
            for (Event event; (event = jfr.readEvent(ExecutionSample.class)) != null; ) {
                Long javaThread = jfr.javaThreads.get(event.tid);
                Integer thread = javaThread == null ? null : threadIndex.get(javaThread);
                StackTrace stack = jfr.stackTraces.get(event.stackTraceId);
                if (thread == null || stack == null) {
                    continue;
                }
                long nanos = ticks.nanos() + Math.round((event.time - ticks.reading()) * 1e9 / jfr.ticksPerSec);
                samples.add(new StackSample(nanos, thread, IntStream.range(0, stack.methods.length)
                        .mapToObj(i -> frameName(jfr, stack.methods[i], stack.types[i])).toList()));
            }
        }
        return samples;
    }

    /**
     * @return a frame's name as the converter's flame graphs show it with {@code --dot}: {@code com.acme.Pricer.quote}
     *         for a Java frame (a lambda's class without its address), the function's name for a native one
     */
    private static String frameName(JfrReader jfr, long methodId, byte type) {
        MethodRef method = jfr.methods.get(methodId);
        if (method == null) {
            return "unknown";
        }
        byte[] methodName = jfr.symbols.get(method.name);
        String name = methodName == null ? "" : new String(methodName, StandardCharsets.UTF_8);
        ClassRef owner = jfr.classes.get(method.cls);
        byte[] className = owner == null ? null : jfr.symbols.get(owner.name);
        if (className == null || className.length == 0 || (type >= NATIVE_FRAME && type != C1_COMPILED_FRAME)) {
            return name;
        }
        String typeName = new String(className, StandardCharsets.UTF_8).replace('/', '.');
        int lambda = typeName.indexOf("$$Lambda");
        if (lambda >= 0) {
            typeName = typeName.substring(0, lambda + "$$Lambda".length());
        }
        return name.isEmpty() ? typeName : typeName + '.' + name;
    }
}
