package org.jlbh.junit.internal.report.result;

import org.jlbh.junit.internal.judge.Outcome;

/**
 * A latency test that ended before it had a result (a configuration error, a body that threw), kept so that no test
 * vanishes from the suite page. Immutable.
 *
 * @param outcome failed, or inconclusive (aborted)
 * @param detail  why, as the test's failure or abort message says it
 * @param time    when, ISO-8601
 */
public record EndedTest(ResultSnapshot.Test test, Outcome outcome, String detail, String time) implements TestRecord {
}
