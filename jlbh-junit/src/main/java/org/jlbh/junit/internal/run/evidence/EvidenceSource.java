package org.jlbh.junit.internal.run.evidence;

import java.util.Map;
import org.jlbh.junit.internal.run.timeline.RunTimeline;

/**
 * Where a measurement's evidence comes from ({@link RunEvidence}): the scheduler and the JVM ({@link LiveEvidence}),
 * nothing ({@link #OFF}), or, in tests, evidence made up to order. Implementations must be thread-safe.
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

    /**
     * Starts what is started once (the JVM's Flight Recorder stream, about 0.3 s the first time in a JVM) now, before
     * anything is measured, so that its start disturbs no measurement; {@link #start} does it otherwise. Its first
     * events, asked for, come some tens of milliseconds later: see {@link #ready()}.
     */
    default void prepare() {
    }

    /**
     * @return whether what was started once has settled (the Flight Recorder's stream has delivered its first events,
     *         or given up trying), so that a run measured from now is not disturbed by its start
     */
    default boolean ready() {
        return true;
    }

    /** Waits until {@link #ready()} (usually tens of milliseconds after {@link #prepare()}; three seconds at most). */
    default void awaitReady() {
    }

    /**
     * Starts collecting, before the harness starts.
     *
     * @param plan what the measurement is: its harness threads, runs, rate and budgets
     * @return the collection under way
     */
    Recording start(ReadingPlan plan);

    /** One measurement's evidence being collected. */
    interface Recording {

        /**
         * @param thread a harness thread's index
         * @return the readings that thread takes of itself: it {@linkplain SchedulerReadings#open() opens} them before
         *         its first iteration
         */
        SchedulerReadings readingsOf(int thread);

        /** Stops collecting, when the harness has returned: what is still on its way arrives first. */
        void stop();

        /**
         * @param run       1-based run
         * @param fromNanos the run's start, nanoTime
         * @param toNanos   its end
         * @param timelines its timelines, by probe
         * @return the evidence for the run; called after {@link #stop()}
         */
        RunEvidence ofRun(int run, long fromNanos, long toNanos, Map<String, RunTimeline> timelines);
    }
}
