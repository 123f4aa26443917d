package org.jlbh.junit.internal.run.timeline;

import org.jlbh.core.JLBH;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link LatencyTimeline}s of one test, end to end and one per probe, cut into runs together; each ended run's
 * timelines are kept until the next measurement starts. When several harness threads share the load, each records
 * its own end-to-end samples into a timeline of its own (no lock, nothing shared), and a run's end to end is their
 * merge ({@link RunTimeline#merge}). Run boundaries come from the harness threads, a run begun by the first of them
 * to reach it and ended by the first harness thread once all are done; see {@link LatencyTimeline} for who records
 * what.
 */
public final class Timelines {
    private final Map<String, LatencyTimeline> byProbe = new LinkedHashMap<>();
    /** The end-to-end timeline of each harness thread; the first is the end-to-end timeline given. */
    private final LatencyTimeline[] endToEndOfThread;
    private final List<Map<String, RunTimeline>> runs = new ArrayList<>();

    /**
     * @param byProbe    the timelines, by probe name, end to end ({@link JLBH#END_TO_END}) among them: the first
     *                   harness thread's
     * @param threads    harness threads, each with an end-to-end timeline of its own
     * @param iterations iterations per run, over all threads
     */
    public Timelines(Map<String, LatencyTimeline> byProbe, int threads, long iterations) {
        this.byProbe.putAll(byProbe);
        if (!this.byProbe.containsKey(JLBH.END_TO_END)) {
            throw new IllegalArgumentException("no end-to-end timeline");
        }
        this.endToEndOfThread = new LatencyTimeline[threads];
        endToEndOfThread[0] = byProbe.get(JLBH.END_TO_END);
        for (int thread = 1; thread < threads; thread++) {
            endToEndOfThread[thread] = endToEndOfThread[0].forAnotherThread(
                    JLBH.iterationsOfThread(thread, threads, iterations));
        }
    }

    /** @return the end-to-end timeline (the first harness thread's, with several) */
    public LatencyTimeline endToEnd() {
        return byProbe.get(JLBH.END_TO_END);
    }

    /**
     * @param thread a harness thread's index
     * @return the timeline of that thread's end-to-end samples
     */
    public LatencyTimeline endToEndOfThread(int thread) {
        return endToEndOfThread[thread];
    }

    /**
     * @param probe a probe's name
     * @return its timeline
     */
    public LatencyTimeline probe(String probe) {
        return byProbe.get(probe);
    }

    /** Forgets the runs of the last measurement. */
    public synchronized void clear() {
        runs.clear();
    }

    public void beginRun(int run, long startNanos, long scheduledNanos) {
        for (LatencyTimeline timeline : byProbe.values()) {
            timeline.beginRun(run, startNanos, scheduledNanos);
        }
        for (int thread = 1; thread < endToEndOfThread.length; thread++) {
            endToEndOfThread[thread].beginRun(run, startNanos, scheduledNanos);
        }
    }

    /**
     * Ends the current run and keeps it: each probe's timeline, and with several harness threads the end to end
     * merged over them and each thread's own under {@link JLBH#endToEndOfThread(int)} (a sequence of iterations one
     * thread ran one after another, which a replay can re-time against that thread's evidence).
     */
    public synchronized void endRun() {
        Map<String, RunTimeline> ended = new LinkedHashMap<>();
        byProbe.forEach((probe, timeline) -> {
            if (probe.equals(JLBH.END_TO_END)) {
                endEndToEnd(ended);
            } else {
                RunTimeline run = timeline.endRun();
                if (run != null) {
                    ended.put(probe, run);
                }
            }
        });
        if (!ended.isEmpty()) {
            runs.add(ended);
        }
    }

    /** Ends the run's end to end, merged over the harness threads, and each thread's; nothing when none was begun. */
    private void endEndToEnd(Map<String, RunTimeline> ended) {
        List<RunTimeline> ofThreads = new ArrayList<>();
        for (int thread = 0; thread < endToEndOfThread.length; thread++) {
            RunTimeline run = endToEndOfThread[thread].endRun();
            if (run != null) {
                ofThreads.add(run);
                if (endToEndOfThread.length > 1) {
                    ended.put(JLBH.endToEndOfThread(thread), run);
                }
            }
        }
        if (!ofThreads.isEmpty()) {
            ended.put(JLBH.END_TO_END, ofThreads.size() == 1 ? ofThreads.get(0) : RunTimeline.merge(ofThreads));
        }
    }

    /** Ends the current run (the warm-up) without keeping it. */
    public void discardRun() {
        for (LatencyTimeline timeline : byProbe.values()) {
            timeline.endRun();
        }
        for (int thread = 1; thread < endToEndOfThread.length; thread++) {
            endToEndOfThread[thread].endRun();
        }
    }

    /**
     * @param run 1-based measured run
     * @return that run's timelines, by probe; a run the harness gave up on is ended here, with what it had
     */
    public synchronized Map<String, RunTimeline> ofRun(int run) {
        while (runs.size() < run) {
            int before = runs.size();
            endRun();
            if (runs.size() == before) {
                return Map.of();
            }
        }
        return runs.get(run - 1);
    }
}
