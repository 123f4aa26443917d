/**
 * Reporting a latency test. All file and console output goes through
 * {@link org.jlbh.junit.internal.report.ReportWriter}, which never throws: the JLBH report and the verdict on the
 * console, the figures line Surefire keeps in its XML ({@link org.jlbh.junit.internal.report.FiguresLine}), HdrHistogram's
 * {@code .hgrm} text, the JSON result and the suite page. Below it, by what a reader comes for: the typed result
 * ({@link org.jlbh.junit.internal.report.result}), its JSON format ({@link org.jlbh.junit.internal.report.json}) and
 * the suite page ({@link org.jlbh.junit.internal.report.page}).
 */
package org.jlbh.junit.internal.report;
