package org.jlbh.junit.internal;

import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class UnknownParameterWarningsTest {

    @Test
    void aRunWarnsOnceOfEachUnknownParameterAndSystemProperty() {
        List<String> console = new ArrayList<>();
        UnknownParameterWarnings listener = new UnknownParameterWarnings(
                () -> Set.of("jlbh.retries", "java.version"), console::add, new HashSet<>());
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .enableImplicitConfigurationParameters(false)
                .configurationParameters(Map.of("jlbh.mdoe", "report", "jlbh.mode", "report", "junit.x", "y"))
                .build();

        listener.launcherDiscoveryFinished(request);
        listener.launcherDiscoveryFinished(request);

        assertThat(console).containsExactly(
                "=== WARNING: jlbh.mdoe is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + "jlbh.mode?",
                "=== WARNING: jlbh.retries is not a configuration parameter of jlbh-junit and is ignored: did you mean "
                        + "jlbh.retry.failed?");
    }
}
