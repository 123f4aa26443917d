package org.jlbh.junit.internal.config;

import org.jlbh.core.Percentiles;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Reads configuration parameters by kind (a choice, a number in a range, a path, ...). A value that cannot be used is
 * kept as an {@link InvalidParameter} and the default is read in its place. Not thread-safe: one per reading.
 */
final class ParameterReader {
    /** A property reference, {@code ${name}}. */
    private static final Pattern UNRESOLVED = Pattern.compile("\\$\\{[^}]*}");

    private final Function<String, Optional<String>> parameters;
    private InvalidParameter firstProblem;

    ParameterReader(Function<String, Optional<String>> parameters) {
        this.parameters = parameters;
    }

    /** @return the first value read so far that could not be used */
    Optional<InvalidParameter> firstProblem() {
        return Optional.ofNullable(firstProblem);
    }

    /** Keeps a value that cannot be used, unless one was kept before. */
    void problem(String key, String value, String problem, String fix) {
        if (firstProblem == null) {
            firstProblem = new InvalidParameter(key, value, problem, fix);
        }
    }

    /** @return the constant written as the value, its name in lower case, {@code _} written {@code -} */
    <E extends Enum<E>> E choice(String key, Class<E> type, E byDefault) {
        E[] choices = type.getEnumConstants();
        List<String> names = Arrays.stream(choices)
                .map(choice -> choice.name().toLowerCase(Locale.ROOT).replace('_', '-')).toList();
        return choices[oneOf(key, names, byDefault.ordinal())];
    }

    /** @return whether the value is {@code on} rather than {@code off} */
    boolean onOff(String key, boolean byDefault) {
        return oneOf(key, List.of("on", "off"), byDefault ? 0 : 1) == 0;
    }

    /** @return the index of the name the value is, ignoring case and surrounding space */
    private int oneOf(String key, List<String> names, int byDefault) {
        return read(key, byDefault, value -> IntStream.range(0, names.size())
                .filter(i -> names.get(i).equalsIgnoreCase(value.trim())).boxed().findFirst(),
                "is not one of " + names, "use one of " + String.join(", ", names));
    }

    /** @return the value as {@code parse} reads it; else the default (an unreadable value kept with problem and fix) */
    private <T> T read(String key, T byDefault, Function<String, Optional<T>> parse, String problem, String fix) {
        Optional<String> value = parameters.apply(key);
        Optional<T> read = value.flatMap(parse);
        value.filter(unread -> read.isEmpty()).ifPresent(unread -> problem(key, unread, problem, fix));
        return read.orElse(byDefault);
    }

    /** @return the value, when it is a number in the range; else the default, the value kept with problem and fix */
    double number(String key, Range range, double byDefault, String problem, String fix) {
        return read(key, byDefault, range::parse, problem, fix);
    }

    /** @return {@code true} or {@code false}, ignoring case */
    boolean trueOrFalse(String key) {
        Optional<String> value = parameters.apply(key).map(String::trim);
        if (value.isPresent() && !value.get().equalsIgnoreCase("true") && !value.get().equalsIgnoreCase("false")) {
            problem(key, value.get(), "is not valid", "use true or false");
            return false;
        }
        return value.map(Boolean::parseBoolean).orElse(false);
    }

    /** @return the value as a folder path; empty when blank */
    Optional<Path> path(String key) {
        Optional<String> value = nonBlank(key);
        if (value.isEmpty() || unresolved(key, value.get())) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(value.get()));
        } catch (InvalidPathException e) {
            problem(key, value.get(), "is not valid", "use a folder path (" + e.getMessage() + ")");
            return Optional.empty();
        }
    }

    /** @return the labels of a comma-separated list of percentiles, each in (0, 100) */
    List<String> percentiles(String key, List<String> byDefault) {
        return read(key, byDefault, value -> {
            List<Optional<Double>> percentiles = Arrays.stream(value.split(",")).map(Range.PERCENTILE::parse).toList();
            return percentiles.stream().anyMatch(Optional::isEmpty) ? Optional.empty()
                    : Optional.of(percentiles.stream().map(percentile -> Percentiles.label(percentile.get())).toList());
        }, "is not a comma-separated list of percentiles in (0, 100)", "use e.g. 50,90,99");
    }

    /** @return the folders and jars of a class path, as {@link PairedBaseEntries} reads it; empty when blank */
    Optional<List<Path>> classPath(String key) {
        Optional<String> value = nonBlank(key);
        if (value.isEmpty() || unresolved(key, value.get())) {
            return Optional.empty();
        }
        try {
            return Optional.of(PairedBaseEntries.read(value.get()));
        } catch (IllegalArgumentException wrong) {
            problem(key, value.get(), wrong.getMessage(), PairedBaseEntries.FIX);
            return Optional.empty();
        }
    }

    /**
     * @return whether a path's value still holds a property reference, such as {@code
     *         ${maven.multiModuleProjectDirectory}}, which Maven resolves in a pom but never in a {@code -D} value: a
     *         problem, said so
     */
    private boolean unresolved(String key, String value) {
        Matcher property = UNRESOLVED.matcher(value);
        if (!property.find()) {
            return false;
        }
        problem(key, value, "holds " + property.group() + ", a property nothing resolved (Maven resolves one in a "
                + "pom, not in a -D value)", "give the path itself (from a shell at the project's root, e.g. \"$PWD/"
                + "target/jlbh-reports\"), or set the parameter in the pom's Surefire systemPropertyVariables");
        return true;
    }

    private Optional<String> nonBlank(String key) {
        return parameters.apply(key).map(String::trim).filter(value -> !value.isEmpty());
    }

    /** The numbers a parameter takes: whole ones or any, each bound in or out; never infinity nor NaN. */
    record Range(boolean whole, double low, boolean lowIncluded, double high, boolean highIncluded) {
        /** A percentile that is neither 0 nor 100. */
        static final Range PERCENTILE = new Range(false, 0, false, 100, false);

        /** @return whole numbers from {@code low} to {@code high}, both included */
        static Range whole(int low, int high) {
            return new Range(true, low, true, high, true);
        }

        /** @return numbers above {@code low} */
        static Range above(double low) {
            return new Range(false, low, false, Double.POSITIVE_INFINITY, false);
        }

        /** @return {@code low} and the numbers above it */
        static Range atLeast(double low) {
            return new Range(false, low, true, Double.POSITIVE_INFINITY, false);
        }

        /** @return the text, trimmed, as a number in this range; empty when it is not one */
        Optional<Double> parse(String text) {
            double number;
            try {
                number = whole ? Integer.parseInt(text.trim()) : Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            return Optional.of(number).filter(in -> (lowIncluded ? in >= low : in > low)
                    && (highIncluded ? in <= high : in < high));
        }
    }
}
