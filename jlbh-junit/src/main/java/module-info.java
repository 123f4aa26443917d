/**
 * jlbh-junit: latency budgets in ordinary JUnit 5 test runs. {@code @LatencyTest} and its companions
 * ({@link org.jlbh.junit}) and the AssertJ assertions on latency results ({@link org.jlbh.junit.assertj}, for which
 * AssertJ is optional) are the API; the packages under {@code org.jlbh.junit.internal} are the engine, not exported,
 * free to change. JUnit is the user's own ({@code provided}): whichever JUnit 5 the tests run on is read here.
 */
// chronicle-core and HdrHistogram have no module descriptors of their own: requiring them names automatic modules
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module org.jlbh.junit {
    requires transitive org.jlbh.core;
    // probes are chronicle-core's NanoSampler, results HdrHistograms, as in the reference JLBH (both automatic
    // modules: HdrHistogram's name is its jar's)
    requires transitive chronicle.core;
    requires transitive HdrHistogram;
    requires transitive org.junit.jupiter.api;
    requires org.junit.platform.commons;
    // a unique id's segments (a template's invocation index); every Jupiter run has the platform's engine
    requires org.junit.platform.engine;
    // loaded by the launcher, which every test run has: UnrunnableLatencyTests is one of its discovery listeners
    requires static org.junit.platform.launcher;
    requires static org.assertj.core;
    // the JVM's pauses (Flight Recorder), and each thread's allocation and the collections (management beans)
    requires jdk.jfr;
    // where the late iterations spent their time: async-profiler and its converter (automatic modules, named after
    // their jars)
    requires async.profiler;
    requires jfr.converter;
    requires java.management;
    requires jdk.management;

    exports org.jlbh.junit;
    exports org.jlbh.junit.assertj;

    // JUnit makes the package-private LatencyTestExtension, named by @LatencyTest's @ExtendWith, reflectively
    opens org.jlbh.junit to org.junit.platform.commons;

    provides org.junit.platform.launcher.LauncherDiscoveryListener
            with org.jlbh.junit.internal.UnrunnableLatencyTests, org.jlbh.junit.internal.FlightRecorderHeadStart,
                    org.jlbh.junit.internal.UnknownParameterWarnings;
}
