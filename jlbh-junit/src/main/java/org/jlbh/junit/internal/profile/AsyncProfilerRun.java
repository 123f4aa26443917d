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

/**
 * One profiled run: async-profiler ({@code tools.profiler:async-profiler}), loaded into this JVM, samples the threads
 * {@link #addThread added} (and no other) by wall-clock time every {@value #INTERVAL_MICROS} µs as asked (the operating
 * system's timers stretch it: about 190 µs on a 2-core Linux host), whatever they are
 * doing, so that a wait on a lock shows as much as a loop; its recording goes to a file in the report folder, read back
 * ({@code tools.profiler:jfr-converter}) and deleted by {@link #stop}. The profiler's native library is extracted from
 * its jar into the system temporary folder once per JVM, loaded, and deleted there at once (async-profiler's own way).
 * One run at a time per JVM; not thread-safe, but {@link #addThread} may be called from any thread.
 */
final class AsyncProfilerRun {
    /** The wall-clock sampling interval, in microseconds. */
    static final long INTERVAL_MICROS = 100;
    /** How the samples were taken, for the reports. */
    static final String ENGINE = String.format(Locale.ROOT, "async-profiler, wall-clock samples of the harness "
            + "threads asked for every %d µs", INTERVAL_MICROS);

    /** The first of the frame types async-profiler gives native, VM and kernel frames (C1's, 6, is Java again). */
    private static final byte NATIVE_FRAME = 3;
    private static final byte C1_COMPILED_FRAME = 6;

    private final AsyncProfiler profiler;
    private final Path recording;
    private final long calibrationNanos;
    private final long calibrationTicks;

    private AsyncProfilerRun(AsyncProfiler profiler, Path recording, long calibrationNanos, long calibrationTicks) {
        this.profiler = profiler;
        this.recording = recording;
        this.calibrationNanos = calibrationNanos;
        this.calibrationTicks = calibrationTicks;
    }

    /**
     * Loads the profiler, once per JVM, before the first latency test's code is compiled: loading it switches on
     * HotSpot's {@code DebugNonSafepoints}, so that the JIT keeps, for code compiled from then on, which inlined method
     * every instruction came from (metadata only; the compiled code is the same). Without it, a sample in a call the
     * JIT makes without a frame of its own (System.nanoTime's clock read, say) shows the outermost compiled method
     * alone: a body inlined into the harness's loop would show as the harness.
     *
     * <p>Where it cannot load, {@link #start} says why.
     */
    static void load() {
        Loaded.touch();
    }

    /** Loads the profiler once per JVM, or says why it cannot be. */
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

        /** Does nothing: its call makes the JVM initialise this class, which loads the profiler. */
        static void touch() {
        }
    }

    /**
     * Starts profiling; no thread is sampled until one is added.
     *
     * @param recording the file the profiler records into, deleted by {@link #stop}
     * @return the run
     * @throws ProfilerUnavailable when the profiler cannot start here, saying why
     */
    static AsyncProfilerRun start(Path recording) throws ProfilerUnavailable {
        AsyncProfiler profiler = Loaded.PROFILER;
        if (profiler == null) {
            throw new ProfilerUnavailable(Loaded.WHY_NOT);
        }
        try {
            Files.createDirectories(recording.getParent());
            // monotonic: the samples' times are on the clock of System.nanoTime, as the harness's are
            profiler.execute("start,jfr,clock=monotonic,event=wall,interval=" + INTERVAL_MICROS + "us,nobatch,filter,"
                    + "cstack=vm,file=" + recording.toAbsolutePath());
        } catch (IOException | RuntimeException refused) {
            throw new ProfilerUnavailable("async-profiler did not start: " + refused.getMessage());
        }
        // the recording's ticks against nanoTime: the closest of several readings, once the call is compiled
        for (int i = 0; i < 10_000; i++) {
            Recording.timestamp();
        }
        ClockReading ticks = ClockReading.tightest(Recording::timestamp, 100);
        return new AsyncProfilerRun(profiler, recording, ticks.nanos(), ticks.reading());
    }

    /** @param thread a harness thread, to be sampled from now on */
    void addThread(Thread thread) {
        profiler.addThread(thread);
    }

    /**
     * Stops profiling and reads the samples.
     *
     * @param threadIndex each sampled thread's index, by its {@link Thread#getId() id}
     * @return the samples of those threads
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
                List<String> frames = new ArrayList<>(stack.methods.length);
                for (int i = 0; i < stack.methods.length; i++) {
                    frames.add(frameName(jfr, stack.methods[i], stack.types[i]));
                }
                long nanos = calibrationNanos + Math.round((event.time - calibrationTicks) * 1e9 / jfr.ticksPerSec);
                samples.add(new StackSample(nanos, thread, frames));
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

    /** The profiler cannot run here; the message says why, in a sentence. */
    static final class ProfilerUnavailable extends Exception {
        private static final long serialVersionUID = 1L;

        ProfilerUnavailable(String why) {
            super(why, null, false, false);
        }
    }
}
