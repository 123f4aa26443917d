/**
 * Implementation of the harness: the pieces the engine is built from (the schedule, the paced loops, the latency
 * recorders, the OS jitter sampler, optional CPU pinning, the results' immutable values and the report's text). The
 * engine that runs a benchmark with them is in {@link org.jlbh.core.internal.engine}; nothing here uses it. Not part
 * of the API: anything here may change without notice.
 */
package org.jlbh.core.internal;
