/**
 * The copies of a paired latency test loaded apart from the test's class: the base build's classes (twice: the base's
 * copy and the control) and the change's second copy, each in a loader of its own
 * ({@link org.jlbh.junit.internal.run.paired.BaseClassLoader}), each copy of the test class run through its lifecycle
 * ({@link org.jlbh.junit.internal.run.paired.BaseTestClass}), and which copy the one harness of a paired measurement
 * calls when ({@link org.jlbh.junit.internal.run.paired.PairSchedule}). Nothing here measures or judges.
 */
package org.jlbh.junit.internal.run.paired;
