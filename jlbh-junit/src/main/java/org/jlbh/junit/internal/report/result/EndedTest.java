package org.jlbh.junit.internal.report.result;

import org.jlbh.junit.internal.judge.Outcome;

/**
 * A latency test that ended before it had a result (a configuration error, a body that threw): failed, or inconclusive
 * (aborted), why as its failure or abort message says it, and when (ISO-8601); kept so that no test vanishes from the
 * suite page. Immutable.
 */
public record EndedTest(ResultSnapshot.Test test, Outcome outcome, String detail, String time) implements TestRecord {
}
