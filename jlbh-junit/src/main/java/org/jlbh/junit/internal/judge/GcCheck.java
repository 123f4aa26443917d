package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.GcEvent;
import org.jlbh.junit.internal.run.RunMeasures;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The GC budgets (count and longest pause) checked against one attempt: stop-the-world collections of all measured
 * runs together; concurrent cycles are listed, never counted. Immutable.
 *
 * @param budget   e.g. {@code GC collections <= 0}
 * @param measured e.g. {@code 4 collections, longest pause 10 ms}
 * @param breach   why it broke, listing every collection by run; empty when met
 */
public record GcCheck(String budget, String measured, Optional<String> breach) implements Check {

    /**
     * @param settings the test's settings, with a GC budget
     * @param attempt  the attempt
     * @return the check
     */
    public static GcCheck of(TestSettings settings, Attempt attempt) {
        List<GcEvent> all = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (RunMeasures run : attempt.runs()) {
            for (GcEvent event : run.gc()) {
                all.add(event);
                listed.add("run " + run.run() + ": " + event.describe());
            }
        }
        GcEvent.Pauses pauses = GcEvent.Pauses.of(all);
        String budget = settings.budgets().describeGcBudget();
        boolean met = pauses.count() <= settings.budgets().maxGcCount() && pauses.longestMillis() <= settings.budgets().maxGcPauseMillis();
        return new GcCheck(budget, pauses.describe(), met ? Optional.empty() : Optional.of(
                "garbage collection during the measured runs: " + pauses.describe() + "; budget " + budget + " ("
                        + String.join("; ", listed) + ")"));
    }
}
