package org.jlbh.junit.internal.run;

import java.util.Map;

/**
 * Where a measurement's evidence comes from ({@link RunEvidence}): the scheduler and the JVM ({@link LiveEvidence}),
 * nothing ({@link #OFF}), or, in tests, evidence made up to order. Implementations must be thread-safe.
 */
public interface EvidenceSource {
    /** No evidence: collection is switched off ({@code jlbh.evidence = off}). */
    EvidenceSource OFF = expectedNanos -> new Recording() {
        @Override
        public void harnessThreadIs(Thread harness) {
        }

        @Override
        public void stop() {
        }

        @Override
        public RunEvidence ofRun(long fromNanos, long toNanos, Map<String, RunTimeline> timelines) {
            return RunEvidence.none("no evidence collected (jlbh.evidence = off)");
        }
    };

    /**
     * Starts collecting, before the harness starts.
     *
     * @param expectedNanos how long the measurement should take, warm-up included
     * @return the collection under way
     */
    Recording start(long expectedNanos);

    /** One measurement's evidence being collected. */
    interface Recording {

        /**
         * Says which thread the harness runs on; called on that thread, once, before its loop.
         *
         * @param harness the calling thread
         */
        void harnessThreadIs(Thread harness);

        /** Stops collecting, when the harness has returned. */
        void stop();

        /**
         * @param fromNanos the run's start, nanoTime
         * @param toNanos   its end
         * @param timelines its timelines, by probe
         * @return the evidence for the run; called after {@link #stop()}
         */
        RunEvidence ofRun(long fromNanos, long toNanos, Map<String, RunTimeline> timelines);
    }
}
