/**
 * AssertJ assertions on the results of a {@link org.jlbh.core.JLBH} benchmark run programmatically, from
 * {@link org.jlbh.junit.assertj.LatencyAssertions}. AssertJ is an optional dependency: add
 * {@code org.assertj:assertj-core} to use this package.
 */
package org.jlbh.junit.assertj;
