package org.jlbh.junit.internal.store;

import org.jlbh.core.JLBHResult;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.profile.CodeProfile;
import org.jlbh.junit.internal.profile.Comparison;
import org.jlbh.junit.internal.profile.ProfileWithPages;
import org.jlbh.junit.internal.report.result.ResultSnapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * One test's door to the store: its history read when the run compares with a baseline, its result kept in the report
 * folder and, when the run records a baseline, in its history. Never throws: what cannot be read or written is in what
 * it returns. One per test; not thread-safe.
 */
public final class TestStore {
    private final ReportFolder folder;
    private final Optional<BaselineHistory> history;
    private final boolean recording;
    private boolean keptResult;

    public TestStore(ReportFolder folder, Configuration configuration) {
        this.folder = folder;
        this.history = configuration.baselineDir().map(dir -> new BaselineHistory(dir,
                configuration.baselineHistory()));
        this.recording = configuration.writeBaseline();
    }

    /** @return a test's baseline file in a baseline folder */
    public static Path baselineFile(Path baselineDir, ResultSnapshot.Test test) {
        return BaselineHistory.file(baselineDir, test);
    }

    /** @return the test's history as read; empty when no baseline is configured, or this run records one */
    public Optional<HistoryRead> history(ResultSnapshot.Test test) {
        return recording ? Optional.empty() : history.map(baseline -> baseline.read(test));
    }

    /**
     * When this run records a baseline, adds the result to the history ({@link BaselineHistory#record}) first, then
     * writes the result, saying what became of a history that could not be used, and the {@code .hgrm} files of what
     * the reported attempt measured into the report folder.
     */
    public Stored keep(ResultSnapshot result, JLBHResult measured, Optional<String> withoutEvidence) {
        Optional<Recording> recorded = recording ? Optional.of(history.orElseThrow().record(result, withoutEvidence))
                : Optional.empty();
        ResultSnapshot kept = recorded.flatMap(Recording::state).map(result::withHistory).orElse(result);
        Stored.Written written;
        try {
            written = folder.write(kept, measured);
        } catch (IOException | RuntimeException e) {
            return new Stored.NotWritten(kept, folder.dir(), e, recorded);
        }
        keptResult = true;
        return recorded.map(written::recorded).orElse(written);
    }

    /**
     * Writes a profile's flame graph pages into the report folder, or removes an older file of a page not drawn
     * ({@link ReportFolder#writePage}); a page that cannot be written is left unnamed, and the profile stands.
     *
     * @param taken the profile, with its pages
     * @param <C>   what it compares
     * @return the profile, naming the pages written
     */
    public <C extends Comparison> CodeProfile<C> keepPages(ProfileWithPages<C> taken) {
        Set<String> written = new HashSet<>();
        taken.pages().forEach(page -> folder.writePage(page.file(), page.html()).ifPresent(written::add));
        return taken.profile().withFilesWritten(written);
    }

    /** @return whether the test's result was kept */
    public boolean keptResult() {
        return keptResult;
    }
}
