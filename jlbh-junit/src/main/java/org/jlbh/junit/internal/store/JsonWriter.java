package org.jlbh.junit.internal.store;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiConsumer;

/**
 * Writes JSON text: objects, arrays, strings, numbers, booleans and null, indented two spaces per level, a compact
 * array on one line. Whole numbers are written without a fraction, others with as many digits as it takes to read
 * back the same {@code double}; NaN, infinities, a null string and an empty optional as null. Every method returns
 * this writer. Not thread-safe; one writer per document.
 */
public final class JsonWriter {
    private final StringBuilder out = new StringBuilder(4096);
    /** Per open container: whether it has an element yet, and whether it is written on one line. */
    private final Deque<boolean[]> open = new ArrayDeque<>();
    private boolean afterName;

    /** @return this, inside a new object (as a value, or at the top) */
    public JsonWriter beginObject() {
        literal("{");
        open.push(new boolean[] {false, false});
        return this;
    }

    /** @return this, after closing the innermost object */
    public JsonWriter endObject() {
        return close('}');
    }

    /** @return this, inside a new array, its elements on one line if {@code compact} */
    public JsonWriter beginArray(boolean compact) {
        literal("[");
        open.push(new boolean[] {false, compact || inline()});
        return this;
    }

    /** @return this, after closing the innermost array */
    public JsonWriter endArray() {
        return close(']');
    }

    /** @return this, ready for the value of the current object's member {@code name} */
    public JsonWriter name(String name) {
        separate();
        quote(name);
        out.append(": ");
        afterName = true;
        return this;
    }

    public JsonWriter value(String name, String value) {
        return name(name).string(value);
    }

    public JsonWriter value(String name, double value) {
        return name(name).number(value);
    }

    public JsonWriter value(String name, boolean value) {
        return name(name).literal(value ? "true" : "false");
    }

    public JsonWriter value(String name, OptionalLong value) {
        return value.isPresent() ? value(name, value.getAsLong()) : name(name).nullValue();
    }

    public JsonWriter value(String name, Optional<String> value) {
        return value(name, value.orElse(null));
    }

    /** @return this, after the member {@code name}: an array of the items, each written by {@code element} */
    public <T> JsonWriter array(String name, boolean compact, Iterable<T> items,
                                BiConsumer<JsonWriter, ? super T> element) {
        name(name).beginArray(compact);
        items.forEach(item -> element.accept(this, item));
        return endArray();
    }

    /** @return this, after the member {@code name}: an array of the items, each an object {@code members} fills */
    public <T> JsonWriter objects(String name, Iterable<T> items, BiConsumer<JsonWriter, ? super T> members) {
        return array(name, false, items, (json, item) -> {
            members.accept(json.beginObject(), item);
            json.endObject();
        });
    }

    /** @return this, after the member {@code name}: the numbers, as an array on one line */
    public JsonWriter numbers(String name, Iterable<? extends Number> values) {
        return array(name, true, values, (json, value) -> json.number(value.doubleValue()));
    }

    public JsonWriter string(String value) {
        if (value == null) {
            return literal("null");
        }
        separateValue();
        quote(value);
        return this;
    }

    public JsonWriter number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return literal("null");
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return literal(Long.toString((long) value));
        }
        return literal(Double.toString(value));
    }

    /** @return this, after {@code null} */
    public JsonWriter nullValue() {
        return literal("null");
    }

    /** @return the document written so far */
    @Override
    public String toString() {
        return out.toString();
    }

    private JsonWriter literal(String text) {
        separateValue();
        out.append(text);
        return this;
    }

    private void separateValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        separate();
    }

    private void separate() {
        if (open.isEmpty()) {
            return;
        }
        boolean[] hasElement = open.peek();
        if (hasElement[0]) {
            out.append(',');
        }
        hasElement[0] = true;
        if (hasElement[1]) {
            if (out.charAt(out.length() - 1) == ',') {
                out.append(' ');
            }
        } else {
            newline(open.size());
        }
    }

    private JsonWriter close(char closing) {
        boolean[] closed = open.pop();
        if (closed[0] && !closed[1]) {
            newline(open.size());
        }
        out.append(closing);
        return this;
    }

    private boolean inline() {
        return !open.isEmpty() && open.peek()[1];
    }

    private void newline(int depth) {
        out.append('\n');
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }

    private void quote(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
