package org.jlbh.core.internal.engine;

import org.jlbh.core.JLBHResult;

import java.util.Collections;
import java.util.Map;

/**
 * Everything one run produced: its summary and its results of end to end, of each probe (by name, in the order the
 * probes were added) and of OS jitter (null when it is not recorded), with the OS jitter sampler's wake-ups in the run.
 * Immutable, so any thread may read it.
 */
final class RunRecord {
    final JLBHResult.RunSummary summary;
    final JLBHResult.RunResult endToEnd;
    final Map<String, JLBHResult.RunResult> probes;
    final JLBHResult.RunResult osJitter;
    final long osJitterWakeUps;

    RunRecord(JLBHResult.RunSummary summary, JLBHResult.RunResult endToEnd,
              Map<String, JLBHResult.RunResult> probes, JLBHResult.RunResult osJitter, long osJitterWakeUps) {
        this.summary = summary;
        this.endToEnd = endToEnd;
        this.probes = Collections.unmodifiableMap(probes);
        this.osJitter = osJitter;
        this.osJitterWakeUps = osJitterWakeUps;
    }
}
