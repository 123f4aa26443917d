package org.jlbh.junit;

import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Runs fixture classes through the JUnit engine with EngineTestKit, as the extension's tests do, each run a JVM's. */
final class EngineRuns {

    private EngineRuns() {
    }

    /**
     * @param reports       the report folder
     * @param configuration configuration parameters, besides the report folder
     * @param fixtures      the test classes to run
     * @return what happened
     */
    static EngineExecutionResults run(Path reports, Map<String, String> configuration, Class<?>... fixtures) {
        Map<String, String> parameters = new HashMap<>(configuration);
        parameters.put(LatencyTestConfiguration.REPORT_DIR, reports.toString());
        EngineTestKit.Builder engine = EngineTestKit.engine("junit-jupiter").configurationParameters(parameters);
        for (Class<?> fixture : fixtures) {
            engine.selectors(DiscoverySelectors.selectClass(fixture));
        }
        return engine.execute();
    }

    /**
     * @param events a run's events
     * @param key    a report entry's key, e.g. {@code jlbh verdict}
     * @return the values published under it, in order
     */
    static java.util.List<String> reportEntries(org.junit.platform.testkit.engine.Events events, String key) {
        return events.reportingEntryPublished().stream()
                .map(event -> event.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).orElseThrow()
                        .getKeyValuePairs().get(key))
                .filter(java.util.Objects::nonNull).toList();
    }
}
