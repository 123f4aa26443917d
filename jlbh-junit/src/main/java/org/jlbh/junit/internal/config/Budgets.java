package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a latency test is judged by: its latency budgets (after {@code jlbh.budget.factor}), over which runs, and its
 * allocation and GC budgets. Validated when read ({@link TestSettingsReader}). Immutable.
 *
 * @param verdict                over which runs the budgets are judged
 * @param latency                the latency budgets, at least one
 * @param maxAllocatedBytesPerOp allocation budget in bytes per iteration, {@link LatencyTest#UNLIMITED} for none
 * @param maxGcCount             collections allowed in the measured runs, {@link LatencyTest#UNLIMITED} for no limit
 * @param maxGcPauseMillis       longest GC pause allowed in the measured runs, {@link LatencyTest#UNLIMITED} for no
 *                               limit
 */
public record Budgets(Verdict verdict, List<Budget> latency, long maxAllocatedBytesPerOp, long maxGcCount,
                      long maxGcPauseMillis) {

    /** Copies the latency budgets. */
    public Budgets {
        latency = List.copyOf(latency);
    }

    /** @return the highest percentile of the latency budgets, the one that needs the most samples */
    public double strictestPercentile() {
        return latency.stream().mapToDouble(Budget::percentile).max().orElseThrow();
    }

    /** @return whether an allocation budget is set */
    public boolean hasAllocationBudget() {
        return maxAllocatedBytesPerOp != LatencyTest.UNLIMITED;
    }

    /** @return whether the GC count budget allows no collection at all ({@code maxGcCount = 0}) */
    public boolean allowsNoCollection() {
        return maxGcCount == 0;
    }

    /** @return whether a GC count or pause budget is set */
    public boolean hasGcBudget() {
        return maxGcCount != LatencyTest.UNLIMITED || maxGcPauseMillis != LatencyTest.UNLIMITED;
    }

    /** @return e.g. {@code end to end p99.9 <= 50 µs; allocation <= 0 bytes/op}: every budget that is set */
    public String describe() {
        List<String> all = new ArrayList<>();
        latency.forEach(budget -> all.add(budget.describe()));
        if (hasAllocationBudget()) {
            all.add(describeAllocationBudget());
        }
        if (hasGcBudget()) {
            all.add(describeGcBudget());
        }
        return String.join("; ", all);
    }

    /** @return e.g. {@code allocation <= 0 bytes/op} */
    public String describeAllocationBudget() {
        return String.format(Locale.ROOT, "allocation <= %,d bytes/op", maxAllocatedBytesPerOp);
    }

    /** @return e.g. {@code GC collections <= 0, GC pause <= 5 ms}: the GC budgets that are set */
    public String describeGcBudget() {
        List<String> what = new ArrayList<>();
        if (maxGcCount != LatencyTest.UNLIMITED) {
            what.add(String.format(Locale.ROOT, "GC collections <= %,d", maxGcCount));
        }
        if (maxGcPauseMillis != LatencyTest.UNLIMITED) {
            what.add(String.format(Locale.ROOT, "GC pause <= %,d ms", maxGcPauseMillis));
        }
        return String.join(", ", what);
    }
}
