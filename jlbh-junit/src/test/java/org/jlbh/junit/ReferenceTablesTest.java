package org.jlbh.junit;

import org.jlbh.core.JLBHOptions;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.config.TestSettingsReader;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's reference tables against the code: every attribute of the annotations ({@code docs/reference.md}) with
 * its type, default and upper bound, and every configuration parameter ({@code docs/configuration.md}) with its
 * default, read from the annotations, {@link LatencyTestConfiguration} and the configuration as loaded.
 */
class ReferenceTablesTest {

    @Test
    void everyAttributeOfEachAnnotationIsTabledWithItsTypeAndDefault() throws IOException {
        String reference = Files.readString(docs().resolve("reference.md"));
        for (Class<?> annotation : List.of(LatencyTest.class, LatencyTemplate.class, LatencyBudget.class,
                SweepOf.class)) {
            Map<String, List<String>> rows = table(reference, "## @" + annotation.getSimpleName());
            List<Method> attributes = Arrays.stream(annotation.getDeclaredMethods())
                    .filter(method -> !method.isSynthetic()).toList();
            assertThat(rows.keySet()).as("@%s's attributes in docs/reference.md", annotation.getSimpleName())
                    .containsExactlyInAnyOrderElementsOf(attributes.stream().map(Method::getName).toList());
            for (Method attribute : attributes) {
                List<String> row = rows.get(attribute.getName());
                String where = "@" + annotation.getSimpleName() + "." + attribute.getName() + " in docs/reference.md";
                assertThat(plain(row.get(1))).as("the type of " + where)
                        .isEqualTo(attribute.getReturnType().getSimpleName());
                assertThat(plain(row.get(3))).as("the default of " + where).isEqualTo(shown(attribute));
            }
        }
    }

    @Test
    void theUpperBoundsTabledAreTheCodes() throws IOException {
        String reference = Files.readString(docs().resolve("reference.md"));
        Map<String, Long> bounds = Map.of("threads", (long) JLBHOptions.MAX_THREADS,
                "runs", (long) TestSettingsReader.MAX_RUNS, "iterations", TestSettingsReader.MAX_ITERATIONS,
                "warmUpIterations", TestSettingsReader.MAX_ITERATIONS,
                "timeoutMillis", TestSettingsReader.MAX_TIMEOUT_MILLIS);
        for (String annotation : List.of("## @LatencyTest", "## @LatencyTemplate")) {
            Map<String, List<String>> rows = table(reference, annotation);
            bounds.forEach((attribute, most) -> assertThat(rows.get(attribute).get(4))
                    .as("the range of %s.%s in docs/reference.md", annotation.substring(3), attribute)
                    .contains(String.format(Locale.ROOT, "%,d", most)));
        }
        Map<String, List<String>> template = table(reference, "## @LatencyTemplate");
        for (String attribute : List.of("rates", "rateSteps")) {
            assertThat(template.get(attribute).get(4)).as("the range of @LatencyTemplate.%s", attribute)
                    .contains(String.valueOf(Sweep.MAX_RATES));
        }
    }

