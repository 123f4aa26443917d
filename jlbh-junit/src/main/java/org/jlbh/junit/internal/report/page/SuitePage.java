package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.judge.Outcome;
import org.jlbh.junit.internal.report.result.EndedTest;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.TestRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The suite page of a report folder, drawn from what the folder holds: every test, failures first, a test that ended
 * without a result as such, and the throughput sweeps among the results. Immutable.
 *
 * @param tests     the tests as listed, failures first (by outcome, then name)
 * @param sweeps    the throughput sweeps among them
 * @param results   the results drawn, in the folder's order
 * @param notDrawn  each result that could not be drawn (a file edited by hand): its test's id and why
 */
public record SuitePage(List<ChartData.TestChart> tests, List<ChartData.SweepData> sweeps,
                        List<ResultSnapshot> results, List<String> notDrawn) {
    private static final Comparator<ChartData.TestChart> FAILURES_FIRST = Comparator
            .comparingInt((ChartData.TestChart test) -> rank(test.outcome()))
            .thenComparing(ChartData.TestChart::name, Comparator.nullsFirst(Comparator.naturalOrder()));

    public SuitePage {
        tests = List.copyOf(tests);
        sweeps = List.copyOf(sweeps);
        results = List.copyOf(results);
        notDrawn = List.copyOf(notDrawn);
    }

    /** @return the page of what a report folder holds; a result that cannot be drawn is left off, and named */
    public static SuitePage of(List<TestRecord> records) {
        List<ChartData.TestChart> tests = new ArrayList<>();
        List<ResultSnapshot> results = new ArrayList<>();
        List<String> notDrawn = new ArrayList<>();
        for (TestRecord record : records) {
            if (record instanceof EndedTest ended) {
                tests.add(ChartData.of(ended));
                continue;
            }
            ResultSnapshot result = (ResultSnapshot) record;
            try {
                tests.add(ChartData.of(result));
                results.add(result);
            } catch (RuntimeException undrawable) {
                notDrawn.add(result.test().id() + " (" + undrawable + ")");
            }
        }
        tests.sort(FAILURES_FIRST);
        return new SuitePage(tests, Sweeps.of(results), results, notDrawn);
    }

    /** @return the page, a complete HTML document */
    public String html() {
        return HtmlReport.render("Latency tests", tests, sweeps);
    }

    /** @return an outcome's place in a list of tests: failed first, then inconclusive, reported, passed */
    public static int rank(Outcome outcome) {
        return switch (outcome) {
            case FAILED -> 0;
            case INCONCLUSIVE -> 1;
            case REPORTED -> 2;
            case PASSED -> 3;
        };
    }
}
