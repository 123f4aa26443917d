package org.jlbh.junit.internal.judge;

import org.jlbh.core.JLBHResult;
import org.jlbh.core.RunStatus;

import java.util.Optional;

/**
 * Whether every planned run was complete: one end-to-end sample per iteration. Used by the extension and by the
 * AssertJ assertions. Immutable.
 *
 * @param measured the result's status, e.g. {@code COMPLETE}
 * @param breach   when not complete, each incomplete run's status and reason
 */
public record CompletenessCheck(String measured, Optional<String> breach) implements Check {

    /**
     * @param result a result
     * @return the check of its runs
     */
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
