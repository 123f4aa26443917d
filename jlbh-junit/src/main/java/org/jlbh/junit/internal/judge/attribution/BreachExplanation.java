package org.jlbh.junit.internal.judge.attribution;

/**
 * Why a broken latency budget is inconclusive rather than failed: the evidence cannot say whose the breach is.
 * Immutable.
 */
public sealed interface BreachExplanation permits StallExplanation {

    /** @return the explanation, a sentence starting {@code inconclusive: } */
    String describe();
}
