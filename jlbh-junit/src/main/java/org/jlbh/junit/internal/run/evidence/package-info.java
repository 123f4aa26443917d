/**
 * What the scheduler and the JVM said beside each measured run
 * ({@link org.jlbh.junit.internal.run.evidence.RunEvidence}): each harness thread's own scheduler readings
 * ({@link org.jlbh.junit.internal.run.evidence.SchedulerReadings}), the whole machine's stalls a second thread sees
 * ({@link org.jlbh.junit.internal.run.evidence.StallWitness}), the JVM's pauses from the Flight Recorder
 * ({@link org.jlbh.junit.internal.run.evidence.JvmPauseRecorder}); else OS-jitter stalls.
 */
package org.jlbh.junit.internal.run.evidence;
