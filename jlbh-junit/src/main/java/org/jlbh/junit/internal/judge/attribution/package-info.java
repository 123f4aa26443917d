/**
 * Why samples were late: each sample of a broken budget put down to a cause
 * ({@link org.jlbh.junit.internal.judge.attribution.LateSampleAttribution}) from the evidence seen beside its run, and
 * how those causes explain the breach.
 *
 * <h2>Every late sample has a cause</h2>
 * The evidence ({@code run.evidence.RunEvidence}) is direct: the harness thread's own run-queue waits and the time the host
 * took its CPU, from Linux's scheduler statistics sampled beside the run; and the JVM's safepoints and collections,
 * from the Flight Recorder. A sample over a budget is put down to
 * <ul>
 *   <li>the <b>platform</b> when, replayed without the waits for a CPU and the host's taking it, it would have been
 *   within the budget;</li>
 *   <li>a <b>safepoint</b> (named by its VM operation) when it is so without the JVM's stops other than
 *   collections;</li>
 *   <li>a <b>garbage collection</b> when only cutting collections too brings it within the budget — collections are
 *   the code's own allocation;</li>
 *   <li>the <b>code</b> otherwise: no pause covers it.</li>
 * </ul>
 * A pause makes the iterations queued behind it late too (coordinated omission): the replay moves them up with it,
 * so they belong to the same cause until the schedule is caught up ({@link
 * org.jlbh.junit.internal.judge.attribution.QueueReplay} says exactly how a pause is placed and cut). A broken budget is
 * <b>failed</b> when the samples the code and its collections account for alone still break it, and
 * <b>inconclusive</b> (in {@code jlbh.noise = aware}) when it holds without the platform's and the safepoints' late
 * samples; either way the message carries the attribution. Where the OS gives no scheduler evidence, a breach is
 * weighed against the OS jitter measurement instead ({@link org.jlbh.junit.internal.judge.attribution.StallExplanation}), as
 * before this evidence existed.
 */
package org.jlbh.junit.internal.judge.attribution;
