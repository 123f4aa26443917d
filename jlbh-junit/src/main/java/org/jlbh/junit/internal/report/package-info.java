/**
 * Reporting a latency test: one typed {@link org.jlbh.junit.internal.report.ResultSnapshot} per test, built once
 * ({@link org.jlbh.junit.internal.report.ResultAssembly}); {@link org.jlbh.junit.internal.report.ResultJson}, the only
 * class that knows the JSON format, writes it and reads it back (a baseline is a snapshot read back); the figures line
 * Surefire keeps in its XML, HdrHistogram's {@code .hgrm} text, and the suite page drawn from snapshots. All file and
 * console output goes through {@link org.jlbh.junit.internal.report.ReportWriter}, which never throws.
 */
package org.jlbh.junit.internal.report;
