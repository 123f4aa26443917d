package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.UnrunnableMethods;
import org.jlbh.junit.internal.run.evidence.JvmPauseRecorder;
import org.jlbh.junit.internal.run.evidence.TestThreads;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;

/**
 * When JUnit has discovered the tests of a run and some of the selected classes hold latency tests, starts the JVM's
 * Flight Recorder recording of its pauses on a thread of its own ({@link JvmPauseRecorder#startAhead()}): its start
 * then overlaps what JUnit does before the first test (loading and preparing the classes) instead of adding 0.2-0.3 s
 * to the first latency test's time to a verdict. Not where {@value LatencyTestConfiguration#EVIDENCE} is {@code off}
 * (no recording is needed), nor where no selected class holds a latency test. The first measurement waits until the
 * start is over. Loaded by the JUnit launcher through its service loader; sees the classes a run selects by name, as
 * {@link UnrunnableLatencyTests} does (a run that scans for its classes starts the recording with its first latency
 * test instead). Stateless; thread-safe.
 */
public final class FlightRecorderHeadStart implements LauncherDiscoveryListener {
    @Override
    public void launcherDiscoveryFinished(LauncherDiscoveryRequest request) {
        if (wanted(request)) {
            TestThreads.noteLaunchersThreads(); // the threads alive now are the launcher's, not a test's
            JvmPauseRecorder.startAhead();
        }
    }

    /**
     * @param request what JUnit was asked to discover
     * @return whether the evidence is on and a class it selects holds a latency test
     */
    static boolean wanted(LauncherDiscoveryRequest request) {
        return Configuration.evidence(request.getConfigurationParameters()::get)
                && DiscoveredClasses.of(request).stream().anyMatch(UnrunnableMethods::hasLatencyTests);
    }
}
