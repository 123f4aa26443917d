package org.jlbh.junit.internal.judge;

import org.jlbh.junit.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * When the runs of a latency test disagree about a budget, measure again and decide by a stated rule. Each run meets
 * a latency budget, as measured or on the code's own account, or breaks it. With the median run judged, the runs of
 * every attempt so far are counted together: the budget is <b>met</b> when those that met it outnumber those that
 * broke it by {@value #MARGIN} (or the runs of one attempt, when fewer), <b>broken</b> the other way round, and
 * <b>undecided</b> otherwise, when the test is measured again, up to {@code jlbh.remeasure.undecided} more attempts,
 * before it is inconclusive: Wald's sequential probability ratio test of a run meeting the budget with probability
 * 0.8 against 0.2. Judged over every run ({@link Verdict#EVERY_RUN}), one broken run decides. Pure; thread-safe.
 */
public final class SequentialRule {
    /** How many more runs of one side than of the other decide. */
    public static final int MARGIN = 3;

    private SequentialRule() {
    }

    /** What the runs so far say of one budget: met or broken by the margin, or too close to call. */
    public enum Call {
        MET,
        BROKEN,
        UNDECIDED
    }

    /** One latency budget's runs so far: how many met it (as measured or on the code's own account), broke it. */
    public record Tally(String what, int met, int broken, Call call) {

        /** @return e.g. {@code end to end p99 <= 100 µs: 7 runs of 9 met it} */
        public String describe() {
            return String.format(Locale.ROOT, "%s: %d run%s of %d met it", what, met, met == 1 ? "" : "s",
                    met + broken);
        }
    }

    /**
     * @param outcome   passed when every budget is called met and every other check of the last attempt holds
     * @param undecided whether it is inconclusive because the runs disagree about a budget: measuring again may decide
     * @param tallies   per latency budget that could be judged, its runs over the attempts
     * @param window    the attempts counted together, in order, at least one
     * @param margin    the lead that decides a budget; 0 where one broken run decides ({@link Verdict#EVERY_RUN})
     */
    public record Judged(Outcome outcome, boolean undecided, List<Tally> tallies, List<AttemptJudgement> window,
                         int margin) {

        public Judged {
            tallies = List.copyOf(tallies);
            window = List.copyOf(window);
        }

        /** @return the last attempt of the window whose own outcome is the window's, else its last */
        public AttemptJudgement reported() {
            return window.stream().filter(attempt -> attempt.outcome() == outcome).reduce((first, last) -> last)
                    .orElse(window.get(window.size() - 1));
        }

        /** @return whether a budget's runs disagreed, so that the rule, not one attempt, decided */
        public boolean split() {
            return margin > 0 && tallies.stream().anyMatch(tally -> tally.met() > 0 && tally.broken() > 0);
        }

        /** @return e.g. {@code end to end p99 <= 100 µs: 7 runs of 9 met it; price p50 <= 5 µs: 9 runs of 9 met it} */
        public String describe() {
            return String.join("; ", tallies.stream().map(Tally::describe).toList());
        }
    }

    /** @return what the attempts of the window (in order, at least one) say of the test, judged by the verdict */
    public static Judged judge(List<AttemptJudgement> window, int runsPerAttempt, Verdict verdict) {
        AttemptJudgement last = window.get(window.size() - 1);
        int margin = margin(runsPerAttempt, verdict);
        List<Tally> tallies = tally(window, runsPerAttempt, verdict);
        // the budgets' runs are the rule's to call; any other check is the last attempt's
        boolean otherBroke = last.checks().stream().anyMatch(check -> !check.met() && check.explanation().isEmpty()
                && !(check instanceof LatencyCheck latency && latency.check().judged()));
        if (otherBroke) {
            return new Judged(Outcome.FAILED, false, tallies, window, margin);
        }
        if (tallies.stream().anyMatch(tally -> tally.call() == Call.BROKEN)) {
            return new Judged(last.outcome() == Outcome.INCONCLUSIVE ? Outcome.INCONCLUSIVE : Outcome.FAILED, false,
                    tallies, window, margin);
        }
        if (last.outcome() == Outcome.INCONCLUSIVE) {
            return new Judged(Outcome.INCONCLUSIVE, false, tallies, window, margin);
        }
        boolean undecided = tallies.stream().anyMatch(tally -> tally.call() == Call.UNDECIDED);
        return new Judged(undecided ? Outcome.INCONCLUSIVE : Outcome.PASSED, undecided, tallies, window, margin);
    }

    /** @return per latency budget judged in any attempt, in the order first seen, what its runs say */
    private static List<Tally> tally(List<AttemptJudgement> attempts, int runsPerAttempt, Verdict verdict) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (AttemptJudgement attempt : attempts) {
            for (Check check : attempt.checks()) {
                if (check instanceof LatencyCheck latency && latency.check().judged()) {
                    int[] metAndBroken = counts.computeIfAbsent(latency.budget(), budget -> new int[2]);
                    latency.runsMet().forEach(run -> metAndBroken[run ? 0 : 1]++);
                }
            }
        }
        List<Tally> tallies = new ArrayList<>();
        counts.forEach((budget, metAndBroken) -> tallies.add(new Tally(budget, metAndBroken[0], metAndBroken[1],
                call(metAndBroken[0], metAndBroken[1], runsPerAttempt, verdict))));
        return tallies;
    }

    /** @return how many more runs of one side than of the other decide a budget; 0 where one broken run decides */
    private static int margin(int runsPerAttempt, Verdict verdict) {
        return verdict == Verdict.EVERY_RUN ? 0 : Math.min(MARGIN, runsPerAttempt);
    }

    /** @return what {@code met} and {@code broken} runs say of a budget */
    static Call call(int met, int broken, int runsPerAttempt, Verdict verdict) {
        if (verdict == Verdict.EVERY_RUN) {
            return broken > 0 ? Call.BROKEN : Call.MET;
        }
        int margin = margin(runsPerAttempt, verdict);
        return met - broken >= margin ? Call.MET : broken - met >= margin ? Call.BROKEN : Call.UNDECIDED;
    }
}
