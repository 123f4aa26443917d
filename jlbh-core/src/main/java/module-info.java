/**
 * jlbh-core: the paced latency harness, source-compatible with the reference JLBH. {@link org.jlbh.core} holds the
 * reference-compatible API and {@link org.jlbh.core.util} its result serializer; the packages under
 * {@code org.jlbh.core.internal} are the engine, not exported, free to change.
 */
// chronicle-core and HdrHistogram have no module descriptors of their own: requiring them names automatic modules
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module org.jlbh.core {
    // probes are chronicle-core's NanoSampler, an event loop chronicle-core's EventLoop, results HdrHistograms, as in
    // the reference JLBH; both are automatic modules, HdrHistogram's named after its jar
    requires transitive chronicle.core;
    requires transitive HdrHistogram;
    // CPU pinning, on request only: JLBHOptions.acquireLock(Supplier<AffinityLock>) names it; the user who asks for
    // pinning adds net.openhft:affinity
    requires static affinity;

    exports org.jlbh.core;
    exports org.jlbh.core.util;
}
