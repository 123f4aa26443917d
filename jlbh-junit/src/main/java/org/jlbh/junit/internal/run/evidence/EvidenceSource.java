package org.jlbh.junit.internal.run.evidence;

import java.util.Map;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

/**
 * Where a measurement's evidence ({@link RunEvidence}) comes from: this machine ({@link LiveEvidence}), nothing
 * ({@link #OFF}), or, in tests, evidence made up to order. Implementations must be thread-safe.
 */
public interface EvidenceSource {
    /** No evidence: collection is switched off ({@code jlbh.evidence = off}). */
    EvidenceSource OFF = plan -> new Recording() {
        private final SchedulerReadings none = SchedulerReadings.switchedOff(plan,
                "no evidence collected (jlbh.evidence = off)");

        @Override
        public SchedulerReadings readingsOf(int thread) {
            return none;
        }

        @Override
        public void stop() {
        }

        @Override
        public RunEvidence ofRun(int run, long fromNanos, long toNanos, Map<String, RunTimeline> timelines) {
            return RunEvidence.none("no evidence collected (jlbh.evidence = off)");
        }
    };

    /** Starts now, before anything is measured, what is started once (else {@link #start} does); {@link #ready()}. */
    default void prepare() {
    }

    /** @return whether what was started once has settled, so that its start disturbs no run measured from now */
    default boolean ready() {
        return true;
    }

    /** Waits until {@link #ready()}, three seconds at most. */
    default void awaitReady() {
    }

    /** @return the collection of a measurement of that plan, started before the harness starts */
    Recording start(ReadingPlan plan);

    /** One measurement's evidence being collected. */
    interface Recording {

        /** @return the readings the harness thread of that index takes of itself */
        SchedulerReadings readingsOf(int thread);

        /** Stops collecting, when the harness has returned: what is still on its way arrives first. */
        void stop();

        /** @return the evidence of a 1-based run from its start to its end (nanoTime); after {@link #stop()} */
        RunEvidence ofRun(int run, long fromNanos, long toNanos, Map<String, RunTimeline> timelines);
    }
}
