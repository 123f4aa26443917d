package org.jlbh.junit.internal.report;

/**
 * Where a test's key figures and result go besides the console, for the tools that look there: JUnit's report
 * entries (IDEs, Gradle and JUnit's Open Test Reporting show them) and, where the JUnit version has them (5.12 and
 * later), its published files. Implementations never throw.
 */
public interface Publisher {
    /** Publishes nothing. */
    Publisher NONE = new Publisher() {
        @Override
        public void entry(String key, String value) {
        }

        @Override
        public void file(String name, String mediaType, String content) {
        }
    };

    /**
     * @param key   the entry's key, e.g. {@code jlbh figures [end to end]}
     * @param value its value
     */
    void entry(String key, String value);

    /**
     * @param name      the file's name, e.g. {@code com.example.QuoteTest.quote.json}
     * @param mediaType its media type, e.g. {@code application/json}
     * @param content   its text, published in UTF-8
     */
    void file(String name, String mediaType, String content);
}
