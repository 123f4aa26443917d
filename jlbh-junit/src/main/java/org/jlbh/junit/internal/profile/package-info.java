/**
 * Where a test's code spent its time, profiled once its verdict is decided, in one more measurement with
 * async-profiler sampling the harness threads. Both profiles go one way ({@link
 * org.jlbh.junit.internal.profile.Profiling}): measured under the profiler, the samples read into collapsed stacks,
 * split in two and compared, the frames ranked, the result ({@link org.jlbh.junit.internal.profile.CodeProfile}) said
 * and drawn as flame graphs. They differ only in their {@link org.jlbh.junit.internal.profile.Comparison}: the tail
 * profile's late iterations against those on time, the growth profile's change against its base. Writes no file.
 */
package org.jlbh.junit.internal.profile;
