package org.jlbh.junit.internal.judge.attribution;

/**
 * Why a broken latency budget is inconclusive rather than failed: the evidence cannot say whose the breach is. Where
 * there is no scheduler evidence, the platform's stalls as OS jitter saw them explain it
 * ({@link StallExplanation}). A breach the evidence puts down to the platform and the JVM's safepoints is not
 * inconclusive: it is met on the code's own account ({@link CodesOwnAccount}). Immutable.
 */
public sealed interface BreachExplanation permits StallExplanation {

    /** @return the explanation, a sentence starting {@code inconclusive: } */
    String describe();
}
