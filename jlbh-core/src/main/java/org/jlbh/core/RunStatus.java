package org.jlbh.core;

/**
 * How a measured run ended. Anything but {@link #COMPLETE} means the run's figures do not cover exactly one
 * end-to-end sample per iteration, and {@link JLBHResult.RunSummary#detail()} says why.
 */
public enum RunStatus {
    /** Every iteration ran and produced exactly one end-to-end sample. */
    COMPLETE,
    /**
     * Every iteration ran, but fewer end-to-end samples arrived than iterations within the timeout;
     * {@link JLBHResult.RunSummary#missingSamples()} gives how many are missing.
     */
    INCOMPLETE,
    /** Every iteration ran, but more end-to-end samples were recorded than iterations. */
    OVERSAMPLED,
    /**
     * The run ended early: {@link JLBH#abort()} was called, the task threw, or an iteration did not return within
     * the timeout. Its figures cover the iterations before that point.
     */
    ABORTED;

    /**
     * @param other another status
     * @return the worse of the two, in the order COMPLETE, OVERSAMPLED, INCOMPLETE, ABORTED
     */
    public RunStatus worse(RunStatus other) {
        return severity(other) > severity(this) ? other : this;
    }

    private static int severity(RunStatus status) {
        switch (status) {
            case COMPLETE:
                return 0;
            case OVERSAMPLED:
                return 1;
            case INCOMPLETE:
                return 2;
            default:
                return 3;
        }
    }
}
