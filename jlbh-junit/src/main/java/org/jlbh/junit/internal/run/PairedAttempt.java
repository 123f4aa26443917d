package org.jlbh.junit.internal.run;

/**
 * One attempt of a paired test: what was measured on each copy of the two sides, their runs taken in turns in one
 * harness. Immutable.
 *
 * @param base       the base build's copy
 * @param control    the control: a second copy of the base's classes, loaded apart from the first
 * @param changeOwn  the change's copy that is the test's own class
 * @param changeCopy the change's second copy, loaded apart from the test's class as the base's are
 * @param change     the change's two copies' runs together, in the order taken: what its budgets judge
 */
public record PairedAttempt(Attempt base, Attempt control, Attempt changeOwn, Attempt changeCopy, Attempt change) {
}
