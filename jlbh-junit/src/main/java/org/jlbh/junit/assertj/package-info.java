/**
 * AssertJ assertions on latency results, for tests that run a {@link org.jlbh.core.JLBH} benchmark
 * programmatically: {@link org.jlbh.junit.assertj.LatencyAssertions#assertThat(org.jlbh.core.JLBHResult)}. They judge
 * a budget with the same check as {@link org.jlbh.junit.LatencyTest}. AssertJ is optional for users of jlbh-junit:
 * add {@code org.assertj:assertj-core} to use this package.
 */
package org.jlbh.junit.assertj;
