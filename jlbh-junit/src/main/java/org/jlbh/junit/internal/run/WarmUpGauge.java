package org.jlbh.junit.internal.run;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Tells when a sized warm-up is done: once the body has been called at least as often as HotSpot's optimising compiler
 * waits for ({@code Tier4InvocationThreshold}, 5,000 by default), and the JIT then compiled nothing for a whole round
 * begun after that
 * (the JVM's total compilation time, read from its {@link CompilationMXBean} in milliseconds, moved
 * {@value #QUIET_MILLIS} ms at most). The JIT's
 * time is the whole JVM's, not the body's alone: anything compiled elsewhere meanwhile lengthens the warm-up, within
 * its bound. A round counts only when the evidence was ready as it began (the JVM's Flight Recorder stream, which a
 * JVM's first latency test starts, delivers its first events some tens of milliseconds later, asked for at once, and
 * parses them on a thread of its own): what that start disturbs lands in the warm-up, not in a run. Used by the thread
 * that runs the task, between warm-up rounds; not thread-safe.
 */
final class WarmUpGauge {
    /** HotSpot's default {@code Tier4InvocationThreshold}, where the JVM does not say its own. */
    static final long DEFAULT_OPTIMISING_CALLS = 5_000;
    /**
     * The most JIT time, in milliseconds, a round may see and still count as compiling nothing: the count moves a
     * millisecond at a time, and other threads' small compilations (the profiling compiler's, fractions of a
     * millisecond each) would otherwise keep a new JVM's warm-up going; the optimising compiler's work on a loop takes
     * milliseconds.
     */
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
     * @param optimisingCalls   the calls after which the optimising compiler compiles a method
     * @param compilationMillis the JVM's total compilation time so far, in milliseconds; -1 when unknown
     * @param evidenceReady     whether the measurement's evidence is ready ({@code EvidenceSource.ready()})
     */
    WarmUpGauge(long roundCalls, long optimisingCalls, LongSupplier compilationMillis, BooleanSupplier evidenceReady) {
        this.roundCalls = roundCalls;
        this.optimisingCalls = optimisingCalls;
        this.compilationMillis = compilationMillis;
        this.evidenceReady = evidenceReady;
        this.compiledAtRoundStart = compilationMillis.getAsLong();
        this.readyAtRoundStart = evidenceReady.getAsBoolean();
    }

    /**
     * @param roundCalls    the body's calls in one round
     * @param evidenceReady whether the measurement's evidence is ready
     * @return a gauge of this JVM's JIT, started now (the first round begins)
     */
    static WarmUpGauge ofThisJvm(long roundCalls, BooleanSupplier evidenceReady) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        LongSupplier millis = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit::getTotalCompilationTime : () -> -1;
        return new WarmUpGauge(roundCalls, optimisingCalls(), millis, evidenceReady);
    }

    /**
     * A round has ended.
     *
     * @return whether the warm-up is done: a round that began with enough calls behind it and the evidence ready
     *         compiled nothing (where the JVM cannot say what it compiled, enough calls and the evidence alone)
     */
    boolean roundEnded() {
        // the round counts only when it began with enough calls behind it (the compiler is asked at the threshold,
        // and compiles after it) and with the evidence ready (what its start disturbs is over by the round's end)
        boolean calledEnough = calls >= optimisingCalls;
        boolean ready = readyAtRoundStart;
        calls += roundCalls;
        readyAtRoundStart = evidenceReady.getAsBoolean();
        long compiled = compilationMillis.getAsLong();
        boolean quiet = compiled - compiledAtRoundStart <= QUIET_MILLIS;
        compiledAtRoundStart = compiled;
        return calledEnough && ready && quiet;
    }

    /** @return the body's calls so far */
    long calls() {
        return calls;
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
