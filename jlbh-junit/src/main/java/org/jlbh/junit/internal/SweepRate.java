package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.report.SweepTable;

/**
 * One rate of a throughput sweep, as one invocation of a {@link org.jlbh.junit.LatencyTemplate} measures it.
 * Immutable; the table is shared by the sweep's invocations and is thread-safe.
 *
 * @param sweep the sweep
 * @param rate  this invocation's rate, iterations per second
 * @param table the sweep's rates as measured, printed after the last
 */
public record SweepRate(Sweep sweep, int rate, SweepTable table) {

    /** @return whether this is the sweep's last rate */
    public boolean last() {
        return sweep.last(rate);
    }
}
