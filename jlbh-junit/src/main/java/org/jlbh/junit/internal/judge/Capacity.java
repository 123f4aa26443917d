package org.jlbh.junit.internal.judge;

import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.baseline.BaselineComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A throughput sweep's capacity budget, and its knee. At or below the required rate, a broken latency budget fails
 * the rate, saying the capacity budget broke and where first; above it, broken latency budgets (only they) are
 * reported, not failed: past the knee they are expected. Pure: no I/O. Stateless.
 */
public final class Capacity {

    private Capacity() {
    }

    /** A broken latency budget of a rate: what broke, and whether the platform's stalls explain it. */
    public record BrokenBudget(Optional<String> breach, boolean explainedByPlatform) {
    }

    /** One rate (per second) of a sweep: how its latency budgets fared in the attempt reported, and their breaches. */
    public record Rate(int rate, Outcome latency, String breaches) {

        /** @return the rate as its latency budgets alone judge the attempt reported there */
        public static Rate of(int rate, AttemptJudgement reported) {
            return of(rate, reported.checks().stream()
                    .filter(check -> check instanceof LatencyCheck && !check.met())
                    .map(check -> new BrokenBudget(check.breach(), check.explanation().isPresent()))
                    .toList());
        }

        /** @return the rate as judged by its broken latency budgets alone */
        public static Rate of(int rate, List<BrokenBudget> broken) {
            List<String> breaches = new ArrayList<>();
            boolean code = false;
            for (BrokenBudget budget : broken) {
                budget.breach().ifPresent(breaches::add);
                code |= !budget.explainedByPlatform();
            }
            Outcome latency = breaches.isEmpty() ? Outcome.PASSED : code ? Outcome.FAILED : Outcome.INCONCLUSIVE;
            return new Rate(rate, latency, String.join(System.lineSeparator(), breaches));
        }

        public boolean latencyMet() {
            return latency == Outcome.PASSED;
        }
    }

    /**
     * @return the decision against the sweep's capacity budget: unchanged without one; at or below the required rate,
     *         naming it and the first {@code earlier} rate that broke; above, reported where only latency is not met
     */
    public static Decision judge(Decision decision, Optional<BaselineComparison> comparison, Sweep sweep, Rate rate,
                                 List<Rate> earlier) {
        if (sweep.requiredThroughput() == 0) {
            return decision;
        }
        boolean onlyLatency = decision.reported().checks().stream()
                .allMatch(check -> check.met() || check instanceof LatencyCheck)
                && comparison.map(BaselineComparison::regressionMessage).orElse("").isEmpty();
        if (!sweep.enforced(rate.rate()) && decision.outcome() == Outcome.INCONCLUSIVE && onlyLatency
                && !decision.rule().isEmpty()) {
            return decision.with(Outcome.REPORTED, String.format(Locale.ROOT, "Above the required throughput "
                    + "(%,d/s), latency budgets are reported, not enforced: the runs at this rate did not settle "
                    + "them%s; the knee is about here%n%s", sweep.requiredThroughput(), decision.rule(),
                    decision.detail()));
        }
        if (rate.latencyMet()) {
            return decision;
        }
        if (!sweep.enforced(rate.rate())) {
            if (!onlyLatency || decision.outcome() == Outcome.PASSED || decision.outcome() == Outcome.REPORTED) {
                return decision;
            }
            return decision.with(Outcome.REPORTED, String.format(Locale.ROOT, "Above the required throughput "
                    + "(%,d/s), broken latency budgets are reported, not enforced: the knee is below this rate%n%s",
                    sweep.requiredThroughput(), decision.reported().breaches()));
        }
        if (decision.outcome() != Outcome.FAILED) {
            return decision;
        }
        OptionalInt firstBroken = earlier.stream().filter(r -> r.latency() == Outcome.FAILED).mapToInt(Rate::rate)
                .findFirst();
        String broke = firstBroken.isPresent()
                ? String.format(Locale.ROOT, "they broke first at %,d/s, and again at %,d/s", firstBroken.getAsInt(),
                rate.rate())
                : String.format(Locale.ROOT, "they broke first at %,d/s", rate.rate());
        return decision.with(Outcome.FAILED, String.format(Locale.ROOT, "Capacity budget broken: the latency budgets "
                + "must hold at every rate up to %,d/s; %s%n%s", sweep.requiredThroughput(), broke, decision.detail()));
    }

    /** @return of the rates measured, ascending, the highest up to which every one met its latency budgets */
    public static OptionalInt knee(List<Rate> rates) {
        return rates.stream().takeWhile(Rate::latencyMet).mapToInt(Rate::rate).reduce((lower, higher) -> higher);
    }

    /** @return for the sweep's rates measured (ascending, one or more), e.g. {@code Knee: 20,000/s, the highest ...} */
    public static String describe(Sweep sweep, List<Rate> rates) {
        OptionalInt knee = knee(rates);
        Optional<Rate> first = rates.stream().filter(r -> !r.latencyMet()).findFirst();
        StringBuilder text = new StringBuilder();
        if (first.isEmpty()) {
            text.append(String.format(Locale.ROOT, "Knee: above %,d/s: every rate measured met the latency budgets",
                    rates.get(rates.size() - 1).rate()));
        } else {
            boolean platform = first.get().latency() == Outcome.INCONCLUSIVE;
            String how = platform ? "broke first, and only through the platform's stalls (inconclusive: the knee may "
                    + "be higher)," : "broke first";
            text.append(knee.isPresent()
                    ? String.format(Locale.ROOT, "Knee: %,d/s, the highest rate up to which every rate met the "
                    + "latency budgets; they %s at %,d/s", knee.getAsInt(), how, first.get().rate())
                    : String.format(Locale.ROOT, "Knee: below %,d/s: the latency budgets %s at the lowest rate",
                    first.get().rate(), how));
            text.append(" (").append(first.get().breaches().replace(System.lineSeparator(), "; ")).append(')');
        }
        if (rates.size() < sweep.rates().size()) {
            text.append(String.format(Locale.ROOT, " (%d of the %d rates measured)", rates.size(),
                    sweep.rates().size()));
        }
        if (sweep.requiredThroughput() != 0) {
            boolean measured = rates.stream().anyMatch(r -> r.rate() == sweep.requiredThroughput());
            boolean met = measured && knee.isPresent() && knee.getAsInt() >= sweep.requiredThroughput();
            boolean inconclusive = measured && !met && first.orElseThrow().latency() == Outcome.INCONCLUSIVE;
            text.append(String.format(Locale.ROOT, ". Capacity budget (at least %,d/s): %s",
                    sweep.requiredThroughput(), met ? "met" : inconclusive ? "inconclusive"
                            : measured ? "broken" : "not judged, its rate was not measured"));
        }
        return text.append('.').toString();
    }
}
