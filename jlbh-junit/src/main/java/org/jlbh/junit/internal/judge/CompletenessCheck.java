package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;

import java.util.Optional;

/**
 * Whether every planned run was complete, one end-to-end sample per iteration; measured is the result's status, and
 * a breach names each incomplete run. Used by the extension and by the AssertJ assertions. Immutable.
 */
public record CompletenessCheck(String measured, Optional<String> breach) implements Check {

    /** @return the check of the result's runs */
    public static CompletenessCheck of(JLBHResult result) {
        if (result.status() == RunStatus.COMPLETE) {
            return new CompletenessCheck(RunStatus.COMPLETE.name(), Optional.empty());
        }
        StringBuilder why = new StringBuilder("Expected every run to be COMPLETE but the result was ")
                .append(result.status());
        for (JLBHResult.RunSummary run : result.runs()) {
            if (run.status() != RunStatus.COMPLETE) {
                why.append(System.lineSeparator()).append("run ").append(run.run()).append(" was ")
                        .append(run.status()).append(": ").append(run.detail());
            }
        }
        if (result.runs().isEmpty()) {
            why.append(": no run was measured");
            result.warmUp().filter(warmUp -> warmUp.status() != RunStatus.COMPLETE).ifPresent(warmUp -> why
                    .append(System.lineSeparator()).append("the warm-up was ").append(warmUp.status()).append(": ")
                    .append(warmUp.detail()));
        }
        return new CompletenessCheck(result.status().name(), Optional.of(why.toString()));
    }

    @Override
    public String budget() {
        return "complete runs";
    }
}
