package org.jlbh.junit.internal.export;

import org.jlbh.core.JLBH;
import org.jlbh.junit.internal.judge.baseline.ProbeFigures;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the continuous-benchmarking tools read, taken from a report folder's results: each test's end-to-end latency at
 * each percentile every run of it supports, as its verdict judges it (the median run's value, or the worst run's with
 * {@code EVERY_RUN}), with the runs' lowest and highest. Read by {@link JmhJson} and {@link BencherJson}. Stateless.
 */
final class MachineFormats {

    private MachineFormats() {
    }

    /**
     * One test's figure at one percentile, e.g. {@code 99.9}: the value its verdict judges and the runs' lowest and
     * highest, in nanoseconds. The benchmark is {@code class.method}, with its invocation in brackets if it has one.
     */
    record Figure(String benchmark, String percentile, double nanos, double lowest, double highest, int runs,
                  int threads) {
    }

    /** @return every result's end-to-end figures, by benchmark name, percentiles in ascending order */
    static List<Figure> of(List<ResultSnapshot> results) {
        List<Figure> figures = new ArrayList<>();
        for (ResultSnapshot result : results) {
            ResultSnapshot.Test test = result.test();
            String benchmark = test.className() + "." + test.method()
                    + (test.invocation().isEmpty() ? "" : "[" + test.invocation() + "]");
            for (ProbeFigures probe : result.probes().stream().filter(probe -> probe.name().equals(JLBH.END_TO_END))
                    .toList()) {
                Map<Double, String> labels = new TreeMap<>();
                probe.runs().forEach(run -> run.percentilesNanos().keySet()
                        .forEach(label -> labels.put(Double.parseDouble(label), label)));
                for (String label : labels.values()) {
                    List<Double> byRun = probe.percentileByRun(label);
                    if (byRun.isEmpty()) {
                        continue; // a run without the samples for it: not shown
                    }
                    figures.add(new Figure(benchmark, label, result.settings().verdict().judge(byRun),
                            Collections.min(byRun), Collections.max(byRun), byRun.size(),
                            result.settings().threads()));
                }
            }
        }
        figures.sort(java.util.Comparator.comparing(Figure::benchmark));
        return figures;
    }
}
