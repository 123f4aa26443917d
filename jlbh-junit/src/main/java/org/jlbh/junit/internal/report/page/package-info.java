/**
 * The suite page, {@code index.html}: what it draws ({@link org.jlbh.junit.internal.report.page.ChartData}, from
 * result snapshots, never from the run's own types) and how ({@link org.jlbh.junit.internal.report.page.HtmlReport},
 * inline-SVG charts in one {@link org.jlbh.junit.internal.report.page.ChartFrame}). A pure renderer: the store reads
 * what it draws and writes what it renders.
 */
package org.jlbh.junit.internal.report.page;
