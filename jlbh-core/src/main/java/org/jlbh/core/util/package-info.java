/**
 * Utilities the reference JLBH had in its {@code util} package: {@link org.jlbh.core.util.JLBHResultSerializer},
 * which writes a result's last run to a CSV file when asked.
 */
package org.jlbh.core.util;
