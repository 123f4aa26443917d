package org.jlbh.junit.internal.run.timeline;

import org.jlbh.core.JLBH;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The {@link LatencyTimeline}s of one test, end to end (one per harness thread, merged) and one per probe, cut into
 * runs together and kept until the next measurement starts.
 */
public final class Timelines {
    private final Map<String, LatencyTimeline> byProbe = new LinkedHashMap<>();
    private final LatencyTimeline[] endToEndOfThread;
    private final LatencyTimeline[] all;
    private final List<Map<String, RunTimeline>> runs = new ArrayList<>();

    /**
     * @param byProbe    the timelines by probe, end to end ({@link JLBH#END_TO_END}) among them: the first thread's
     * @param threads    harness threads, each with an end-to-end timeline of its own
     * @param iterations iterations per run, over all threads
     */
    public Timelines(Map<String, LatencyTimeline> byProbe, int threads, long iterations) {
        this.byProbe.putAll(byProbe);
        this.endToEndOfThread = new LatencyTimeline[threads];
        endToEndOfThread[0] = byProbe.get(JLBH.END_TO_END);
        for (int thread = 1; thread < threads; thread++) {
            endToEndOfThread[thread] = endToEndOfThread[0].forAnotherThread(
                    JLBH.iterationsOfThread(thread, threads, iterations));
        }
        this.all = Stream.concat(this.byProbe.values().stream(), Stream.of(endToEndOfThread).skip(1))
                .toArray(LatencyTimeline[]::new);
    }

    public LatencyTimeline endToEndOfThread(int thread) {
        return endToEndOfThread[thread];
    }

    public synchronized void clear() {
        runs.clear();
    }

    /** Begins a run of every timeline, allocating nothing: see {@link LatencyTimeline#beginRun}. */
    public void beginRun(int run, long startNanos, long scheduledNanos) {
        for (LatencyTimeline timeline : all) {
            timeline.beginRun(run, startNanos, scheduledNanos);
        }
    }

    /** Ends and keeps the current run; with several harness threads, each one's under {@link JLBH#endToEndOfThread}. */
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
        for (LatencyTimeline timeline : all) {
            timeline.endRun();
        }
    }

    /** @return the 1-based run's timelines, by probe; a run the harness gave up on is ended here with what it had */
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
