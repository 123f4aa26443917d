/**
 * The paced latency harness: source-compatible with the reference JLBH ({@code net.openhft.chronicle.jlbh}), with
 * results a latency engineer can trust.
 *
 * <h2>Timing model</h2>
 * <ul>
 *   <li><b>Fixed-rate schedule.</b> Iteration <i>i</i> of a run is due at {@code t0 + i × interval}, where the
 *   interval is {@code timeUnit / throughput} kept exactly (no rounding to whole nanoseconds, so no drift). The
 *   schedule is never re-anchored: when an iteration is late (a stall in the task, a GC, the OS), the iterations
 *   queued behind it run back to back until the schedule is caught up, as requests would queue in production.</li>
 *   <li><b>Coordinated omission accounted for</b> (the default). The task is given each iteration's
 *   <i>intended</i> start, so the time an iteration spent waiting behind a stall is part of its latency: a 1 ms
 *   stall at 100,000/s delays the next 100 iterations by 1,000, 990, … 10 µs, and the percentiles show it. With
 *   {@link org.jlbh.core.JLBHOptions#accountForCoordinatedOmission(boolean) accountForCoordinatedOmission(false)}
 *   the schedule is the same but the task is given the moment it was actually called, which hides that waiting.</li>
 *   <li><b>Harness lateness.</b> How late the harness called each iteration relative to its due time is recorded
 *   per run, with the achieved against the target throughput, so a harness (or task) that cannot keep up says
 *   so.</li>
 *   <li><b>Warm-up</b> is a run of its own on the same schedule (or back to back, with
 *   {@link org.jlbh.core.JLBHOptions#pacedWarmUp(boolean) pacedWarmUp(false)}), whose results are discarded; zero is
 *   legal.</li>
 *   <li><b>Runs always end.</b> A run ends {@link org.jlbh.core.RunStatus#COMPLETE COMPLETE} when every iteration
 *   produced one end-to-end sample; otherwise {@code INCOMPLETE} (samples missing after the timeout),
 *   {@code OVERSAMPLED} or {@code ABORTED} (abort, exception, or an iteration that did not return in time), and the
 *   results say so.</li>
 * </ul>
 *
 * <h2>Recording</h2>
 * Every run of end-to-end, of each probe and of OS jitter is an HdrHistogram with 1 ns resolution and 3
 * significant digits up to one hour; out-of-range values are clamped and counted. Samples may come from any
 * thread. A percentile <i>p</i> is printed or returned only when at least {@code 10 / (1 − p/100)} samples support
 * it. OS jitter is measured by a sleeping thread (jHiccup's method), which does not consume the CPU it measures.
 *
 * <h2>No global side effects</h2>
 * No {@code System.exit}, no CPU pinning unless asked ({@link org.jlbh.core.JLBHOptions#acquireLock} and
 * {@link org.jlbh.core.JLBHOptions#jitterAffinity(boolean)}, with {@code net.openhft:affinity} added by the caller),
 * no files (but the one {@link org.jlbh.core.util.JLBHResultSerializer} is asked to write), no network, no JVM flags;
 * chronicle-core is used for the reference's interfaces ({@link net.openhft.chronicle.core.util.NanoSampler}, the
 * event loop's) and histogram only, and its {@code Jvm} class is never initialised.
 *
 * <h2>Porting from the reference JLBH</h2>
 * Change the imports from {@code net.openhft.chronicle.jlbh} to {@code org.jlbh.core}. The reference's own test
 * suite compiles unchanged but for the package and passes but for one case that pins corrected figures; every
 * remaining difference, with its reason, is in
 * <a href="https://github.com/jlbh/jlbh-junit/blob/main/COMPATIBILITY.md#differences-that-remain">the compatibility notes</a>.
 */
package org.jlbh.core;
