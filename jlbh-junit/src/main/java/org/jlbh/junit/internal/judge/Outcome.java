package org.jlbh.junit.internal.judge;

/** How a latency test, or one attempt of it, ended. */
public enum Outcome {
    /** Every budget was met, and no regression against the baseline. */
    PASSED,
    /** A budget broke, or a regression; the test fails. */
    FAILED,
    /** The evidence cannot decide; the test is aborted (Surefire: skipped). */
    INCONCLUSIVE,
    /** A budget broke in report mode ({@code jlbh.mode = report}): printed, the test does not fail. */
    REPORTED
}
