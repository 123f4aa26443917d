package org.jlbh.junit.internal.judge;

import org.jlbh.core.Percentiles;
import org.jlbh.core.ReportFormat;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.internal.config.Budgets;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/**
 * This machine's own floor (an empty body's latency at a percentile) beside an end-to-end budget, and whether it
 * leaves the code room to be told apart from it: with more than {@value #NO_ROOM_SHARE} of the budget taken, runs are
 * met or broken by the machine's tail as much as by the code, and are not measured again while they disagree.
 * Probes' budgets time a part of the body and have no floor. Immutable.
 *
 * @param percentile  the budget's percentile
 * @param maxMicros   the budget, in microseconds (after {@code jlbh.budget.factor})
 * @param floorMicros the floor at that percentile, in microseconds
 */
public record FloorRoom(double percentile, double maxMicros, double floorMicros) {
    /** The share of a budget the floor may take and still leave the code room to be told apart. */
    public static final double NO_ROOM_SHARE = 0.8;

    /** @return the floor ({@code floorAt} a percentile, in µs; empty without samples) beside each end-to-end budget */
    public static List<FloorRoom> beside(Budgets budgets, DoubleFunction<OptionalDouble> floorAt) {
        return budgets.latency().stream().filter(budget -> budget.probe().equals(LatencyBudget.END_TO_END))
                .flatMap(budget -> floorAt.apply(budget.percentile()).stream()
                        .mapToObj(floor -> new FloorRoom(budget.percentile(), budget.maxMicros(), floor)))
                .toList();
    }

    /** @return whether the floor takes more than {@value #NO_ROOM_SHARE} of the budget */
    public boolean noRoom() {
        return floorMicros > NO_ROOM_SHARE * maxMicros;
    }

    /** @return e.g. {@code this machine's own p99.9 is 3.1 µs (an empty body), 6% of the budget of 50 µs} */
    public String describe() {
        String floor = String.format(Locale.ROOT, "this machine's own p%s is %s µs (an empty body)",
                Percentiles.label(percentile), ReportFormat.micros(floorMicros * 1e3));
        if (noRoom()) {
            return String.format(Locale.ROOT, "%s; a budget of %s µs at p%s cannot be told apart from it here", floor,
                    ReportFormat.plain(maxMicros), Percentiles.label(percentile));
        }
        return String.format(Locale.ROOT, "%s, %.0f%% of the budget of %s µs", floor, 100 * floorMicros / maxMicros,
                ReportFormat.plain(maxMicros));
    }
}
