package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.GcEvent;
import org.jlbh.junit.internal.run.RunMeasures;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The GC budgets (count and longest pause) checked against the stop-the-world collections of an attempt's runs
 * together, e.g. {@code 4 collections, longest pause 10 ms}; concurrent cycles are listed, never counted. Immutable.
 */
public record GcCheck(String budget, String measured, Optional<String> breach) implements Check {

    /** @return the check of the settings' GC budget against the attempt */
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
