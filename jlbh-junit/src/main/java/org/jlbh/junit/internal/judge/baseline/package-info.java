/**
 * A build's figures compared per probe and percentile, a {@link org.jlbh.junit.internal.judge.baseline.ComparisonRow}
 * each: against a history of recorded builds, or against its base measured in turns in the same JVM. No I/O.
 */
package org.jlbh.junit.internal.judge.baseline;
