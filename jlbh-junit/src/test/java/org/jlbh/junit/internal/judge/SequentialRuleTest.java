package org.jlbh.junit.internal.judge;

import org.jlbh.junit.Verdict;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The sequential rule's calls, and its error rates computed exactly (docs/noisy-machines.md quotes them). */
class SequentialRuleTest {

    /**
     * The rule's error rates, exactly, for runs that each meet a budget with probability {@code p}, independently.
     *
     * @param p              the probability a run meets the budget
     * @param runsPerAttempt the measured runs of one attempt
     * @param attempts       the attempts allowed: the first and the measured-again ones
     * @return the probabilities that the budget is called met, broken, and left undecided (inconclusive)
     */
    private static double[] rates(double p, int runsPerAttempt, int attempts) {
        int most = runsPerAttempt * attempts;
        // the chance of each difference (met - broken) among the paths still undecided, offset by most
        double[] undecided = new double[2 * most + 1];
        undecided[most] = 1;
        double met = 0;
        double broken = 0;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            for (int run = 0; run < runsPerAttempt; run++) {
                double[] next = new double[undecided.length];
                for (int d = 0; d < undecided.length; d++) {
                    if (undecided[d] > 0) {
                        next[d + 1] += undecided[d] * p;
                        next[d - 1] += undecided[d] * (1 - p);
                    }
                }
                undecided = next;
            }
            // decided only when an attempt ends
            for (int d = 0; d < undecided.length; d++) {
                SequentialRule.Call call = SequentialRule.call(Math.max(0, d - most), Math.max(0, most - d),
                        runsPerAttempt, Verdict.MEDIAN_RUN);
                if (call == SequentialRule.Call.MET) {
                    met += undecided[d];
                    undecided[d] = 0;
                } else if (call == SequentialRule.Call.BROKEN) {
                    broken += undecided[d];
                    undecided[d] = 0;
                }
            }
        }
        return new double[] {met, broken, 1 - met - broken};
    }

    @Test
    void aBudgetIsDecidedWhenOneSideLeadsByTheMargin() {
        assertThat(SequentialRule.call(3, 0, 3, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.MET);
        assertThat(SequentialRule.call(0, 3, 3, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.BROKEN);
        assertThat(SequentialRule.call(2, 1, 3, Verdict.MEDIAN_RUN)).as("the median run met it, by one run")
                .isEqualTo(SequentialRule.Call.UNDECIDED);
        assertThat(SequentialRule.call(5, 1, 3, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.MET);
        assertThat(SequentialRule.call(4, 2, 3, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.UNDECIDED);
    }

    @Test
    void withFewerRunsAnAttemptThanTheMarginItsRunsMustAgree() {
        assertThat(SequentialRule.call(1, 0, 1, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.MET);
        assertThat(SequentialRule.call(0, 1, 1, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.BROKEN);
        assertThat(SequentialRule.call(1, 1, 2, Verdict.MEDIAN_RUN)).isEqualTo(SequentialRule.Call.UNDECIDED);
    }

    @Test
    void everyRunMustMeetABudgetJudgedOverEveryRun() {
        assertThat(SequentialRule.call(2, 1, 3, Verdict.EVERY_RUN)).isEqualTo(SequentialRule.Call.BROKEN);
        assertThat(SequentialRule.call(3, 0, 3, Verdict.EVERY_RUN)).isEqualTo(SequentialRule.Call.MET);
    }

    @Test
    void itsErrorRatesWithThreeRunsAnAttemptAndThreeMoreAttempts() {
        // runs that meet the budget 8 times in 10: called broken (a false fail) 1.07%, left undecided 3.94%
        double[] mostlyMet = rates(0.8, 3, 4);
        assertThat(mostlyMet[1]).as("called broken").isCloseTo(0.0107, within(0.0001));
        assertThat(mostlyMet[0]).as("called met").isCloseTo(0.9499, within(0.0001));
        // runs that meet it 2 times in 10: called met (a false pass) 1.07%
        double[] mostlyBroken = rates(0.2, 3, 4);
        assertThat(mostlyBroken[0]).as("called met").isCloseTo(0.0107, within(0.0001));
        // 7 times in 10: a false fail 4.85%
        assertThat(rates(0.7, 3, 4)[1]).isCloseTo(0.0485, within(0.0001));
        // a budget right at the typical run's value is left undecided as often as not
        double[] even = rates(0.5, 3, 4);
        assertThat(even[0]).isCloseTo(even[1], within(1e-9));
        assertThat(even[0] + even[1] + even[2]).isCloseTo(1, within(1e-9));
        // with no attempt more, a split first attempt is inconclusive at once
        assertThat(rates(0.8, 3, 1)[2]).isCloseTo(1 - 0.512 - 0.008, within(1e-9));
    }
}
