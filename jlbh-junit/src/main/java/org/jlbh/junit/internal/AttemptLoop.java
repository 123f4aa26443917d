package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.judge.AttemptJudgement;
import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.judge.SequentialRule;
import org.jlbh.junit.internal.judge.baseline.ComparisonRow;
import org.jlbh.junit.internal.report.ReportWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A test's attempts, measured until they decide. After each attempt, the sequential rule says what the attempts of the
 * current window say ({@link SequentialRule}), and the test
 * <ul>
 *   <li>stops when its budgets are decided (in the paired mode, once the change no longer leans past its threshold
 *   undecided, or has regressed on another row, or the attempts allowed are spent);</li>
 *   <li>is measured again while the runs disagree, up to {@code jlbh.remeasure.undecided} attempts more; not when this
 *   machine's own floor leaves a budget no room, where more runs would not decide, nor above a sweep's required
 *   throughput, where nothing they could decide is enforced;</li>
 *   <li>starts afresh, a new window judged on its own, while {@code jlbh.retry.failed} allows, after a failure.</li>
 * </ul>
 * The measuring itself is the caller's, so that tests can drive the loop with attempts made to order. Stateless.
 */
final class AttemptLoop {

    private AttemptLoop() {
    }

    /** Measures one attempt and judges it. */
    interface Measure {
        /**
         * @param number 1-based attempt
         * @param again  whether it is measured again after the first attempt of its window
         * @return the attempt, judged
         * @throws Throwable what the test body threw
         */
        AttemptJudgement attempt(int number, boolean again) throws Throwable;
    }

    /** In the paired mode, over every attempt so far: the row the change leans past its threshold on, undecided. */
    interface Leaning {
        /**
         * @param attempts every attempt so far, in order
         * @return the row, or empty when none leans (always, outside the paired mode)
         */
        Optional<ComparisonRow> of(List<AttemptJudgement> attempts);
    }

    /**
     * What the attempts came to.
     *
     * @param attempts every attempt, in order
     * @param judged   what the last window says (or an earlier window's failure, which outranks a later window that
     *                 could not decide)
     * @param allowed  how many attempts were allowed in the end
     */
    record Ended(List<AttemptJudgement> attempts, SequentialRule.Judged judged, int allowed) {
        /** Copies the attempts. */
        Ended {
            attempts = List.copyOf(attempts);
        }

        /** @return how many runs were measured over every attempt */
        int runs() {
            return attempts.stream().mapToInt(attempt -> attempt.attempt().result().runs().size()).sum();
        }
    }

    /**
     * @param settings the test's settings
     * @param notAgain whether runs that disagree are not measured again: this machine's own floor leaves a budget no
     *                 room, or the rate is above a sweep's required throughput
     * @param measure  measures an attempt
     * @param leaning  in the paired mode, the row that leans over the attempts so far
     * @param reports  the test's output
     * @return what the attempts came to
     * @throws Throwable what the test body threw
     */
    static Ended run(TestSettings settings, boolean notAgain, Measure measure, Leaning leaning, ReportWriter reports)
            throws Throwable {
        Configuration configuration = settings.configuration();
        List<AttemptJudgement> attempts = new ArrayList<>();
        int windowStart = 0;
        int retried = 0;
        int remeasured = 0;
        SequentialRule.Judged judged;
        // a window that failed before a retry: it outranks a later one that could not decide
        Optional<SequentialRule.Judged> failedEarlier = Optional.empty();
        for (int number = 1; ; number++) {
            reports.attemptHeader(settings, number, allowed(configuration, remeasured));
            attempts.add(measure.attempt(number, attempts.size() > windowStart));
            judged = SequentialRule.judge(attempts.subList(windowStart, attempts.size()), settings.run().runs(),
                    settings.budgets().verdict());
            if (judged.outcome() == Outcome.PASSED) {
                Optional<ComparisonRow> leans = leaning.of(attempts);
                if (leans.isEmpty() || remeasured >= configuration.remeasures()) {
                    break;
                }
                remeasured++;
                reports.measuringAgain(leans.get(), number, allowed(configuration, remeasured));
                continue;
            }
            if (judged.undecided() && remeasured < configuration.remeasures() && !notAgain) {
                remeasured++;
                reports.measuringAgain(judged, number, allowed(configuration, remeasured));
            } else if (retried < configuration.retries()) {
                // jlbh.retry.failed: a fresh start, each attempt judged on its own
                if (judged.outcome() == Outcome.FAILED) {
                    failedEarlier = Optional.of(judged);
                }
                retried++;
                windowStart = attempts.size();
                reports.measuringAgain(attempts.get(attempts.size() - 1), allowed(configuration, remeasured));
            } else {
                break;
            }
        }
        if (judged.outcome() == Outcome.INCONCLUSIVE && failedEarlier.isPresent()) {
            judged = failedEarlier.get();
        }
        return new Ended(attempts, judged, allowed(configuration, remeasured));
    }

    /**
     * @return how many attempts a test may have: the first, {@code jlbh.retry.failed} more, and, once its runs disagreed,
     *         {@code jlbh.remeasure.undecided} more
     */
    private static int allowed(Configuration configuration, int remeasured) {
        return 1 + configuration.retries() + (remeasured > 0 ? configuration.remeasures() : 0);
    }
}
