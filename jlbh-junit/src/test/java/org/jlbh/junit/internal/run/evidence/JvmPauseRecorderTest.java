package org.jlbh.junit.internal.run.evidence;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The JVM's recorder on the real Flight Recorder: kept for the JVM, keeping pauses only while a test run uses it. */
class JvmPauseRecorderTest {

    @Test
    void aCollectionIsKeptWhileATestRunUsesTheRecorderAndNotAfter() {
        JvmPauseRecorder recorder = JvmPauseRecorder.shared();
        assertThat(recorder.unavailable()).as("the suite's JVMs have the Flight Recorder").isEmpty();
        assertThat(JvmPauseRecorder.shared()).as("one for the JVM").isSameAs(recorder);
        recorder.open();
        long from;
        try {
            recorder.awaitFirstFlush();
            from = System.nanoTime();
            System.gc();
            assertThat(recorder.awaitPausesUntilNow()).isEmpty();
            assertThat(recorder.pauses(from, System.nanoTime())).as("the collection, while a test run uses it")
                    .anyMatch(JvmPause::gc);
        } finally {
            recorder.release();
        }
        // released by its last user, it dropped what it kept: the next test run finds none of it
        long released = System.nanoTime();
        recorder.open();
        try {
            assertThat(recorder.awaitPausesUntilNow()).isEmpty();
            assertThat(recorder.pauses(from, System.nanoTime())).as("nothing kept from the test run before")
                    .noneMatch(pause -> pause.endNanos() - released < 0);
        } finally {
            recorder.release();
        }
    }

    @Test
    void theLastEventsOfAMeasurementAreDeliveredWithoutWaitingForTheNextFlush() {
        JvmPauseRecorder recorder = JvmPauseRecorder.shared();
        recorder.open();
        try {
            recorder.awaitFirstFlush();
            long begun = System.nanoTime();
            for (int measurement = 0; measurement < 10; measurement++) {
                assertThat(recorder.awaitPausesUntilNow()).isEmpty();
            }
            // the Flight Recorder flushes once a second: waiting for its flushes, ten marks one after the other take
            // about 9 to 10 s; delivered at once they take milliseconds, and 3 s leaves room for this machine's stalls
            assertThat((System.nanoTime() - begun) / 1e9).as("seconds for ten measurements' last events")
                    .isLessThan(3.0);
        } finally {
            recorder.release();
        }
    }

    @Test
    void aJvmWhoseRecorderIsRunningStillExits() throws Exception {
        // the recorder's stream is read by a daemon thread: main returning ends the JVM
        assertThat(outputOfAJvmThatExits(StartsTheRecorderAndReturns.class))
                .contains("recorder started, first events came");
    }

    /**
     * Runs the class's main in a JVM of its own and waits for it to exit (60 s at most: a slow JVM start is allowed).
     *
     * @return what it printed, after asserting that it exited, with 0
     */
    private static String outputOfAJvmThatExits(Class<?> main) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                main.getName()).redirectErrorStream(true).start();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(exited).as("the JVM exited after main returned; its output: %s", output).isTrue();
        assertThat(process.exitValue()).as("its exit status; its output: %s", output).isZero();
        return output;
    }

    @Test
    void aRecorderStartedAheadIsStartedWithItsFirstEventsInOnceItsStartIsAwaited() throws Exception {
        // a JVM of its own, so that the start is this test's and not one an earlier test of the suite began
        assertThat(outputOfAJvmThatExits(StartsTheRecorderAhead.class))
                .contains("starting ahead: true", "after the wait: started true, first events in true");
    }

    /** Starts the JVM's recorder ahead, waits for that start, and says what it found. */
    static final class StartsTheRecorderAhead {
        public static void main(String[] args) {
            JvmPauseRecorder.startAhead();
            boolean starting = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(thread -> thread.getName().equals("jlbh Flight Recorder start") && thread.isDaemon());
            System.out.println("starting ahead: " + starting);
            JvmPauseRecorder.awaitHeadStart();
            boolean started = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(thread -> thread.getName().equals("jlbh JVM pauses"));
            System.out.println("after the wait: started " + started + ", first events in "
                    + JvmPauseRecorder.shared().firstEventsCame());
        }
    }

    /** Starts the JVM's recorder, waits for its first events, and returns from main. */
    static final class StartsTheRecorderAndReturns {
        public static void main(String[] args) {
            JvmPauseRecorder recorder = JvmPauseRecorder.shared();
            recorder.open();
            recorder.awaitFirstFlush();
            System.out.println(recorder.unavailable().map(why -> "unavailable: " + why)
                    .orElse("recorder started, first events came"));
        }
    }
}
