package org.jlbh.junit.internal.run;

/**
 * One attempt of a paired test: what was measured on the base build's classes and on the change's, their runs
 * taken in turns in the same JVM. Immutable.
 */
public record PairedAttempt(Attempt base, Attempt change) {
}
