/**
 * Where a test's code spent its time, profiled after its verdict in measurements of its own, async-profiler sampling
 * the harness threads. Both profiles go one way ({@link org.jlbh.junit.internal.profile.Profiling}): the samples read
 * into collapsed stacks, split in two and compared, the frames ranked, said and drawn as flame graphs. They differ only in
 * their {@link org.jlbh.junit.internal.profile.Comparison}: late iterations against those on time, the change against
 * its base. Writes no file.
 */
package org.jlbh.junit.internal.profile;
