package org.jlbh.junit.internal.run;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Tells when a sized warm-up is done: at the end of a round that began with the body called at least
 * {@code Tier4InvocationThreshold} times and the evidence ready ({@code EvidenceSource.ready()}), and in which the
 * JVM's total compilation time ({@link CompilationMXBean}, the whole JVM's) moved {@value #QUIET_MILLIS} ms at most.
 * Used by the thread that runs the task, between warm-up rounds; not thread-safe.
 */
final class WarmUpGauge {
    /** HotSpot's default {@code Tier4InvocationThreshold}, where the JVM does not say its own. */
    static final long DEFAULT_OPTIMISING_CALLS = 5_000;
    /** The most JIT time, in milliseconds, of a round that counts as quiet: the count moves by whole milliseconds. */
    static final long QUIET_MILLIS = 1;

    private final long roundCalls;
    private final long optimisingCalls;
    private final LongSupplier compilationMillis;
    private final BooleanSupplier evidenceReady;
    private long calls;
    private long compiledAtRoundStart;
    private boolean readyAtRoundStart;

    /**
     * @param roundCalls        the body's calls in one round (all harness threads)
     * @param compilationMillis the JVM's total compilation time so far, in milliseconds; -1 when unknown
     */
    WarmUpGauge(long roundCalls, long optimisingCalls, LongSupplier compilationMillis, BooleanSupplier evidenceReady) {
        this.roundCalls = roundCalls;
        this.optimisingCalls = optimisingCalls;
        this.compilationMillis = compilationMillis;
        this.evidenceReady = evidenceReady;
        this.compiledAtRoundStart = compilationMillis.getAsLong();
        this.readyAtRoundStart = evidenceReady.getAsBoolean();
    }

    /** @return a gauge of this JVM's JIT, its first round begun now */
    static WarmUpGauge ofThisJvm(long roundCalls, BooleanSupplier evidenceReady) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        LongSupplier millis = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit::getTotalCompilationTime : () -> -1;
        return new WarmUpGauge(roundCalls, optimisingCalls(), millis, evidenceReady);
    }

    /** @return at a round's end, whether the warm-up is done (on calls and evidence alone where JIT time is unknown) */
    boolean roundEnded() {
        boolean calledEnough = calls >= optimisingCalls;
        boolean ready = readyAtRoundStart;
        calls += roundCalls;
        readyAtRoundStart = evidenceReady.getAsBoolean();
        long compiled = compilationMillis.getAsLong();
        boolean quiet = compiled - compiledAtRoundStart <= QUIET_MILLIS;
        compiledAtRoundStart = compiled;
        return calledEnough && ready && quiet;
    }

    /** @return this JVM's {@code Tier4InvocationThreshold}, or {@value #DEFAULT_OPTIMISING_CALLS} where it has none */
    static long optimisingCalls() {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return hotSpot == null ? DEFAULT_OPTIMISING_CALLS
                    : Long.parseLong(hotSpot.getVMOption("Tier4InvocationThreshold").getValue());
        } catch (RuntimeException notHotSpot) {
            return DEFAULT_OPTIMISING_CALLS;
        }
    }
}
