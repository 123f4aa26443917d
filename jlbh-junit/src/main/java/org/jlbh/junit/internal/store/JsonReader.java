package org.jlbh.junit.internal.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads JSON text into plain Java values: objects as {@code Map<String, Object>} (in document order), arrays as
 * {@code List<Object>}, numbers as {@code Double}, strings, booleans and null. Strict: anything else, or trailing
 * text, is a {@link ParseException} saying where. Bounded, so that no file (another tool's, a hostile one) can crash
 * the JVM reading it: arrays and objects nested deeper than {@value #MOST_DEPTH} (a jlbh-junit file nests 10),
 * and files larger than {@value #MOST_BYTES} bytes ({@link #text}), are a {@link ParseException} too. Stateless entry
 * point; thread-safe.
 */
public final class JsonReader {
    /** The deepest arrays and objects nest in a document read: a jlbh-junit file's nest 10 deep. */
    static final int MOST_DEPTH = 64;
    /**
     * The largest file read, in bytes (64 MiB): a result takes about 10 KB a run with its timeline (60 runs of 1,000
     * iterations: 0.4 to 0.8 MB), and a test has at most 1,000 runs.
     */
    static final int MOST_BYTES = 64 << 20;

    private final String text;
    private int at;
    private int depth;

    private JsonReader(String text) {
        this.text = text;
    }

    /**
     * @param text a JSON document
     * @return its value
     * @throws ParseException when it is not valid JSON
     */
    public static Object parse(String text) {
        JsonReader reader = new JsonReader(text);
        reader.skipSpace();
        Object value = reader.value();
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("unexpected text after the document");
        }
        return value;
    }

    /**
     * @return the text of a file to {@link #parse}, in UTF-8
     * @throws ParseException when it is no regular file (a pipe, a device) or larger than {@value #MOST_BYTES} bytes
     * @throws IOException    when it cannot be read
     */
    public static String text(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new ParseException("not a regular file");
        }
        long size = Files.size(file);
        String bytes = String.format(Locale.ROOT, "%,d bytes", size);
        if (size <= MOST_BYTES) {
            try (InputStream in = Files.newInputStream(file)) {
                byte[] read = in.readNBytes(MOST_BYTES + 1);
                if (read.length <= MOST_BYTES) {
                    // strict, as Files.readString: a file that is not UTF-8 is not read
                    return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(read)).toString();
                }
                bytes = "grown while read"; // past the bound
            }
        }
        throw new ParseException(bytes + ": larger than the " + (MOST_BYTES >> 20) + " MiB a jlbh-junit file is read "
                + "up to");
    }

    /**
     * A document not read: malformed JSON, or nested too deep, with the line and column where reading stopped; or a
     * file too large to read.
     */
    public static final class ParseException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ParseException(String message) {
            super(message);
        }
    }

    private Object value() {
        if (at >= text.length()) {
            throw error("unexpected end of the document");
        }
        char c = text.charAt(at);
        switch (c) {
            case '{': return object();
            case '[': return array();
            case '"': return string();
            case 't': return word("true", Boolean.TRUE);
            case 'f': return word("false", Boolean.FALSE);
            case 'n': return word("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Map<String, Object> object() {
        deeper();
        Map<String, Object> members = new LinkedHashMap<>();
        elements('}', () -> {
            if (peek() != '"') {
                throw error("expected a member name in quotes");
            }
            String name = string();
            skipSpace();
            expect(':');
            skipSpace();
            members.put(name, value());
        });
        depth--;
        return members;
    }

    private List<Object> array() {
        deeper();
        List<Object> elements = new ArrayList<>();
        elements(']', () -> elements.add(value()));
        depth--;
        return elements;
    }

    /** Enters an array or object, at its opening bracket, unless that nests it deeper than {@value #MOST_DEPTH}. */
    private void deeper() {
        if (++depth > MOST_DEPTH) {
            throw error("nested deeper than " + MOST_DEPTH + " arrays and objects");
        }
    }

    /** Reads an object's members or an array's elements, each with {@code element}, up to {@code closing}. */
    private void elements(char closing, Runnable element) {
        at++;
        skipSpace();
        if (peek() == closing) {
            at++;
            return;
        }
        while (true) {
            skipSpace();
            element.run();
            skipSpace();
            if (peek() == ',') {
                at++;
            } else {
                expect(closing);
                return;
            }
        }
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case '"': case '\\': case '/': sb.append(escaped); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'n': sb.append('\n'); break;
                case 'r': sb.append('\r'); break;
                case 't': sb.append('\t'); break;
                case 'u':
                    try {
                        sb.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException | IndexOutOfBoundsException e) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                    break;
                default:
                    throw error("bad escape \\" + escaped);
            }
        }
    }

    private Double number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return Double.valueOf(text.substring(start, at));
        } catch (NumberFormatException e) {
            at = start;
            throw error("bad number");
        }
    }

    private Object word(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("unexpected text");
        }
        at += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private ParseException error(String what) {
        String before = text.substring(0, Math.min(at, text.length()));
        long line = before.chars().filter(c -> c == '\n').count() + 1;
        int column = before.length() - before.lastIndexOf('\n');
        return new ParseException(what + " at line " + line + ", column " + column);
    }
}
