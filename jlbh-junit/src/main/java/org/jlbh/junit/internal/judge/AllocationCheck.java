package org.jlbh.junit.internal.judge;

import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Budgets;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.run.Attempt;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The allocation budget checked against one attempt, judged over the runs as latency is: the median run's bytes per
 * operation (the worst run's for {@link Verdict#EVERY_RUN}), so that a one-off in one run (the JIT re-interpreting a
 * method) does not fail a median verdict. Immutable.
 */
public record AllocationCheck(String budget, String measured, Optional<String> breach) implements Check {

    /** @return the check of the settings' allocation budget against the attempt */
    public static AllocationCheck of(TestSettings settings, Attempt attempt) {
        Budgets budgets = settings.budgets();
        String budget = budgets.describeAllocationBudget();
        List<Double> perOp = attempt.runs().stream().flatMapToLong(run -> run.allocatedBytes().stream())
                .mapToObj(bytes -> (double) bytes / settings.run().iterations()).toList();
        if (perOp.isEmpty()) {
            return new AllocationCheck(budget, "not measured",
                    Optional.of("allocation could not be measured: no run completed its iterations"));
        }
        double judged = budgets.verdict().judge(perOp);
        String measured = bytesPerOp(judged);
        if (judged <= budgets.maxAllocatedBytesPerOp()) {
            return new AllocationCheck(budget, measured, Optional.empty());
        }
        String perRun = attempt.runs().stream().map(run -> run.allocatedBytes().isEmpty() ? "not measured"
                        : String.format(Locale.ROOT, "%,d", run.allocatedBytes().getAsLong()))
                .collect(Collectors.joining(", "));
        return new AllocationCheck(budget, measured, Optional.of(String.format(Locale.ROOT,
                "allocation was %s in the %s run, budget %,d bytes/op (bytes per run of %,d measured iterations, on "
                        + "%s: %s)", measured, budgets.verdict() == Verdict.EVERY_RUN ? "worst" : "median",
                budgets.maxAllocatedBytesPerOp(), settings.run().iterations(), settings.run().threads() == 1
                        ? "the thread running the test body"
                        : "the " + settings.run().threads() + " harness threads running the test body", perRun)));
    }

    /** @return e.g. {@code 0 bytes/op} or {@code 24.500 bytes/op} */
    private static String bytesPerOp(double perOp) {
        return (perOp == Math.rint(perOp) ? String.format(Locale.ROOT, "%,.0f", perOp)
                : String.format(Locale.ROOT, "%,.3f", perOp)) + " bytes/op";
    }
}
