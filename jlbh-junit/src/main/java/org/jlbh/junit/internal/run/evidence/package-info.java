/**
 * What the scheduler and the JVM said beside each measured run, the evidence that puts late samples down to their
 * causes ({@link org.jlbh.junit.internal.run.evidence.RunEvidence}). On this machine
 * ({@link org.jlbh.junit.internal.run.evidence.LiveEvidence}) each harness thread reads its own scheduler figures from
 * {@code /proc/thread-self} after a late iteration and in the slack between iterations
 * ({@link org.jlbh.junit.internal.run.evidence.SchedulerReadings}), so a wait is in hand the moment the thread that
 * suffered it runs again, and no reader starved beside it can miss it; a second, sleeping thread sees the stalls of the
 * whole machine that the guest's scheduler does not count ({@link org.jlbh.junit.internal.run.evidence.StallWitness},
 * {@link org.jlbh.junit.internal.run.evidence.MachineStall}); a Flight Recorder stream reports the JVM's
 * safepoints and collections ({@link org.jlbh.junit.internal.run.evidence.JvmPauseRecorder}), read up to a mark
 * committed when the measurement ends. Where there is no such evidence, the OS-jitter measurement's stalls
 * ({@link org.jlbh.junit.internal.run.evidence.PlatformStalls}) are what a breach is weighed against.
 */
package org.jlbh.junit.internal.run.evidence;
