package org.jlbh.junit.internal.run;

/**
 * One attempt of a paired test: what was measured on the base build's classes, on the change's, and on the control (a
 * second copy of the base's classes, loaded apart from the first), their runs taken in turns in one harness.
 * Immutable.
 */
public record PairedAttempt(Attempt base, Attempt change, Attempt control) {
}
