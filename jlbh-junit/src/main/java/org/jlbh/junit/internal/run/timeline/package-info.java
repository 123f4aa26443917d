/**
 * Each measured run's latency over time, recorded garbage-free by the harness threads: per window the worst sample and
 * the samples over each budget, and the late samples themselves for the attribution
 * ({@link org.jlbh.junit.internal.run.timeline.LatencyTimeline}, one per probe, cut into runs together by
 * {@link org.jlbh.junit.internal.run.timeline.Timelines}; each ended run is a
 * {@link org.jlbh.junit.internal.run.timeline.RunTimeline}).
 */
package org.jlbh.junit.internal.run.timeline;
