/**
 * Running a latency test: the test method as the harness's task ({@link org.jlbh.junit.internal.run.MethodTask},
 * bound through {@link org.jlbh.junit.internal.run.Body}), its probe parameters, and the meters beside the harness
 * (allocation, garbage collections, platform stalls). One {@link org.jlbh.junit.internal.run.Measurement} per test;
 * each attempt yields an {@link org.jlbh.junit.internal.run.Attempt}. No judging and no reporting here.
 *
 * <p>Beside each measurement, the evidence that attributes late samples is collected ({@link
 * org.jlbh.junit.internal.run.LiveEvidence}), never by the harness thread in its loop: a monitor thread samples the
 * harness thread's scheduler statistics every millisecond ({@link org.jlbh.junit.internal.run.SchedulerMonitor}), and
 * a Flight Recorder stream reports the JVM's safepoints and collections ({@link
 * org.jlbh.junit.internal.run.JvmPauseRecorder}). The harness thread records, garbage-free, each run's timeline and
 * late samples ({@link org.jlbh.junit.internal.run.LatencyTimeline}).
 */
package org.jlbh.junit.internal.run;
