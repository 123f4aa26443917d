/**
 * One immutable {@link org.jlbh.junit.internal.report.result.ResultSnapshot} per test, built once from its settings,
 * attempts and decision ({@link org.jlbh.junit.internal.report.result.ResultAssembly}): what the store keeps and every
 * report draws. Nothing here writes.
 */
package org.jlbh.junit.internal.report.result;
