package org.jlbh.junit.guide;

/** docs/harness-and-porting.md: what {@link ParseBenchmark} measures, counting a FIX message's fields. */
final class Parser {
    int parse(String message) {
        int fields = 0;
        for (int i = 0; i < message.length(); i++) {
            if (message.charAt(i) == '|') {
                fields++;
            }
        }
        return fields;
    }
}
