package org.jlbh.junit.internal.run.evidence;

import org.jlbh.junit.internal.run.timeline.RunTimeline;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The evidence of the machine this runs on: per measurement, each harness thread's {@link SchedulerReadings} and a
 * {@link StallWitness}; the JVM's pauses from {@link JvmPauseRecorder#shared()} until the test run ends. Thread-safe.
 */
public final class LiveEvidence implements EvidenceSource, AutoCloseable, ExtensionContext.Store.CloseableResource {
    private JvmPauseRecorder jvm;

    @Override
    public Recording start(ReadingPlan plan) {
        JvmPauseRecorder pauses = jvm();
        SchedulerReadings[] readings = Stream.generate(() -> new SchedulerReadings(plan)).limit(plan.threads())
                .toArray(SchedulerReadings[]::new);
        StallWitness witness = StallWitness.start();
        return new Recording() {
            private volatile Optional<String> pausesMissing = Optional.empty();
            /** The last collection before the first measured run; set as its evidence is read, else none is split. */
            private volatile Long lastGcIdBeforeRuns;

            @Override
            public SchedulerReadings readingsOf(int thread) {
                return readings[thread];
            }

            @Override
            public void stop() {
                for (SchedulerReadings ofThread : readings) {
                    ofThread.close();
                }
                witness.stop();
                pausesMissing = pauses.awaitPausesUntilNow();
            }

            @Override
            public RunEvidence ofRun(int run, long fromNanos, long toNanos, Map<String, RunTimeline> timelines) {
                List<SchedulerEvidence> schedulers = IntStream.range(0, readings.length)
                        .mapToObj(thread -> readings[thread].hadPart(run) ? ofThread(readings[thread], thread, run)
                                : SchedulerEvidence.idle()).toList();
                Optional<String> jvmMissing = pauses.unavailable().or(() -> pausesMissing);
                if (run == 1) {
                    lastGcIdBeforeRuns = pauses.lastGcIdBefore(fromNanos);
                }
                Long since = lastGcIdBeforeRuns;
                List<JvmPause> inRun = pauses.pauses(fromNanos, toNanos).stream()
                        .map(pause -> since == null ? pause : pause.splitSince(since)).toList();
                return new RunEvidence(schedulers, inRun, jvmMissing, pauses.accuracyNanos(),
                        MachineStall.during(witness.stalls(), fromNanos, toNanos, inRun, pauses.accuracyNanos()));
            }
        };
    }

    /** @return the thread's evidence; none when it did not read its figures at the end of its part of the run */
    private static SchedulerEvidence ofThread(SchedulerReadings readings, int thread, int run) {
        SchedulerEvidence evidence = readings.evidence();
        if (evidence.available() && !readings.endedPart(run)) {
            return SchedulerEvidence.none(String.format(Locale.ROOT, "no scheduler evidence: harness thread %d did "
                    + "not read its figures at the end of its part of run %d (the run ended before it did)%s", thread,
                    run, evidence.unavailable().map(why -> "; " + why).orElse("")));
        }
        return evidence;
    }

    @Override
    public void prepare() {
        jvm();
    }

    @Override
    public boolean ready() {
        return jvm().firstEventsCame();
    }

    @Override
    public void awaitReady() {
        jvm().awaitFirstFlush();
    }

    private synchronized JvmPauseRecorder jvm() {
        if (jvm == null) {
            jvm = JvmPauseRecorder.shared();
            jvm.open();
        }
        return jvm;
    }

    /** The test run has ended: the JVM's recorder keeps running, but no longer keeps pauses for it. */
    @Override
    public synchronized void close() {
        if (jvm != null) {
            jvm.release();
            jvm = null;
        }
    }
}
