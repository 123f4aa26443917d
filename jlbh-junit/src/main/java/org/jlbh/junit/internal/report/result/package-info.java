/**
 * One typed {@link org.jlbh.junit.internal.report.result.ResultSnapshot} per test, built once from its settings,
 * attempts and decision ({@link org.jlbh.junit.internal.report.result.ResultAssembly}, with the evidence's part from
 * {@link org.jlbh.junit.internal.report.result.EvidenceAssembly}): every report is drawn from it, and a baseline is one
 * read back. Plain immutable values; nothing here writes.
 */
package org.jlbh.junit.internal.report.result;
