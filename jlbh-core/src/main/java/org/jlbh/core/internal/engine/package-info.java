/**
 * The engine that runs a {@link org.jlbh.core.JLBH} benchmark: it makes the paced loops, recorders and schedules of
 * {@link org.jlbh.core.internal} into a benchmark's life, from {@code init()} through the warm-up and the measured
 * runs to the report and {@code complete()}, supervises it, and ends it early when asked or stuck. Not part of the
 * API: anything here may change without notice.
 *
 * <p>The JLBH crosses into the engine only through {@link org.jlbh.core.internal.engine.Harness}, the one public
 * class here besides the {@link org.jlbh.core.internal.engine.Settings} it is made from (the options' values, copied
 * when the JLBH is constructed); the other classes are package-private, with one job each.
 *
 * <p>Threads: with {@code start()} a {@code jlbh-harness} thread runs the task from {@code init()} to
 * {@code complete()} ({@code ThreadDriver}) while the calling thread supervises it ({@code Supervisor}): prints
 * progress, ends a run that falls behind or does not return, and takes a stuck run over and reports in its place.
 * With {@code runOnCallingThread(true)} the calling thread runs the task and a {@code jlbh-supervisor} thread
 * supervises it. When several harness threads share the load, {@code jlbh-harness-1} and on run their parts of each
 * measurement beside the first ({@code LaneThreads}). With {@code eventLoopHandler()} the event loop's thread does
 * everything, one step per call ({@code EventLoopDriver}), and the calling thread only waits for the warm-up. OS
 * jitter is sampled on a {@code jlbh-os-jitter} thread. Samples, probes and {@code abort()} may come from any thread;
 * each class says which thread uses what in it.
 */
package org.jlbh.core.internal.engine;
