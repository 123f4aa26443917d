/**
 * Where the tail is spent: after a latency budget broke on the code's own account, one more run of the test with
 * async-profiler sampling its harness threads, split into the samples taken while a late iteration was due and
 * running (from its intended start to its end) and those of the iterations on time; the frames the late iterations
 * spent more of their time in, ranked, and flame graphs of both. {@link org.jlbh.junit.internal.profile.TailProfiling}
 * runs it; {@link org.jlbh.junit.internal.profile.TailSplit} and {@link org.jlbh.junit.internal.profile.TailFrames}
 * are the arithmetic, free of the profiler.
 */
package org.jlbh.junit.internal.profile;
