/**
 * The suite page, {@code index.html}, drawn from the report folder's JSON results
 * ({@link org.jlbh.junit.internal.report.page.SuitePage}): what it draws
 * ({@link org.jlbh.junit.internal.report.page.ChartData}, read from result snapshots, never from the run's own types)
 * and how ({@link org.jlbh.junit.internal.report.page.HtmlReport} with inline-SVG charts of percentiles, latency over
 * a run's time and latency against throughput). It opens from the file system with no network.
 */
package org.jlbh.junit.internal.report.page;