    @Test
    void everyConfigurationParameterIsTabledWithItsDefault() throws IOException, IllegalAccessException {
        Map<String, List<String>> rows = table(Files.readString(docs().resolve("configuration.md")),
                "## Configuration parameters");
        Configuration defaults = Configuration.load(key -> Optional.empty()).require("the reference tables' test");
        Map<String, Function<Configuration, Object>> byParameter = new LinkedHashMap<>();
        byParameter.put(LatencyTestConfiguration.MODE, Configuration::mode);
        byParameter.put(LatencyTestConfiguration.ITERATIONS_FACTOR, Configuration::iterationsFactor);
        byParameter.put(LatencyTestConfiguration.BUDGET_FACTOR, Configuration::budgetFactor);
        byParameter.put(LatencyTestConfiguration.NOISE, Configuration::noise);
        byParameter.put(LatencyTestConfiguration.EVIDENCE, configuration -> onOff(configuration.evidence()));
        byParameter.put(LatencyTestConfiguration.REMEASURE_UNDECIDED, Configuration::remeasures);
        byParameter.put(LatencyTestConfiguration.RETRY_FAILED, Configuration::retries);
        byParameter.put(LatencyTestConfiguration.INCONCLUSIVE, Configuration::inconclusive);
        byParameter.put(LatencyTestConfiguration.REPORT_DIR, Configuration::reportDir);
        byParameter.put(LatencyTestConfiguration.BASELINE_DIR, Configuration::baselineDir);
        byParameter.put(LatencyTestConfiguration.BASELINE_WRITE, Configuration::writeBaseline);
        byParameter.put(LatencyTestConfiguration.BASELINE_HISTORY, Configuration::baselineHistory);
        byParameter.put(LatencyTestConfiguration.BASELINE_TOLERANCE, Configuration::tolerancePercent);
        byParameter.put(LatencyTestConfiguration.BASELINE_PERCENTILES, Configuration::baselinePercentiles);
        byParameter.put(LatencyTestConfiguration.BASELINE_ENVIRONMENT, Configuration::baselineEnvironment);
        byParameter.put(LatencyTestConfiguration.PAIRED_BASE, Configuration::paired);
        // unset unless paired: its default is the reader's
        byParameter.put(LatencyTestConfiguration.PAIRED_TOLERANCE,
                any -> Configuration.DEFAULT_PAIRED_TOLERANCE_PERCENT);
        byParameter.put(LatencyTestConfiguration.MACHINE_LOCK, configuration -> onOff(configuration.machineLock()));
        byParameter.put(LatencyTestConfiguration.MACHINE_LOCK_WAIT, Configuration::machineWaitSeconds);
        byParameter.put(LatencyTestConfiguration.SUMMARY, configuration -> onOff(configuration.summary()));
        byParameter.put(LatencyTestConfiguration.PROFILE, Configuration::profile);

        List<String> parameters = new ArrayList<>();
        for (Field field : LatencyTestConfiguration.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
                    && ((String) field.get(null)).startsWith("jlbh.")) {
                parameters.add((String) field.get(null));
            }
        }
        assertThat(byParameter.keySet()).as("this test knows every parameter's default")
                .containsExactlyInAnyOrderElementsOf(parameters);
        assertThat(rows.keySet()).as("the parameters in docs/configuration.md").containsExactlyInAnyOrderElementsOf(
                parameters);
        byParameter.forEach((parameter, read) -> assertThat(plain(rows.get(parameter).get(2)))
                .as("the default of %s in docs/configuration.md", parameter).isEqualTo(shown(read.apply(defaults))));
    }

    /** @return the guide's folder: {@code docs} in the repository's root, above the module the tests run in */
    private static Path docs() {
        Path folder = Path.of("").toAbsolutePath();
        while (folder != null && !Files.exists(folder.resolve("docs").resolve("reference.md"))) {
            folder = folder.getParent();
        }
        assertThat(folder).as("a docs/reference.md above " + Path.of("").toAbsolutePath()).isNotNull();
        return folder.resolve("docs");
    }

    /** @return the rows of the first table under a heading, by their first cell, each row's cells in order */
    private static Map<String, List<String>> table(String markdown, String heading) {
        int at = markdown.indexOf("\n" + heading + "\n");
        assertThat(at).as("a section " + heading).isNotNegative();
        int end = markdown.indexOf("\n## ", at + heading.length() + 1);
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : markdown.substring(at, end < 0 ? markdown.length() : end).split("\n")) {
            if (line.startsWith("| `")) {
                List<String> cells = Arrays.stream(line.substring(1, line.lastIndexOf('|')).split("\\|"))
                        .map(String::trim).toList();
                assertThat(rows.put(plain(cells.get(0)), cells)).as("%s tabled once under %s", cells.get(0), heading)
                        .isNull();
            }
        }
        return rows;
    }

    /** @return a cell without its code marks */
    private static String plain(String cell) {
        return cell.replace("`", "").trim();
    }

    /** @return an attribute's default as the table shows it */
    private static String shown(Method attribute) {
        Object value = attribute.getDefaultValue();
        if (value == null) {
            return "required";
        }
        if (value instanceof Number number && number.longValue() == LatencyTest.SIZED && !(value instanceof Double)) {
            return "SIZED";
        }
        if (value instanceof Long number && number == LatencyTest.UNLIMITED) {
            return "UNLIMITED";
        }
        if (value instanceof int[] rates) {
            return rates.length == 0 ? "{}" : Arrays.toString(rates);
        }
        return shown(value);
    }

    /** @return an on/off parameter's value as the table shows it */
    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }

    /** @return a value as the tables show it: numbers grouped by thousands, choices in their own case */
    private static String shown(Object value) {
        if (value instanceof Optional<?> optional) {
            return optional.map(ReferenceTablesTest::shown).orElse("unset");
        }
        if (value instanceof Integer || value instanceof Long) {
            return String.format(Locale.ROOT, "%,d", value);
        }
        if (value instanceof Double number) {
            return number == Math.rint(number) ? String.format(Locale.ROOT, "%,d", number.longValue())
                    : number.toString();
        }
        if (value instanceof List<?> list) {
            return String.join(",", list.stream().map(String::valueOf).toList());
        }
        if (value instanceof Enum<?> choice && choice.getDeclaringClass().getEnclosingClass()
                == LatencyTestConfiguration.class) {
            return choice.name().toLowerCase(Locale.ROOT).replace('_', '-'); // ON_BREACH is on-breach
        }
        return String.valueOf(value);
    }
}
