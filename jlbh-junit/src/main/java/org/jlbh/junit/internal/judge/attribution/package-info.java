/**
 * Why samples were late: each sample of a broken budget put down to a cause
 * ({@link org.jlbh.junit.internal.judge.attribution.LateSampleAttribution}) from the evidence seen beside its run, and
 * how those causes explain the breach.
 *
 * <h2>Every late sample has a cause</h2>
 * The evidence ({@code run.evidence.RunEvidence}) is direct: the harness thread's own run-queue waits and the time the host
 * took its CPU, from Linux's scheduler statistics sampled beside the run; the stalls of the whole machine a second
 * thread saw (late by as long, at the same time, without waiting for a CPU: {@code run.evidence.MachineStall}), which
 * the guest's scheduler does not count; and the JVM's safepoints and collections, from the Flight Recorder. A sample
 * over a budget is put down to
 * <ul>
 *   <li>the <b>platform</b> when, replayed without the waits for a CPU, the host's taking it, the machine's stalls and
 *   the time the harness began a late call after it was due (no call of the test method ran then: the harness thread
 *   was held up outside the code), it would have been within the budget;</li>
 *   <li>a <b>safepoint</b> (named by its VM operation) when it is so without the JVM's stops other than
 *   collections;</li>
 *   <li>a collection's copying of <b>objects older than the measured runs</b> (the JVM's, JUnit's, the harness's, what
 *   the warm-up left alive) when it is so without that part of the collections too: each collection's pause is split
 *   by the share of the bytes it copied that its survivors' ages say were alive before the runs began
 *   ({@code run.evidence.GcCopy});</li>
 *   <li>a <b>garbage collection</b> when only cutting the rest of the collections too brings it within the budget —
 *   the code's own garbage;</li>
 *   <li>the <b>code</b> otherwise: no pause covers it. Those whose service holds a stretch in which the harness thread
 *   gave up its CPU itself (its voluntary switches went up: I/O, a lock, a sleep) are named "while the code blocked",
 *   and stay the code's.</li>
 * </ul>
 * A pause makes the iterations queued behind it late too (coordinated omission): the replay moves them up with it,
 * so they belong to the same cause until the schedule is caught up, and one it lets begin on its schedule no longer
 * carries the harness's own work between two iterations that it queued behind, and takes what the run's iterations on
 * their schedule typically take before their call ({@link
 * org.jlbh.junit.internal.judge.attribution.QueueReplay} says exactly how a pause is placed and cut). A broken budget is
 * <b>failed</b> when the samples the code and its collections account for alone still break it, and <b>met on the
 * code's own account</b> (in {@code jlbh.noise = aware}) when it holds without the platform's, the safepoints' and the
 * older objects' late samples ({@link org.jlbh.junit.internal.judge.attribution.CodesOwnAccount}); either way the
 * message carries the attribution. Where the OS gives no scheduler evidence, a breach is
 * weighed against the OS jitter measurement instead ({@link org.jlbh.junit.internal.judge.attribution.StallExplanation}), as
 * before this evidence existed.
 */
package org.jlbh.junit.internal.judge.attribution;
