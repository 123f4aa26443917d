package org.jlbh.junit.internal.store;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The JSON reader: escapes decoded, and malformed text refused saying where, by line and column; nesting deeper than
 * any jlbh-junit file's refused the same way, never a {@link StackOverflowError}.
 */
class JsonReaderTest {

    @Test
    void escapesAreDecoded() {
        assertThat(JsonReader.parse("\"a\\u00b5\\n\\/\\\"\"")).isEqualTo("a\u00b5\n/\"");
    }

    @Test
    void malformedTextIsRefusedSayingTheLineAndColumn() {
        assertThatThrownBy(() -> JsonReader.parse("{\n  \"a\": 1,\n  \"b\": x\n}"))
                .hasMessage("unexpected character 'x' at line 3, column 8");
        assertThatThrownBy(() -> JsonReader.parse("[1,\n2]\n\n  3")).hasMessage("unexpected text after the document at "
                + "line 4, column 3");
        assertThatThrownBy(() -> JsonReader.parse("\"\\u12\"")).hasMessage("bad \\u escape at line 1, column 4");
        assertThatThrownBy(() -> JsonReader.parse("\"\\u12")).hasMessage("bad \\u escape at line 1, column 4");
        assertThatThrownBy(() -> JsonReader.parse("\"\\uzzzz\"")).hasMessage("bad \\u escape at line 1, column 4");
        assertThatThrownBy(() -> JsonReader.parse("\"abc")).hasMessage("unterminated string at line 1, column 5");
    }

    @Test
    void nestingDeeperThanAnyJlbhFileIsRefusedSayingWhereNeverAStackOverflow() {
        assertThatThrownBy(() -> JsonReader.parse("[".repeat(100_000))).isInstanceOf(JsonReader.ParseException.class)
                .hasMessage("nested deeper than 64 arrays and objects at line 1, column 65");
        assertThatThrownBy(() -> JsonReader.parse("{\"a\": ".repeat(100_000)))
                .isInstanceOf(JsonReader.ParseException.class)
                .hasMessage("nested deeper than 64 arrays and objects at line 1, column 385");

        assertThat(JsonReader.parse("[".repeat(64) + "]".repeat(64))).as("as deep as may be").isEqualTo(
                nested(64));
    }

    private static Object nested(int depth) {
        return depth == 1 ? List.of() : List.of(nested(depth - 1));
    }
}
