/**
 * Why samples were late: each sample over a budget put down to a {@link
 * org.jlbh.junit.internal.judge.attribution.Cause} from the evidence seen beside its run, and how those causes explain
 * the breach.
 *
 * <h2>Every late sample has a cause</h2>
 * The evidence ({@code run.evidence.RunEvidence}) is the harness thread's own run-queue waits and the time the host
 * took its CPU (Linux's scheduler statistics), the whole machine's stalls a second thread saw, and the JVM's
 * safepoints and collections (the Flight Recorder). A late sample is put down to
 * <ul>
 *   <li>the <b>platform</b> when, replayed without the waits for a CPU, the host's time, the machine's stalls and the
 *   time the harness began a call late with no call running, it would have been within the budget;</li>
 *   <li>a <b>safepoint</b> when it is so without the JVM's stops other than collections too;</li>
 *   <li><b>older objects</b> when it is so without the collections' copying of objects alive before the measured runs
 *   too (the JVM's, JUnit's, the warm-up's);</li>
 *   <li>a <b>garbage collection</b> when only cutting the rest of the collections brings it within: the code's own
 *   garbage;</li>
 *   <li>the <b>code</b> otherwise, named "while the code blocked" when its thread gave up its CPU itself then.</li>
 * </ul>
 * A pause makes the iterations queued behind it late too (coordinated omission); the replay moves them up with it
 * ({@link org.jlbh.junit.internal.judge.attribution.QueueReplay} says how a pause is placed and cut). A breach the
 * code's own samples still make is failed; one that holds without the platform's, the safepoints' and the older
 * objects' samples is met on the code's own account in {@code jlbh.noise = aware}
 * ({@link org.jlbh.junit.internal.judge.attribution.CodesOwnAccount}). Without scheduler evidence, a breach is weighed
 * against the OS jitter measurement instead ({@link org.jlbh.junit.internal.judge.attribution.StallExplanation}).
 */
package org.jlbh.junit.internal.judge.attribution;
