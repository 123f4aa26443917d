package org.jlbh.junit.internal.report;

/**
 * Where a test's key figures and result go besides the console, for the tools that look there: JUnit's report
 * entries (IDEs, Gradle and JUnit's Open Test Reporting show them) and, where the JUnit version has them (5.12 and
 * later), its published files. Implementations never throw.
 */
public interface Publisher {
    /** Publishes a report entry, e.g. {@code jlbh figures [end to end]}. */
    void entry(String key, String value);

    /** Publishes a file of the given name and media type, e.g. {@code application/json}, its text in UTF-8. */
    void file(String name, String mediaType, String content);
}
