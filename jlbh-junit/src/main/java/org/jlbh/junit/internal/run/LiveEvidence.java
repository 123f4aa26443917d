package org.jlbh.junit.internal.run;

import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;

/**
 * The evidence of the machine this runs on: Linux's scheduler ({@link SchedulerMonitor}, one per measurement) and the
 * JVM's pauses ({@link JvmPauseRecorder}, one for the whole test run, started with the first measurement, closed
 * with the test run). Thread-safe.
 */
public final class LiveEvidence implements EvidenceSource, AutoCloseable, ExtensionContext.Store.CloseableResource {
    private JvmPauseRecorder jvm;

    @Override
    public Recording start(long expectedNanos) {
        JvmPauseRecorder pauses = jvm();
        SchedulerMonitor monitor = SchedulerMonitor.start(expectedNanos);
        return new Recording() {
            private SchedulerEvidence scheduler;

            @Override
            public void harnessThreadIs(Thread harness) {
                monitor.harnessThreadIs(harness, SchedulerMonitor.currentTask());
            }

            @Override
            public void stop() {
                scheduler = monitor.stop();
            }

            @Override
            public RunEvidence ofRun(long fromNanos, long toNanos, Map<String, RunTimeline> timelines) {
                return new RunEvidence(scheduler, pauses.pauses(fromNanos, toNanos), pauses.unavailable(),
                        pauses.accuracyNanos());
            }
        };
    }

    private synchronized JvmPauseRecorder jvm() {
        if (jvm == null) {
            jvm = JvmPauseRecorder.start();
        }
        return jvm;
    }

    @Override
    public synchronized void close() {
        if (jvm != null) {
            jvm.close();
        }
    }
}
