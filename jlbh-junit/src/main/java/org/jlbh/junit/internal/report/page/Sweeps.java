package org.jlbh.junit.internal.report.page;

import org.jlbh.core.Percentiles;
import org.jlbh.junit.Verdict;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.SweepFigures;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The throughput sweeps among a report folder's results, as the suite page draws them ({@link SweepChart}): the
 * results that are a sweep's rates ({@code settings.sweep}) grouped by the class being run, the method, its parameter
 * types and the sweep; per rate and probe the figures of the console's sweep table ({@link SweepFigures}); each
 * latency budget and the rates at which it broke; and the knee as the console names it ({@link Capacity#describe}).
 * Stateless; thread-safe.
 */
final class Sweeps {

    private Sweeps() {
    }

    /** Which sweep a result is a rate of. */
    private record Key(String className, String method, List<String> parameterTypes, Sweep sweep) {
    }

    /** @return a chart per sweep the results, in any order, hold a rate of, by name */
    static List<ChartData.SweepData> of(List<ResultSnapshot> results) {
        Map<Key, TreeMap<Integer, ResultSnapshot>> sweeps = new LinkedHashMap<>();
        for (ResultSnapshot result : results) {
            ResultSnapshot.Test test = result.test();
            result.settings().sweep().ifPresent(sweep -> sweeps.computeIfAbsent(new Key(test.className(),
                    test.method(), test.parameterTypes(), sweep), key -> new TreeMap<>())
                    .merge(result.settings().throughputPerSecond(), result, Sweeps::newer));
        }
        return sweeps.entrySet().stream().map(rates -> chart(rates.getKey().sweep(), List.copyOf(rates.getValue()
                .values()))).sorted(Comparator.comparing(ChartData.SweepData::name)).toList();
    }

    /** Two results of one rate (a folder holds one file a rate; this is for lists put together otherwise). */
    private static ResultSnapshot newer(ResultSnapshot a, ResultSnapshot b) {
        return b.environment().time().compareTo(a.environment().time()) >= 0 ? b : a;
    }

    /** @return the sweep's chart of its rates' results, ascending by rate, at least one */
    private static ChartData.SweepData chart(Sweep sweep, List<ResultSnapshot> rates) {
        ResultSnapshot last = rates.get(rates.size() - 1);
        Verdict verdict = last.settings().verdict();
        List<Capacity.Rate> judged = rates.stream().map(Sweeps::rate).toList();
        List<ChartData.RateMark> marks = judged.stream()
                .map(rate -> new ChartData.RateMark(rate.rate(), rate.latency())).toList();
        Set<String> probeNames = new LinkedHashSet<>();
        rates.forEach(result -> SweepFigures.probes(result).forEach(probe -> probeNames.add(probe.name())));
        List<ChartData.SweepProbe> probes = probeNames.stream()
                .map(probe -> new ChartData.SweepProbe(probe, lines(rates, probe, verdict), budgets(rates, probe)))
                .toList();
        ResultSnapshot.Test test = last.test();
        String name = test.displayName().endsWith(test.invocation())
                ? test.displayName().substring(0, test.displayName().length() - test.invocation().length())
                : test.displayName();
        return new ChartData.SweepData(name, SweepFigures.judgedRun(verdict), marks, sweep.rates().size(),
                sweep.requiredThroughput(), Capacity.describe(sweep, judged),
                rates.stream().map(result -> result.test().displayName()).toList(), probes);
    }

    /** @return a rate as its latency budgets judged it in the reported attempt, as when the rate ended */
    static Capacity.Rate rate(ResultSnapshot result) {
        return Capacity.Rate.of(result.settings().throughputPerSecond(), result.reportedChecks().stream()
                .filter(check -> check.latency().isPresent() && !check.met())
                .map(check -> new Capacity.BrokenBudget(check.message(), check.inconclusive().isPresent()))
                .toList());
    }

    /** @return a line per percentile the table shows, and the worst, each where some rate has a value */
    private static List<ChartData.SweepLine> lines(List<ResultSnapshot> rates, String probe, Verdict verdict) {
        Stream<ChartData.SweepLine> percentiles = SweepFigures.PERCENTILES.stream().map(percentile -> line(rates,
                probe, "p" + Percentiles.label(percentile), percentile,
                figures -> SweepFigures.percentileNanos(figures, percentile, verdict)));
        ChartData.SweepLine worst = line(rates, probe, "worst", 100,
                figures -> figures.worstNanos() < 0 ? Double.NaN : figures.worstNanos());
        return Stream.concat(percentiles, Stream.of(worst))
                .filter(line -> Arrays.stream(line.micros()).anyMatch(micros -> !Double.isNaN(micros))).toList();
    }

    /** @return a line of the probe's value at each rate, in µs, from its nanoseconds; NaN where a rate has none */
    private static ChartData.SweepLine line(List<ResultSnapshot> rates, String probe, String label, double percentile,
                                            ToDoubleFunction<ProbeFigures> nanos) {
        return new ChartData.SweepLine(label, percentile, rates.stream().mapToDouble(result -> figures(result, probe)
                .map(figures -> nanos.applyAsDouble(figures) / 1e3).orElse(Double.NaN)).toArray());
    }

    private static Optional<ProbeFigures> figures(ResultSnapshot result, String probe) {
        return result.probes().stream().filter(figures -> figures.name().equals(probe)).findFirst();
    }

    /** @return each latency budget on the probe that some rate checked, with the rates at which it broke */
    private static List<ChartData.SweepBudget> budgets(List<ResultSnapshot> rates, String probe) {
        Map<List<Double>, List<Integer>> broken = new LinkedHashMap<>();
        for (ResultSnapshot result : rates) {
            for (ResultSnapshot.CheckRecord check : result.reportedChecks()) {
                check.latency().filter(latency -> latency.probe().equals(probe)).ifPresent(latency -> {
                    List<Integer> at = broken.computeIfAbsent(List.of(latency.percentile(), latency.maxMicros()),
                            budget -> new ArrayList<>());
                    if (!check.met()) {
                        at.add(result.settings().throughputPerSecond());
                    }
                });
            }
        }
        return broken.entrySet().stream().map(budget -> new ChartData.SweepBudget(budget.getKey().get(0),
                budget.getKey().get(1), budget.getValue())).toList();
    }
}
