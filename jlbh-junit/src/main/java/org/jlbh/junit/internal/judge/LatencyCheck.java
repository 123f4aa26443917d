package org.jlbh.junit.internal.judge;

import org.jlbh.core.ReportFormat;
import org.jlbh.junit.internal.config.Budget;
import org.jlbh.junit.internal.judge.attribution.BreachExplanation;
import org.jlbh.junit.internal.judge.attribution.LateSamples;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * A latency budget of a test checked against one attempt: met as measured, met on the code's own account, inconclusive,
 * or broken. Immutable.
 *
 * @param latencyBudget    the budget
 * @param check            the percentile check over the attempt's runs, as measured
 * @param lateSamples      when the value could be judged, the samples over the budget put down to their causes
 * @param codeOnlyNanos    when it broke as measured, the value without the late samples not the code's, in ns
 * @param codesOwn         whether it broke as measured and holds on the code's own account ({@code jlbh.noise = aware})
 * @param explanation      when it broke and the evidence cannot decide whose the breach is, why
 * @param codeOnlyRunNanos in {@code jlbh.noise = aware}, when a run broke it, each run's value on the code's account
 */
public record LatencyCheck(Budget latencyBudget, PercentileCheck check, Optional<LateSamples> lateSamples,
                           OptionalDouble codeOnlyNanos, boolean codesOwn,
                           Optional<BreachExplanation> explanation, List<Double> codeOnlyRunNanos) implements Check {

    public LatencyCheck {
        codeOnlyRunNanos = List.copyOf(codeOnlyRunNanos);
    }

    /** @return per run, in order, whether it met the budget as measured or on the code's own account */
    public List<Boolean> runsMet() {
        List<Double> measured = check.runValuesNanos();
        List<Boolean> met = new ArrayList<>();
        for (int run = 0; run < measured.size(); run++) {
            met.add(measured.get(run) <= check.limitNanos() || run < codeOnlyRunNanos.size()
                    && codeOnlyRunNanos.get(run) <= check.limitNanos());
        }
        return met;
    }

    @Override
    public String budget() {
        return latencyBudget.describe();
    }

    @Override
    public String measured() {
        return check.measured();
    }

    /** @return whether the budget held as measured, or on the code's own account (as {@link #breach()} is empty) */
    @Override
    public boolean met() {
        return check.met() || codesOwn;
    }

    /** @return for a budget met on the code's own account, both figures and the late samples that part them */
    public Optional<String> metOnTheCodesOwnAccount() {
        if (!codesOwn) {
            return Optional.empty();
        }
        LateSamples late = lateSamples.orElseThrow();
        return Optional.of(String.format(Locale.ROOT, "%s %s \u00b5s on the code's own account (runs: %s \u00b5s), "
                        + "budget %s \u00b5s; as measured %s \u00b5s, %,d late samples the platform or the JVM account "
                        + "for: %s", check.what(), ReportFormat.micros(codeOnlyNanos.getAsDouble()),
                codeOnlyRunNanos.stream().map(ReportFormat::micros).collect(Collectors.joining(", ")),
                ReportFormat.plain(check.limitNanos() / 1e3), ReportFormat.micros(check.judgedNanos()),
                late.excused(), late.describe()));
    }

    /** @return the check's breach, with the budget as declared if scaled, the late samples and the code's value */
    @Override
    public Optional<String> breach() {
        if (codesOwn) {
            return Optional.empty();
        }
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
