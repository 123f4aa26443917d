/** Each measured run's latency over time, per window and late sample, recorded garbage-free by the harness threads. */
package org.jlbh.junit.internal.run.timeline;
