/**
 * Why samples were late: each sample over a budget put down to a {@link
 * org.jlbh.junit.internal.judge.attribution.Cause} from the evidence seen beside its run (the harness thread's
 * run-queue waits and the host's taking its CPU, from Linux's scheduler; the machine's stalls a second thread saw; the
 * JVM's safepoints and collections, from the Flight Recorder).
 *
 * <p>A late sample is the <b>platform</b>'s when, replayed without the waits for a CPU, the host's time, the machine's
 * stalls and a call begun late with no call running, it would have been within the budget; a <b>safepoint</b>'s when
 * it is so without the JVM's other stops too; <b>older objects</b>' when it is so without the collections' copying of
 * objects alive before the measured runs too; a <b>collection</b>'s when only cutting the rest of the collections
 * brings it within; else the <b>code</b>'s. A pause makes the iterations queued behind it late too (coordinated
 * omission), and the replay moves them up with it ({@link org.jlbh.junit.internal.judge.attribution.QueueReplay}). A
 * budget that holds without the platform's, the safepoints' and the older objects' samples is met on the code's own
 * account in {@code jlbh.noise = aware}; without scheduler evidence, a breach is weighed against the OS jitter
 * measurement instead ({@link org.jlbh.junit.internal.judge.attribution.StallExplanation}).
 */
package org.jlbh.junit.internal.judge.attribution;
