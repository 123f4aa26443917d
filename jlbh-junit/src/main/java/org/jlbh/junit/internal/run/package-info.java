/**
 * Running a latency test: the test method as the harness's task ({@link org.jlbh.junit.internal.run.MethodTask},
 * bound through {@link org.jlbh.junit.internal.run.Body}), its probe parameters, and the meters beside the harness
 * (allocation, garbage collections, platform stalls). One {@link org.jlbh.junit.internal.run.Measurement} per test;
 * each attempt yields an {@link org.jlbh.junit.internal.run.Attempt}. No judging and no reporting here.
 *
 * <p>Each measurement collects the evidence that attributes late samples ({@link
 * org.jlbh.junit.internal.run.LiveEvidence}): each harness thread reads its own scheduler figures from
 * {@code /proc/thread-self} after a late iteration and in the slack between iterations ({@link
 * org.jlbh.junit.internal.run.SchedulerReadings}), so a wait is in hand the moment the thread that suffered it runs
 * again, and no reader starved beside it can miss it; a Flight Recorder stream reports the JVM's safepoints and
 * collections ({@link org.jlbh.junit.internal.run.JvmPauseRecorder}), read up to a mark committed when the
 * measurement ends. The harness thread records, garbage-free, each run's timeline and
 * late samples ({@link org.jlbh.junit.internal.run.LatencyTimeline}).
 */
package org.jlbh.junit.internal.run;
