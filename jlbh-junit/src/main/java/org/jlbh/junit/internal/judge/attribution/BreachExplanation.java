package org.jlbh.junit.internal.judge.attribution;

/**
 * Why a broken latency budget is inconclusive rather than failed: the late samples not the code's account for the
 * breach ({@link ExcusedBreach}), or, where there is no scheduler evidence, the platform's stalls as OS jitter saw
 * them ({@link StallExplanation}). Immutable.
 */
public sealed interface BreachExplanation permits ExcusedBreach, StallExplanation {

    /** @return the explanation, a sentence starting {@code inconclusive: } */
    String describe();
}
