package org.jlbh.junit.internal.judge;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.judge.attribution.BreachExplanation;
import org.jlbh.junit.internal.judge.attribution.LateSamples;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A latency budget of a test checked against one attempt. Immutable.
 *
 * @param latencyBudget the budget
 * @param check         the percentile check over the attempt's runs
 * @param lateSamples   when the value could be judged, the samples over the budget put down to their causes, whether
 *                      it held or not; else empty
 * @param codeOnlyNanos when the budget broke, the value judged without the late samples the platform and the JVM's
 *                      safepoints account for, in nanoseconds; empty when it held or could not be judged so
 * @param explanation   when the budget broke but holds without what is not the code's: why it is inconclusive; else
 *                      empty
 */
public record LatencyCheck(Budget latencyBudget, PercentileCheck check, Optional<LateSamples> lateSamples,
                           OptionalDouble codeOnlyNanos, Optional<BreachExplanation> explanation) implements Check {

    @Override
    public String budget() {
        return latencyBudget.describe();
    }

    @Override
    public String measured() {
        return check.measured();
    }

    @Override
    public boolean met() {
        return check.met();
    }

    /**
     * @return the percentile check's breach, the budget as declared when {@code jlbh.budget.factor} scaled it, the
     *         late samples' causes, and, when samples were excused but the budget still breaks, the value without them
     */
    @Override
    public Optional<String> breach() {
        return check.breach().map(breach -> {
            StringBuilder message = new StringBuilder(breach);
            if (latencyBudget.scaled()) {
                message.append(" [budget ").append(latencyBudget.describe()).append(']');
            }
            lateSamples.ifPresent(late -> {
                message.append("; ").append(late.describe());
                if (explanation.isEmpty() && late.excused() > 0 && codeOnlyNanos.isPresent()) {
                    message.append(String.format(Locale.ROOT, "; without the pauses not the code's, which account "
                                    + "for %,d late samples, it would still be %s \u00b5s", late.excused(),
                            ReportFormat.micros(codeOnlyNanos.getAsDouble())));
                }
            });
            return message.toString();
        });
    }
}
