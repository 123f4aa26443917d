/**
 * Each measured run's latency over time, recorded garbage-free by the harness threads: per window the worst sample
 * and the samples over each budget, and the late samples ({@link org.jlbh.junit.internal.run.timeline.Timelines}).
 */
package org.jlbh.junit.internal.run.timeline;
