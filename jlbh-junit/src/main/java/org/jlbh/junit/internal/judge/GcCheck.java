package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Attempt;
import org.jlbh.junit.internal.run.GcEvent;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The GC budgets (count and longest pause) checked against the stop-the-world collections of an attempt's runs
 * together, e.g. {@code 4 collections, longest pause 10 ms}; concurrent cycles are listed, never counted. Immutable.
 */
public record GcCheck(String budget, String measured, Optional<String> breach) implements Check {

    /** @return the check of the settings' GC budget against the attempt */
    public static GcCheck of(TestSettings settings, Attempt attempt) {
        GcEvent.Pauses pauses = GcEvent.Pauses.of(attempt.runs().stream().flatMap(run -> run.gc().stream()).toList());
        String listed = attempt.runs().stream().flatMap(run -> run.gc().stream()
                .map(event -> "run " + run.run() + ": " + event.describe())).collect(Collectors.joining("; "));
        String budget = settings.budgets().describeGcBudget();
        boolean met = pauses.count() <= settings.budgets().maxGcCount()
                && pauses.longestMillis() <= settings.budgets().maxGcPauseMillis();
        return new GcCheck(budget, pauses.describe(), met ? Optional.empty() : Optional.of(
                "garbage collection during the measured runs: " + pauses.describe() + "; budget " + budget + " ("
                        + listed + ")"));
    }
}
