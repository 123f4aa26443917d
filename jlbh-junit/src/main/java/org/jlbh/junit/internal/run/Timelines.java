package org.jlbh.junit.internal.run;

import org.jlbh.core.JLBH;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link LatencyTimeline}s of one test, end to end and one per probe, cut into runs together; each ended run's
 * timelines are kept until the next measurement starts. Run boundaries come from the harness thread; see
 * {@link LatencyTimeline} for who records what.
 */
public final class Timelines {
    private final Map<String, LatencyTimeline> byProbe = new LinkedHashMap<>();
    private final List<Map<String, RunTimeline>> runs = new ArrayList<>();

    /**
     * @param byProbe the timelines, by probe name, end to end ({@link JLBH#END_TO_END}) among them
     */
    public Timelines(Map<String, LatencyTimeline> byProbe) {
        this.byProbe.putAll(byProbe);
        if (!this.byProbe.containsKey(JLBH.END_TO_END)) {
            throw new IllegalArgumentException("no end-to-end timeline");
        }
    }

    /** @return the end-to-end timeline */
    public LatencyTimeline endToEnd() {
        return byProbe.get(JLBH.END_TO_END);
    }

    /**
     * @param probe a probe's name
     * @return its timeline
     */
    public LatencyTimeline probe(String probe) {
        return byProbe.get(probe);
    }

    /** Forgets the runs of the last measurement. */
    synchronized void clear() {
        runs.clear();
    }

    void beginRun(int run, long startNanos, long scheduledNanos) {
        for (LatencyTimeline timeline : byProbe.values()) {
            timeline.beginRun(run, startNanos, scheduledNanos);
        }
    }

    /** Ends the current run and keeps it. */
    synchronized void endRun() {
        Map<String, RunTimeline> ended = new LinkedHashMap<>();
        byProbe.forEach((probe, timeline) -> {
            RunTimeline run = timeline.endRun();
            if (run != null) {
                ended.put(probe, run);
            }
        });
        if (!ended.isEmpty()) {
            runs.add(ended);
        }
    }

    /** Ends the current run (the warm-up) without keeping it. */
    void discardRun() {
        for (LatencyTimeline timeline : byProbe.values()) {
            timeline.endRun();
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
