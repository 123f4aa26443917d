package org.jlbh.junit.internal.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * A value of a parsed JSON document ({@link JsonReader}) with the path that leads to it ({@code where}) and the format
 * the document should be in, so that a missing or wrong member is named in the message, e.g. {@code not a "jlbh-junit
 * result 1" file: "count" of element 0 of "runs" of the result is not a number}: every accessor throws such an
 * {@link IllegalArgumentException}. Immutable.
 */
record JsonNode(String where, Object value, String format) {

    /** @return a parsed document's top-level value */
    static JsonNode root(Object document, String format) {
        return new JsonNode("the result", document, format);
    }

    /**
     * @return a JSON document's top-level object
     * @throws IllegalArgumentException when it is not valid JSON or does not name the format in its {@code format}
     */
    static JsonNode document(String text, String format) {
        JsonNode root = root(JsonReader.parse(text), format);
        String named = root.text("format");
        if (!named.equals(format)) {
            throw new OtherFormat(format, named);
        }
        return root;
    }

    /** A document that names another format than the one it was read as, saying which. */
    static final class OtherFormat extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String named;

        OtherFormat(String format, String named) {
            super("not a \"" + format + "\" file: its format is \"" + named + "\"");
            this.named = named;
        }

        /** @return the format the document names */
        String named() {
            return named;
        }
    }

    /** @return the format a parsed document names in its {@code format} member; empty when it names none */
    static String formatOf(Object document) {
        return document instanceof Map<?, ?> members && members.get("format") instanceof String format ? format : "";
    }

    /** @return whether this object has the member, and it is not null */
    boolean has(String name) {
        return members().get(name) != null;
    }

    /** @return whether this object has the member, and it is a string */
    boolean hasText(String name) {
        return members().get(name) instanceof String;
    }

    /** @return the member, which must be there and not null */
    JsonNode get(String name) {
        Object member = members().get(name);
        if (member == null) {
            throw wrong("has no \"" + name + "\" member");
        }
        return new JsonNode("\"" + name + "\" of " + where, member, format);
    }

    /** @return this object's member names, in document order */
    List<String> names() {
        return new ArrayList<>(members().keySet());
    }

    /** @return the elements of the member, which must be a list, each read by {@code element} */
    <T> List<T> list(String name, Function<JsonNode, T> element) {
        return get(name).elements().stream().map(element).toList();
    }

    /** @return the member's strings, which must be a list */
    List<String> texts(String name) {
        return list(name, JsonNode::asText);
    }

    /** @return the member read by {@code read}, or empty when it is absent or null */
    <T> Optional<T> optional(String name, Function<JsonNode, T> read) {
        return has(name) ? Optional.of(read.apply(get(name))) : Optional.empty();
    }

    /** @return the numbers of this list, which must have {@code size} of them, or it is not the {@code shape} */
    double[] numbers(int size, String shape) {
        List<JsonNode> numbers = elements();
        if (numbers.size() != size) {
            throw wrong("is not a " + shape);
        }
        return numbers.stream().mapToDouble(JsonNode::asNumber).toArray();
    }

    /** @return the elements of this list */
    private List<JsonNode> elements() {
        if (!(value instanceof List)) {
            throw wrong("is not a list");
        }
        List<JsonNode> nodes = new ArrayList<>();
        int index = 0;
        for (Object element : (List<?>) value) {
            nodes.add(new JsonNode("element " + index++ + " of " + where, element, format));
        }
        return nodes;
    }

    String text(String name) {
        return get(name).asText();
    }

    String asText() {
        if (!(value instanceof String)) {
            throw wrong("is not a string");
        }
        return (String) value;
    }

    boolean bool(String name) {
        JsonNode node = get(name);
        if (!(node.value instanceof Boolean)) {
            throw node.wrong("is not true or false");
        }
        return (Boolean) node.value;
    }

    double number(String name) {
        return get(name).asNumber();
    }

    /** @return the member's text, or empty when it is absent or null */
    Optional<String> optionalText(String name) {
        return optional(name, JsonNode::asText);
    }

    /** @return the member's number, or NaN when it is absent or null (as NaN is written) */
    double numberOrNaN(String name) {
        return has(name) ? number(name) : Double.NaN;
    }

    /** @return the number; JSON has no infinity, so one that overflows a double (1e999) is not a number here */
    double asNumber() {
        if (!(value instanceof Double)) {
            throw wrong("is not a number");
        }
        double number = (Double) value;
        if (Double.isInfinite(number)) {
            throw wrong("is not a finite number");
        }
        return number;
    }

    long whole(String name) {
        JsonNode node = get(name);
        double number = node.asNumber();
        if (Math.abs(number) >= 0x1p63) {
            throw node.wrong("is beyond a 64-bit whole number");
        }
        return Math.round(number);
    }

    int integer(String name) {
        return Math.toIntExact(whole(name));
    }

    /** @return the member's whole number, or empty when it is absent or null */
    OptionalLong optionalWhole(String name) {
        return has(name) ? OptionalLong.of(whole(name)) : OptionalLong.empty();
    }

    /** @return the error saying what is wrong with this value, e.g. {@code is not a list}, and where */
    IllegalArgumentException wrong(String what) {
        return new IllegalArgumentException("not a \"" + format + "\" file: " + where + " " + what);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> members() {
        if (!(value instanceof Map)) {
            throw wrong("is not an object");
        }
        return (Map<String, Object>) value;
    }
}
