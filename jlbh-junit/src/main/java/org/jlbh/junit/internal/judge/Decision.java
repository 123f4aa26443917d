package org.jlbh.junit.internal.judge;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.LatencyTestConfiguration.Mode;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;
import org.jlbh.junit.internal.judge.baseline.PairedComparison;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How a latency test ends, from its attempts, the comparison with its baseline and the mode. Report mode excuses
 * broken budgets and regressions, never a run that did not complete. Pure: no I/O. Immutable.
 *
 * @param outcome  the test's outcome
 * @param reported the attempt whose figures are reported and compared with a baseline
 * @param attempts how many attempts were made
 * @param allowed  how many attempts were allowed, the remeasured ones included
 * @param detail   the failure message, why it is inconclusive, or the budgets met; its first line says when a broken
 *                 budget was judged without all its evidence ({@link #withoutEvidence})
 * @param rule     how the sequential rule decided where the runs disagreed, e.g. {@code  (by the sequential rule,
 *                 over 3 attempts: end to end p99 <= 100 µs: 7 runs of 9 met it)}; else empty
 */
public record Decision(Outcome outcome, AttemptJudgement reported, int attempts, int allowed, String detail,
                       String rule) {

    /**
     * @return the verdict on every attempt made (in order) of those {@code allowed}, as the sequential rule judged
     *         them, failed too by a regression against the baseline or, paired, against the base
     */
    public static Decision decide(List<AttemptJudgement> attempts, int allowed, Optional<BaselineComparison> comparison,
                                  Optional<PairedComparison> paired, Mode mode, SequentialRule.Judged judged) {
        return decide(attempts, allowed, comparison, paired, Optional.empty(), mode, judged);
    }

    /**
     * A baseline asked for that could not be compared with: why, and how to repair the history, each a sentence
     * without its full stop.
     */
    public record GateOff(String why, String repair) {
    }

    /**
     * @param gateOff the baseline asked for that could not be compared with, if so: a test that would pass is then
     *                inconclusive, its message ending with the repair; any other says it on a line of its own
     * @return as {@link #decide(List, int, Optional, Optional, Mode, SequentialRule.Judged)}
     */
    public static Decision decide(List<AttemptJudgement> attempts, int allowed, Optional<BaselineComparison> comparison,
                                  Optional<PairedComparison> paired, Optional<GateOff> gateOff, Mode mode,
                                  SequentialRule.Judged judged) {
        Outcome outcome = judged.outcome();
        AttemptJudgement reported = judged.reported();
        String rule = judged.split() ? " (by the sequential rule, over " + attempts(judged.window().size()) + ": "
                + judged.describe() + ")" : "";
        String detail = detail(outcome, reported, attempts, allowed, judged, rule);
        if (outcome != Outcome.PASSED && !reported.missingEvidence().isEmpty()) {
            detail = withoutEvidence(reported) + System.lineSeparator() + detail;
        }
        String regressions = outcome == Outcome.INCONCLUSIVE ? "" : String.join(System.lineSeparator(),
                Stream.of(comparison.map(BaselineComparison::regressionMessage).orElse(""),
                        paired.map(PairedComparison::regressionMessage).orElse("")).filter(m -> !m.isEmpty()).toList());
        if (!regressions.isEmpty()) {
            detail = outcome == Outcome.PASSED ? regressions : detail + System.lineSeparator() + regressions;
            outcome = Outcome.FAILED;
        }
        if (gateOff.isPresent() && outcome == Outcome.PASSED) {
            detail = "Inconclusive: the baseline gate could not compare this build: " + gateOff.get().why()
                    + "; its own budgets were met (" + detail + "). To decide it: " + gateOff.get().repair();
            outcome = Outcome.INCONCLUSIVE;
        } else if (gateOff.isPresent()) {
            detail = detail + System.lineSeparator() + "The baseline gate could not compare this build either: "
                    + gateOff.get().why() + ". To repair the history: " + gateOff.get().repair();
        }
        // report mode excuses budgets, never a measurement that did not happen (a run incomplete or aborted)
        boolean measured = reported.checks().stream().noneMatch(c -> c instanceof CompletenessCheck && !c.met());
        if (mode == Mode.REPORT && outcome != Outcome.PASSED && measured) {
            outcome = Outcome.REPORTED;
        }
        return new Decision(outcome, reported, attempts.size(), allowed, detail, rule);
    }

    private static String detail(Outcome outcome, AttemptJudgement reported, List<AttemptJudgement> attempts,
                                 int allowed, SequentialRule.Judged judged, String rule) {
        if (outcome == Outcome.PASSED) {
            return (reported.metOnTheCodesOwnAccount() ? "budgets met on the code's own account" : "budgets met")
                    + ofAttempts(reported, attempts.size(), allowed) + rule + ": " + reported.met();
        }
        if (outcome == Outcome.INCONCLUSIVE && judged.undecided()) {
            return "Inconclusive: the runs disagree about a latency budget, and " + attempts(judged.window().size())
                    + " did not settle it: the sequential rule calls a budget met or broken when the runs on one side "
                    + "outnumber the other by " + judged.margin() + " (" + judged.describe() + ")"
                    + (reported.breaches().isEmpty() ? "" : ":" + System.lineSeparator() + reported.breaches());
        }
        if (outcome == Outcome.INCONCLUSIVE) {
            return "Inconclusive: the budgets broke only through late samples that are not the code's ("
                    + LatencyTestConfiguration.NOISE + " = aware)" + (attempts.size() == 1 ? ""
                    : ", on all " + attempts.size() + " attempts") + ":" + System.lineSeparator() + reported.breaches();
        }
        // where the rule decided, some attempts may have met the budgets on their own
        boolean nonePassed = attempts.stream().noneMatch(attempt -> attempt.outcome() == Outcome.PASSED);
        return reported.breaches() + rule + (attempts.size() == 1 || !nonePassed ? "" : System.lineSeparator()
                + "(no attempt of " + attempts.size() + " met the budgets; this was attempt " + reported.number()
                + ")");
    }

    private static String attempts(int count) {
        return count + " attempt" + (count == 1 ? "" : "s");
    }

    /** @return e.g. {@code Judged without all its evidence (no scheduler evidence on this OS (...)): late ...} */
    public static String withoutEvidence(AttemptJudgement judged) {
        return "Judged without all its evidence (" + String.join("; ", judged.missingEvidence()) + "): late samples "
                + "the platform or the JVM caused cannot be told from the code's, and are counted as the code's";
    }

    /** @return the detail without its first line when that says the evidence was missing: the verdict itself */
    public String verdictDetail() {
        if (outcome != Outcome.PASSED && !reported.missingEvidence().isEmpty()) {
            return detail.lines().skip(1).collect(Collectors.joining(System.lineSeparator()));
        }
        return detail;
    }

    Decision with(Outcome outcome, String detail) {
        return new Decision(outcome, reported, attempts, allowed, detail, rule);
    }

    /** @return this decision, its detail ending with the note */
    public Decision withNote(String note) {
        return with(outcome, detail + ". " + note);
    }

    /**
     * @return an inconclusive decision, its detail ending with what would decide it: room where this machine's floor
     *         stopped the runs, more than the {@code remeasures} where they disagreed, else evidence; others, and one
     *         inconclusive only because its baseline could not be compared with, as is
     */
    public Decision withWhatWouldDecide(SequentialRule.Judged judged, boolean stoppedByFloor, int remeasures) {
        // inconclusive only because the baseline could not be compared with: its message ends with the repair
        if (outcome != Outcome.INCONCLUSIVE || judged.outcome() != Outcome.INCONCLUSIVE) {
            return this;
        }
        if (stoppedByFloor) {
            return withNote("To decide it: a budget this machine's floor leaves room for, or a faster, quieter "
                    + "machine");
        }
        if (judged.undecided()) {
            return withNote("To decide it: more runs, which " + LatencyTestConfiguration.REMEASURE_UNDECIDED
                    + " (now " + remeasures + ", at most 10) measures while they disagree, or a machine quiet enough "
                    + "that they agree (the latency tests in a build step of their own, -Dgroups=latency)");
        }
        return withNote("To decide it: the scheduler's evidence (Linux, " + LatencyTestConfiguration.EVIDENCE
                + " = on), which tells the code's late samples from the platform's, or a quieter machine; or "
                + LatencyTestConfiguration.NOISE + " = strict, which judges every breach as measured");
    }

    /** @return this decision, its detail ending with a line: where the late iterations spent their time */
    public Decision withProfile(String profile) {
        return with(outcome, detail + System.lineSeparator() + profile);
    }

    /** @return e.g. {@code  on attempt 2 of 3} when the test was measured more than once, else empty */
    public String ofAttempts() {
        return ofAttempts(reported, attempts, allowed);
    }

    private static String ofAttempts(AttemptJudgement reported, int attempts, int allowed) {
        return attempts == 1 ? "" : String.format(Locale.ROOT, " on attempt %d of %d", reported.number(), allowed);
    }
}
