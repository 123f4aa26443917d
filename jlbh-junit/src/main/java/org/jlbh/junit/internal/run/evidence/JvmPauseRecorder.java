package org.jlbh.junit.internal.run.evidence;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.EventStream;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JVM's own pauses, from the JDK's Flight Recorder event stream: safepoints ({@code jdk.SafepointBegin} and
 * {@code jdk.SafepointEnd}, named by their {@code jdk.ExecuteVMOperation}) and, among them, garbage collections
 * ({@code jdk.GCPhasePause}, named by their {@code jdk.GarbageCollection}, with what each copied:
 * {@code jdk.EvacuationInformation}, {@code jdk.TenuringDistribution}, see {@link GcCopy}), no stack traces. One stream for
 * the JVM ({@link #shared()}), started when JUnit discovers latency tests ({@link #startAhead()}, beside JUnit's own
 * work) or else by the first latency test run, and left running until the JVM exits: starting it takes about 0.3 s,
 * which a JVM running several test runs (an IDE's, or a test kit's) would otherwise pay for each.
 * Pauses are kept only while a test run {@linkplain #open() uses} the stream; between test runs they are dropped as
 * they come. Event times are wall-clock instants; they are placed on the {@link System#nanoTime()} line by an offset
 * taken at start as the narrowest of 200 brackets {@code nanoTime, Instant.now(), nanoTime}, and the bracket's width is
 * the placement's stated accuracy.
 *
 * <p>The Flight Recorder writes its events to disk and wakes its streams once a second (it accepts no shorter flush
 * interval). Where this recorder needs its events sooner, it has them delivered now ({@link #deliverNow()}): it takes a
 * snapshot of the recordings ({@link FlightRecorder#takeSnapshot()}, which ends the repository's current chunk and
 * writes what every thread has committed) and interrupts the stream's own thread, which would otherwise look again
 * only at the next flush; delivery then takes milliseconds. It does so for its first events
 * ({@link #awaitFirstFlush()}) and when a measurement ends: {@link #awaitPausesUntilNow()} commits an
 * {@link EvidenceMark} and waits for it to come back out of the stream, and then every pause that ended before it is
 * in hand (a collection forced at the end of a run too). Where the Flight Recorder cannot start, there is no JVM
 * evidence and {@link #unavailable()} says why.
 *
 * <p>Thread-safe: events arrive on the stream's thread; {@link #pauses} may be called from any thread.
 */
public final class JvmPauseRecorder {
    private static final long FLUSH_WAIT_NANOS = 3_000_000_000L;
    private static final long MARK_WAIT_NANOS = 5_000_000_000L;
    /** How long a measurement waits, at most, for a start ahead of it ({@link #awaitHeadStart()}), in milliseconds. */
    private static final long HEAD_START_WAIT_MILLIS = 6_000;
    /** How often, in milliseconds, events still awaited are asked for again ({@link #deliverNow()}). */
    private static final long ASK_AGAIN_MILLIS = 50;

    /** The recording's name, as {@code jcmd <pid> JFR.check} shows it. */
    static final String NAME = "jlbh: JVM pauses for latency tests";
    /** How long the recording's events stay in the Flight Recorder's repository (read within a second). */
    private static final Duration KEPT_ON_DISK = Duration.ofMinutes(1);

    /** The recording, running for the JVM's life: nothing stops it, and the JVM's exit ends it. */
    private final Recording recording;
    private final EventStream stream;
    /** The stream's own thread, set once it is started. */
    private volatile Thread reader;
    private final long startedNanos;
    private final String unavailable;
    private final long offsetNanos;
    private final long accuracyNanos;
    private final List<JvmPause> pauses = new ArrayList<>();
    private final Map<Long, Long> safepointStarts = bounded();
    private final Map<Long, String> operations = bounded();
    private final List<long[]> gcPauses = new ArrayList<>();
    private final Map<Long, String> gcNames = bounded();
    private final Map<Long, GcCopy> gcCopies = bounded();
    /** The id of the last collection delivered and when it began, nanoTime: what {@link #lastGcIdBefore} reads. */
    private final Map<Long, Long> gcStarts = bounded();
    private volatile long lastFlushNanos;
    /** When the first events were last asked for, nanoTime ({@link #firstEventsCame()}). */
    private volatile long lastAskedNanos;
    private final AtomicLong marks = new AtomicLong();
    private volatile long markSeen;
    /** How many test runs use the stream now: while none does, pauses are not kept. Guarded by {@code this}. */
    private int users;
    /**
     * When the first of the test runs using the stream now began using it, nanoTime: a pause that ended before is not
     * theirs, though it may be delivered after (the safepoint of a {@linkplain #deliverNow() delivery} asked for as
     * the test run before ended, say). Guarded by {@code this}.
     */
    private long usedSinceNanos;

    private static JvmPauseRecorder shared;
    /** The thread starting the shared recorder ahead of the first latency test, if one was started. */
    private static Thread headStart;

    private JvmPauseRecorder(Recording recording, EventStream stream, String unavailable, long offsetNanos,
            long accuracyNanos) {
        this.recording = recording;
        this.stream = stream;
        this.startedNanos = System.nanoTime();
        this.lastAskedNanos = startedNanos;
        this.unavailable = unavailable;
        this.offsetNanos = offsetNanos;
        this.accuracyNanos = accuracyNanos;
    }

    /**
     * @return the JVM's recorder, started now if it has not been: listening until the JVM exits, or saying why it
     *         cannot; its first events may still be on their way ({@link #awaitFirstFlush()})
     */
    public static synchronized JvmPauseRecorder shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /**
     * Starts the JVM's recorder ({@link #shared()}) on a daemon thread of its own, which then waits for its first
     * events ({@link #awaitFirstFlush()}): called when JUnit has discovered latency tests, so that the Flight Recorder's
     * start (0.2-0.3 s here: the JDK instruments its event classes, registers them and starts a recording) overlaps
     * JUnit's own work before the first test instead of adding to it. Nothing when it is started or being started
     * already. A measurement must not begin before it is over: {@link #awaitHeadStart()}.
     */
    public static synchronized void startAhead() {
        if (shared != null || headStart != null) {
            return;
        }
        headStart = new Thread(() -> shared().awaitFirstFlush(), "jlbh Flight Recorder start");
        headStart.setDaemon(true);
        headStart.start();
    }

    /**
     * Waits until a start begun by {@link #startAhead()} is over, its first events in, so that no measurement shares
     * the machine with it; at once where none was begun. Gives up after {@value #HEAD_START_WAIT_MILLIS} ms (the
     * first events are waited for up to {@value #FLUSH_WAIT_NANOS} ns after the start), or when the calling thread is
     * interrupted (its interrupt kept).
     */
    public static void awaitHeadStart() {
        Thread starting;
        synchronized (JvmPauseRecorder.class) {
            starting = headStart;
        }
        if (starting == null) {
            return;
        }
        try {
            starting.join(HEAD_START_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts a Flight Recorder recording of the pause events, named {@value #NAME}, and reads its events from the
     * Flight Recorder's disk repository on a daemon thread of its own (a {@code RecordingStream}'s thread is not a
     * daemon, and would keep the JVM from exiting).
     *
     * @return a recorder, listening from now until the JVM exits, or one that says why it cannot; its first events
     *         may still be on their way ({@link #awaitFirstFlush()})
     */
    static JvmPauseRecorder start() {
        Recording recording;
        EventStream stream;
        try {
            recording = new Recording();
            recording.setName(NAME);
            recording.setToDisk(true);
            recording.setMaxAge(KEPT_ON_DISK);
            for (String event : List.of("jdk.SafepointBegin", "jdk.SafepointEnd", "jdk.ExecuteVMOperation",
                    "jdk.GCPhasePause", "jdk.GarbageCollection", "jdk.TenuringDistribution",
                    "jdk.EvacuationInformation")) {
                recording.enable(event).withoutStackTrace().withThreshold(Duration.ZERO);
            }
            recording.enable(EvidenceMark.class);
        } catch (RuntimeException | Error noFlightRecorder) {
            return new JvmPauseRecorder(null, null, "no JVM evidence: the Flight Recorder is not available ("
                    + noFlightRecorder + ")", 0, 0);
        }
        ClockReading wall = ClockReading.tightest(() -> {
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        }, 200);
        try {
            recording.start();
            stream = EventStream.openRepository();
        } catch (IOException | RuntimeException | Error cannotStart) {
            recording.close();
            return new JvmPauseRecorder(null, null, "no JVM evidence: the Flight Recorder could not start ("
                    + cannotStart + ")", 0, 0);
        }
        JvmPauseRecorder recorder = new JvmPauseRecorder(recording, stream, null, wall.reading() - wall.nanos(),
                wall.bracketNanos());
        stream.onEvent(recorder::accept);
        stream.onFlush(() -> recorder.lastFlushNanos = System.nanoTime());
        Thread reader = new Thread(stream::start, "jlbh JVM pauses");
        reader.setDaemon(true);
        reader.start();
        recorder.reader = reader;
        return recorder;
    }

    /**
     * Waits until the stream has delivered its first events, asking for them every {@value #ASK_AGAIN_MILLIS} ms
     * ({@link #deliverNow()}; without, they would come about a second after the start), at once once it has, and no
     * longer than {@value #FLUSH_WAIT_NANOS} ns after it started. Starting the Flight Recorder instruments the JDK's
     * event classes, which makes the JIT throw away and redo compiled code that depends on them, and its stream then
     * parses its first events on a thread of its own: waited for before a measurement begins, that happens before its
     * warm-up, not in a measured run (where it showed as a few hundred bytes allocated on the harness thread while code
     * was re-interpreted).
     */
    public void awaitFirstFlush() {
        while (!firstEventsCame()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Asks for the first events ({@link #deliverNow()}) when they have not come, at most every
     * {@value #ASK_AGAIN_MILLIS} ms.
     *
     * @return whether the stream has delivered its first events, or {@value #FLUSH_WAIT_NANOS} ns have passed since it
     *         started without them ({@link #awaitFirstFlush()} waits no longer); true where there is no stream
     */
    public boolean firstEventsCame() {
        long now = System.nanoTime();
        if (stream == null || lastFlushNanos != 0 || now - startedNanos - FLUSH_WAIT_NANOS >= 0) {
            return true;
        }
        if (now - lastAskedNanos - ASK_AGAIN_MILLIS * 1_000_000 >= 0) {
            lastAskedNanos = now;
            deliverNow();
        }
        return false;
    }

    /**
     * Has what every thread has committed to the Flight Recorder delivered now, not at its next flush (up to a second
     * away): a snapshot of the recordings ends the repository's current chunk, writing what the threads hold
     * (about 1 ms; the snapshot, which holds nothing of its own, is closed at once), and the stream's thread, which
     * waits up to a second for the next flush before it looks at its chunk again, is interrupted (the stream ignores
     * the interrupt and looks at once: it then finds its chunk ended and reads to its end). Where the snapshot cannot
     * be taken, the events come with the next flush.
     */
    private void deliverNow() {
        try {
            FlightRecorder.getFlightRecorder().takeSnapshot().close();
        } catch (RuntimeException | Error cannot) {
            return; // the next flush delivers them
        }
        wakeReader();
    }

    /** Interrupts the stream's thread, which then looks at its chunk at once (the stream ignores the interrupt). */
    private void wakeReader() {
        Thread thread = reader;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** @return why there is no JVM evidence, or empty when there is */
    public Optional<String> unavailable() {
        return Optional.ofNullable(unavailable);
    }

    /** @return how far an event's placement on the nanoTime line may be off, in nanoseconds (half the bracket) */
    public long accuracyNanos() {
        return accuracyNanos / 2;
    }

    /**
     * Commits a mark into the Flight Recorder, has it delivered now ({@link #deliverNow()}; the stream's thread woken
     * again every {@value #ASK_AGAIN_MILLIS} ms, the chunk holding the mark being ended already) and waits (at most
     * {@value #MARK_WAIT_NANOS} ns) until the stream has delivered it: then every pause that ended before now is in
     * hand ({@link EvidenceMark}). A stream that falls that far behind
     * (its thread starved of a CPU, say) leaves what ended since its last delivery unread.
     *
     * @return empty when every pause up to now is in hand; else why not
     */
    public Optional<String> awaitPausesUntilNow() {
        if (stream == null) {
            return Optional.empty();
        }
        long mark = marks.incrementAndGet();
        EvidenceMark event = new EvidenceMark();
        event.mark = mark;
        event.commit();
        long begun = System.nanoTime();
        long asked = begun;
        deliverNow();
        while (markSeen < mark) {
            long now = System.nanoTime();
            if (now - begun > MARK_WAIT_NANOS) {
                return Optional.of(String.format(Locale.ROOT, "JVM evidence incomplete: the Flight "
                        + "Recorder had not delivered the measurement's last events %.1f s after it ended",
                        MARK_WAIT_NANOS / 1e9));
            }
            if (now - asked - ASK_AGAIN_MILLIS * 1_000_000 >= 0) {
                asked = now;
                wakeReader();
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("JVM evidence incomplete: interrupted while waiting for the Flight Recorder");
            }
        }
        return Optional.empty();
    }

    /**
     * The pauses that overlap a stretch, of those delivered so far: call {@link #awaitPausesUntilNow()} first for
     * all of them.
     *
     * @param fromNanos start of the stretch, nanoTime
     * @param toNanos   its end, nanoTime
     * @return the JVM's pauses in it, in order
     */
    public List<JvmPause> pauses(long fromNanos, long toNanos) {
        if (stream == null) {
            return List.of();
        }
        List<JvmPause> inStretch = new ArrayList<>();
        synchronized (this) {
            // latency tests run one at a time: what ended before this stretch is of no more use
            pauses.removeIf(pause -> pause.endNanos() - fromNanos < 0);
            gcPauses.removeIf(gc -> gc[1] - fromNanos < 0);
            for (JvmPause pause : pauses) {
                if (pause.endNanos() - fromNanos >= 0 && pause.startNanos() - toNanos <= 0) {
                    inStretch.add(pause.gc() ? new JvmPause(pause.startNanos(), pause.endNanos(), true, pause.name(),
                            pause.gcId(), gcCopies.getOrDefault(pause.gcId(), GcCopy.UNKNOWN), 0) : pause);
                }
            }
        }
        return inStretch;
    }

    /**
     * A test run uses the stream from now on: the pauses that come are kept until it {@linkplain #release() ends}, but
     * for those that ended before the first test run now using it began.
     */
    public synchronized void open() {
        if (users++ == 0) {
            usedSinceNanos = System.nanoTime();
        }
    }

    /** A test run that {@linkplain #open() used} the stream has ended: when none is left, what was kept is dropped. */
    public synchronized void release() {
        users = Math.max(0, users - 1);
        if (users == 0) {
            pauses.clear();
            gcPauses.clear();
        }
    }

    private synchronized void accept(RecordedEvent event) {
        if (users == 0 && !event.getEventType().getName().equals("org.jlbh.EvidenceMark")) {
            return; // no test run is using the stream: nothing to keep
        }
        long start = nanos(event.getStartTime());
        switch (event.getEventType().getName()) {
            case "jdk.SafepointBegin" -> safepointStarts.put(event.getLong("safepointId"), start);
            case "jdk.ExecuteVMOperation" -> {
                if (event.getBoolean("safepoint")) {
                    operations.put(event.getLong("safepointId"), event.getString("operation"));
                }
            }
            case "jdk.GCPhasePause" -> {
                gcPauses.add(new long[] {start, start + event.getDuration().toNanos(), event.getLong("gcId")});
                gcStarts.put(event.getLong("gcId"), start);
            }
            case "jdk.TenuringDistribution" -> gcCopies.merge(event.getLong("gcId"),
                    GcCopy.UNKNOWN.withAge(event.getInt("age"), event.getLong("size")),
                    (kept, age) -> kept.withAge(event.getInt("age"), event.getLong("size")));
            case "jdk.EvacuationInformation" -> gcCopies.merge(event.getLong("gcId"),
                    GcCopy.UNKNOWN.withCopied(event.getLong("bytesCopied")),
                    (kept, copied) -> kept.withCopied(event.getLong("bytesCopied")));
            case "jdk.GarbageCollection" -> gcNames.put(event.getLong("gcId"), event.getString("name"));
            case "org.jlbh.EvidenceMark" -> markSeen = Math.max(markSeen, event.getLong("mark"));
            case "jdk.SafepointEnd" -> {
                long id = event.getLong("safepointId");
                Long begun = safepointStarts.remove(id);
                long end = nanos(event.getEndTime());
                if (begun != null && end - usedSinceNanos >= 0) {
                    pauses.add(pause(begun, end, operations.getOrDefault(id, "unknown operation")));
                }
            }
            default -> {
            }
        }
    }

    /** A safepoint is a collection when a GC pause lies within it. */
    private JvmPause pause(long start, long end, String operation) {
        for (long[] gc : gcPauses) {
            if (gc[0] - start >= 0 && gc[1] - end <= 0) {
                return new JvmPause(start, end, true, gcNames.getOrDefault(gc[2], operation), gc[2], GcCopy.UNKNOWN,
                        0);
            }
        }
        return new JvmPause(start, end, false, operation);
    }

    /**
     * Of the collections delivered so far: call {@link #awaitPausesUntilNow()} first for all of them.
     *
     * @param nanos a time, nanoTime
     * @return the id of the last collection that began before it; -1 when none was seen
     */
    public synchronized long lastGcIdBefore(long nanos) {
        long last = -1;
        for (Map.Entry<Long, Long> started : gcStarts.entrySet()) {
            if (started.getValue() - nanos < 0) {
                last = Math.max(last, started.getKey());
            }
        }
        return last;
    }

    /** @return a map that keeps its last thousand entries: ids of events whose partner never came are dropped */
    private static <V> Map<Long, V> bounded() {
        return new LinkedHashMap<>() {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
                return size() > 1_000;
            }
        };
    }

    private long nanos(Instant instant) {
        return instant.getEpochSecond() * 1_000_000_000L + instant.getNano() - offsetNanos;
    }
}
