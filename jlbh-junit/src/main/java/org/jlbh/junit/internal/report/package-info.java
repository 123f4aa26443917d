/**
 * What a latency test says: {@link org.jlbh.junit.internal.report.ReportWriter} prints the console's lines and
 * publishes JUnit's report entries, never touching a file. Below it, the result every report draws from
 * ({@link org.jlbh.junit.internal.report.result}) and the suite page ({@link org.jlbh.junit.internal.report.page}).
 */
package org.jlbh.junit.internal.report;
