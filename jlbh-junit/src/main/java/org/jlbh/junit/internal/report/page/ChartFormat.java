package org.jlbh.junit.internal.report.page;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * How the suite page writes text and numbers: escaped HTML, labels and SVG coordinates. Stateless; thread-safe.
 */
final class ChartFormat {

    private ChartFormat() {
    }

    /** A latency or a count for a label: thousands separators, and up to 3 decimals below 10. */
    static String number(double micros) {
        String pattern = Math.abs(micros) < 10 ? "#,##0.###" : "#,##0";
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(micros);
    }

    /** An SVG coordinate with at most one decimal, e.g. {@code 12}, {@code 12.5}. */
    static String coord(double value) {
        long tenths = Math.round(value * 10);
        long whole = Math.abs(tenths) / 10;
        long fraction = Math.abs(tenths) % 10;
        String sign = tenths < 0 ? "-" : "";
        return fraction == 0 ? sign + whole : sign + whole + "." + fraction;
    }

    /** A coordinate on the pixel grid's centre line, so a 1-pixel line is drawn sharp. */
    static String crisp(double value) {
        return coord(Math.floor(value) + 0.5);
    }

    /** The text with {@code & < > " '} escaped, for element content and attribute values; null as empty. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
