/**
 * The base build's side of a paired latency test: its classes loaded apart from the change's
 * ({@link org.jlbh.junit.internal.run.paired.BaseClassLoader}), its copy of the test class run through its lifecycle
 * ({@link org.jlbh.junit.internal.run.paired.BaseTestClass}), and the turns the two sides' harnesses take so that only
 * one measures at a time ({@link org.jlbh.junit.internal.run.paired.Alternation}). Nothing here measures or judges.
 */
package org.jlbh.junit.internal.run.paired;
