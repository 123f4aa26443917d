package org.jlbh.junit.internal.report.page;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.report.result.TestRecord;
import org.jlbh.junit.internal.store.ResultJsonTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The suite page of what a folder holds: a result it cannot draw is left off and named, the others drawn. */
class SuitePageTest {
    @Test
    void aResultThatCannotBeDrawnIsLeftOffAndNamedAndTheOthersAreDrawn() {
        List<TestRecord> records = new ArrayList<>(SweepFixture.roundTrip());
        ResultSnapshot whole = ResultJsonTest.everything();
        // no environment: what no reader returns, but a page must survive whatever it is given
        records.add(new ResultSnapshot(whole.test(), whole.settings(), null, whole.conclusion(), whole.attempts(),
                whole.allocatedBytesPerOp(), whole.runs(), whole.probes(), whole.baseline(), whole.paired()));

        SuitePage page = SuitePage.of(records);

        assertThat(page.tests()).hasSize(records.size() - 1);
        assertThat(page.results()).hasSize(records.size() - 1);
        assertThat(page.notDrawn()).singleElement().asString().startsWith(whole.test().id()
                + " (java.lang.NullPointerException");
        assertThat(page.html()).doesNotContain(whole.test().displayName());
    }

    @Test
    void aBaselineHistoryKeptAsideIsSaidBesideTheVerdict() {
        ResultSnapshot result = ResultJsonTest.everything().withHistory(new ResultSnapshot.HistoryState(
                ResultSnapshot.HistoryState.State.KEPT_ASIDE, "/p/A.m.json", "/p/A.m.json is not a valid jlbh-junit "
                + "baseline (cut short)", Optional.of("/p/A.m.unreadable-20261202T040500Z.json"), "repair that file"));

        ChartData.TestChart test = SuitePage.of(List.of(result)).tests().get(0);

        assertThat(test.verdictDetail()).contains(result.conclusion().detail()).endsWith(System.lineSeparator()
                + "Baseline history kept aside: /p/A.m.json is not a valid jlbh-junit baseline (cut short); its builds "
                + "are kept in /p/A.m.unreadable-20261202T040500Z.json, and the history started again with this "
                + "build. To go on from them: repair that file");
    }
}
