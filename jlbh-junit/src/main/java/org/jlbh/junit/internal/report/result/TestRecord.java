package org.jlbh.junit.internal.report.result;

/** What a report folder holds of a test: its result, or how it ended without one. */
public sealed interface TestRecord permits ResultSnapshot, EndedTest {
    /** @return which test */
    ResultSnapshot.Test test();
}
