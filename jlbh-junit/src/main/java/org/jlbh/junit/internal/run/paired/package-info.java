/**
 * The base build's side of a paired latency test: its classes loaded apart from the change's
 * ({@link org.jlbh.junit.internal.run.paired.BaseClassLoader}), its copy of the test class run through its lifecycle
 * ({@link org.jlbh.junit.internal.run.paired.BaseTestClass}), and which side the one harness of a paired measurement
 * calls when ({@link org.jlbh.junit.internal.run.paired.PairSchedule}). Nothing here measures or judges.
 */
package org.jlbh.junit.internal.run.paired;
