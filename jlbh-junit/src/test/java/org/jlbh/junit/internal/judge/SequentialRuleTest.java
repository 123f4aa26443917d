package org.jlbh.junit.internal.judge;

import org.jlbh.junit.Verdict;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The sequential rule's calls, and its error rates computed exactly. */
class SequentialRuleTest {

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
        double[] mostlyMet = SequentialRule.rates(0.8, 3, 4);
        assertThat(mostlyMet[1]).as("called broken").isCloseTo(0.0107, within(0.0001));
        assertThat(mostlyMet[0]).as("called met").isCloseTo(0.9499, within(0.0001));
        // runs that meet it 2 times in 10: called met (a false pass) 1.07%
        double[] mostlyBroken = SequentialRule.rates(0.2, 3, 4);
        assertThat(mostlyBroken[0]).as("called met").isCloseTo(0.0107, within(0.0001));
        // 7 times in 10: a false fail 4.85%
        assertThat(SequentialRule.rates(0.7, 3, 4)[1]).isCloseTo(0.0485, within(0.0001));
        // a budget right at the typical run's value is left undecided as often as not
        double[] even = SequentialRule.rates(0.5, 3, 4);
        assertThat(even[0]).isCloseTo(even[1], within(1e-9));
        assertThat(even[0] + even[1] + even[2]).isCloseTo(1, within(1e-9));
        // with no attempt more, a split first attempt is inconclusive at once
        assertThat(SequentialRule.rates(0.8, 3, 1)[2]).isCloseTo(1 - 0.512 - 0.008, within(1e-9));
    }
}
