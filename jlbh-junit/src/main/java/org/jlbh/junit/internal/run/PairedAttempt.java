package org.jlbh.junit.internal.run;

/**
 * One attempt of a paired test: what was measured on each copy of the two sides, their runs taken in turns in one
 * harness: the base build's classes, the change's (the test's own class), the control (a second copy of the base's
 * classes, loaded apart from the first) and the change's second copy (loaded apart from the test's class). Immutable.
 */
public record PairedAttempt(Attempt base, Attempt change, Attempt control, Attempt changeCopy) {
}
