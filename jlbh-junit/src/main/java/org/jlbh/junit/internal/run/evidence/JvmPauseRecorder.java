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
 * The JVM's own pauses from the Flight Recorder's event stream: safepoints and, among them, garbage collections with
 * what each copied ({@link GcCopy}). One stream for the JVM ({@link #shared()}), left running until it exits; pauses
 * are kept only while a test run {@linkplain #open() uses} it. Event times are put on the nanoTime line by an offset
 * taken at start ({@link ClockReading}). The stream delivers once a second; sooner, {@link #deliverNow()}. Where the
 * Flight Recorder cannot start, {@link #unavailable()} says why. Thread-safe.
 */
public final class JvmPauseRecorder {
    private static final long FLUSH_WAIT_NANOS = 3_000_000_000L;
    private static final long MARK_WAIT_NANOS = 5_000_000_000L;
    private static final long HEAD_START_WAIT_MILLIS = 6_000;
    /** How often events still awaited are asked for again ({@link #deliverNow()}). */
    private static final long ASK_AGAIN_MILLIS = 50;

    /** The recording's name, as {@code jcmd <pid> JFR.check} shows it. */
    static final String NAME = "jlbh: JVM pauses for latency tests";
    private static final Duration KEPT_ON_DISK = Duration.ofMinutes(1);

    private final EventStream stream;
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
    /** Each collection's id and when it began, nanoTime. */
    private final Map<Long, Long> gcStarts = bounded();
    private volatile long lastFlushNanos;
    private volatile long lastAskedNanos;
    private final AtomicLong marks = new AtomicLong();
    private volatile long markSeen;
    /** How many test runs use the stream now. Guarded by {@code this}. */
    private int users;
    /** When the first of them began using it, nanoTime: a pause that ended before is not theirs. Guarded too. */
    private long usedSinceNanos;

    private static JvmPauseRecorder shared;
    private static volatile Thread headStart;

    private JvmPauseRecorder(EventStream stream, String unavailable, long offsetNanos, long accuracyNanos) {
        this.stream = stream;
        this.startedNanos = System.nanoTime();
        this.lastAskedNanos = startedNanos;
        this.unavailable = unavailable;
        this.offsetNanos = offsetNanos;
        this.accuracyNanos = accuracyNanos;
    }

    /** @return the JVM's recorder, started now if it has not been (its first events may still be on their way) */
    public static synchronized JvmPauseRecorder shared() {
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    /** Starts the JVM's recorder, and waits for its first events, on a thread of its own, unless started already. */
    public static synchronized void startAhead() {
        if (shared != null || headStart != null) {
            return;
        }
        headStart = new Thread(() -> shared().awaitFirstFlush(), "jlbh Flight Recorder start");
        headStart.setDaemon(true);
        headStart.start();
    }

    /** Waits, at most {@value #HEAD_START_WAIT_MILLIS} ms or until interrupted, for {@link #startAhead()} to end. */
    public static void awaitHeadStart() {
        Thread starting = headStart;
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
     * @return a recorder of a recording named {@value #NAME}, its events read from the disk repository on a daemon
     *         thread (a {@code RecordingStream}'s is not one); or one that says why it cannot
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
            return new JvmPauseRecorder(null, "no JVM evidence: the Flight Recorder is not available ("
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
            return new JvmPauseRecorder(null, "no JVM evidence: the Flight Recorder could not start ("
                    + cannotStart + ")", 0, 0);
        }
        JvmPauseRecorder recorder = new JvmPauseRecorder(stream, null, wall.reading() - wall.nanos(),
                wall.bracketNanos());
        stream.onEvent(recorder::accept);
        stream.onFlush(() -> recorder.lastFlushNanos = System.nanoTime());
        Thread reader = new Thread(stream::start, "jlbh JVM pauses");
        reader.setDaemon(true);
        reader.start();
        recorder.reader = reader;
        return recorder;
    }

    /** Waits until {@link #firstEventsCame()}, so that what the start disturbs lands before a measurement. */
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

    /** @return whether the stream delivered its first events, or gave up; asks for them every so often meanwhile */
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

    /** Has what every thread committed delivered now: a snapshot ends the chunk, and the stream's thread is woken. */
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
     * @return empty when every pause up to now is in hand, else why not: commits an {@link EvidenceMark}, has it
     *         delivered now and waits, at most {@value #MARK_WAIT_NANOS} ns, for it
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

    /** @return the pauses delivered so far that overlap the stretch (nanoTime), in order; forgets those before it */
    public synchronized List<JvmPause> pauses(long fromNanos, long toNanos) {
        pauses.removeIf(pause -> pause.endNanos() - fromNanos < 0);
        gcPauses.removeIf(gc -> gc[1] - fromNanos < 0);
        return pauses.stream().filter(pause -> pause.startNanos() - toNanos <= 0)
                .map(pause -> pause.gc() ? new JvmPause(pause.startNanos(), pause.endNanos(), true, pause.name(),
                        pause.gcId(), gcCopies.getOrDefault(pause.gcId(), GcCopy.UNKNOWN), 0) : pause).toList();
    }

    /** A test run uses the stream from now on: the pauses that come are kept until it {@linkplain #release() ends}. */
    public synchronized void open() {
        if (users++ == 0) {
            usedSinceNanos = System.nanoTime();
        }
    }

    /** A test run that {@linkplain #open() used} the stream has ended; when none is left, what was kept is dropped. */
    public synchronized void release() {
        users = Math.max(0, users - 1);
        if (users == 0) {
            pauses.clear();
            gcPauses.clear();
        }
    }

    private synchronized void accept(RecordedEvent event) {
        if (users == 0 && !event.getEventType().getName().equals("org.jlbh.EvidenceMark")) {
            return;
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
            case "jdk.TenuringDistribution" -> gcCopies.put(event.getLong("gcId"), gcCopies.getOrDefault(
                    event.getLong("gcId"), GcCopy.UNKNOWN).withAge(event.getInt("age"), event.getLong("size")));
            case "jdk.EvacuationInformation" -> gcCopies.put(event.getLong("gcId"), gcCopies.getOrDefault(
                    event.getLong("gcId"), GcCopy.UNKNOWN).withCopied(event.getLong("bytesCopied")));
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
        return gcPauses.stream().filter(gc -> gc[0] - start >= 0 && gc[1] - end <= 0).findFirst()
                .map(gc -> new JvmPause(start, end, true, gcNames.getOrDefault(gc[2], operation), gc[2],
                        GcCopy.UNKNOWN, 0))
                .orElseGet(() -> new JvmPause(start, end, false, operation, -1, GcCopy.UNKNOWN, 0));
    }

    /** @return the id of the last collection delivered that began before the time (nanoTime); -1 when none */
    public synchronized long lastGcIdBefore(long nanos) {
        return gcStarts.entrySet().stream().filter(started -> started.getValue() - nanos < 0)
                .mapToLong(Map.Entry::getKey).max().orElse(-1);
    }

    /** @return a map of its last thousand entries: ids whose partner event never came are dropped */
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
