package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a latency test is judged by: its latency budgets, over which runs, and its allocation and GC budgets, each
 * {@link LatencyTest#UNLIMITED} when not set. Immutable.
 *
 * @param verdict                over which runs the budgets are judged
 * @param latency                the latency budgets, at least one
 * @param maxAllocatedBytesPerOp in bytes per iteration
 * @param maxGcCount             collections in the measured runs
 * @param maxGcPauseMillis       the longest GC pause in the measured runs, in milliseconds
 */
public record Budgets(Verdict verdict, List<Budget> latency, long maxAllocatedBytesPerOp, long maxGcCount,
                      long maxGcPauseMillis) {

    public Budgets {
        latency = List.copyOf(latency);
    }

    /** @return the highest percentile budgeted: the one that needs the most samples */
    public double strictestPercentile() {
        return latency.stream().mapToDouble(Budget::percentile).max().orElseThrow();
    }

    /** @return whether an allocation budget is set */
    public boolean hasAllocationBudget() {
        return maxAllocatedBytesPerOp != LatencyTest.UNLIMITED;
    }

    /** @return whether a GC count or pause budget is set */
    public boolean hasGcBudget() {
        return maxGcCount != LatencyTest.UNLIMITED || maxGcPauseMillis != LatencyTest.UNLIMITED;
    }

    /** @return every budget that is set, e.g. {@code end to end p99.9 <= 50 µs; allocation <= 0 bytes/op} */
    public String describe() {
        List<String> all = new ArrayList<>(latency.stream().map(Budget::describe).toList());
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

    /** @return the GC budgets that are set, e.g. {@code GC collections <= 0, GC pause <= 5 ms} */
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
