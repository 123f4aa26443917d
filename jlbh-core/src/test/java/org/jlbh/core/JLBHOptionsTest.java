package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

class JLBHOptionsTest {

    @Test
    void badValuesAreRejectedNamingTheOptionAndTheValue() {
        JLBHOptions options = new JLBHOptions();
        assertThatIllegalArgumentException().isThrownBy(() -> options.throughput(0))
                .withMessage("JLBHOptions.throughput must be > 0, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> options.throughput(-5, TimeUnit.MILLISECONDS))
                .withMessage("JLBHOptions.throughput must be > 0, was -5");
        assertThatIllegalArgumentException().isThrownBy(() -> options.iterations(0))
                .withMessage("JLBHOptions.iterations must be > 0, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> options.iterations(-1L))
                .withMessage("JLBHOptions.iterations must be > 0, was -1");
        assertThatIllegalArgumentException().isThrownBy(() -> options.runs(0))
                .withMessage("JLBHOptions.runs must be > 0, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> options.warmUpIterations(-1))
                .withMessage("JLBHOptions.warmUpIterations must be >= 0, was -1");
        assertThatIllegalArgumentException().isThrownBy(() -> options.timeout(0))
                .withMessage("JLBHOptions.timeout must be > 0, was 0");
        assertThatIllegalArgumentException().isThrownBy(() -> options.pauseAfterWarmupMS(-2))
                .withMessage("JLBHOptions.pauseAfterWarmupMS must be >= 0, was -2");
        assertThatIllegalArgumentException().isThrownBy(() -> options.recordJitterGreaterThanNs(-3))
                .withMessage("JLBHOptions.recordJitterGreaterThanNs must be >= 0, was -3");
        assertThatIllegalArgumentException().isThrownBy(() -> options.progressIntervalMS(-4))
                .withMessage("JLBHOptions.progressIntervalMS must be >= 0, was -4");
        assertThatIllegalArgumentException().isThrownBy(() -> options.jlbhTask(null))
                .withMessage("JLBHOptions.jlbhTask must not be null");
        assertThatNullPointerException().isThrownBy(() -> options.throughput(1, null));
        assertThatNullPointerException().isThrownBy(() -> options.latencyDistributor(null))
                .withMessage("JLBHOptions.latencyDistributor must not be null");
        assertThatNullPointerException().isThrownBy(() -> options.acquireLock(null))
                .withMessage("JLBHOptions.acquireLock must not be null");
    }

    @Test
    void theReferencesDefaultsWhereTheyMakeSenseAndOursWhereTheyDid() {
        String defaults = new JLBHOptions().toString();
        assertThat(defaults).contains("throughput=10000/SECONDS", "iterations=100000", "runs=3",
                "accountForCoordinatedOmission=true", "recordOSJitter=true", "recordJitterGreaterThanNs=1000",
                "latencyDistributor=NORMAL", "skipFirstRun=false", "jitterAffinity=false", "acquireLock=null",
                "pacedWarmUp=true", "runOnCallingThread=false");
    }

    @Test
    void aStartedBenchmarkCannotBeStartedAgainNorInstalledOnAnEventLoop() {
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        JLBH jlbh = new JLBH(new JLBHOptions().clock(new ManualClock(0)).recordOSJitter(false).warmUpIterations(0)
                .iterations(10).runs(1).jlbhTask(task), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), null);
        jlbh.start();
        org.assertj.core.api.Assertions.assertThatIllegalStateException().isThrownBy(jlbh::asEventHandler)
                .withMessage("JLBH.start() or eventLoopHandler() may be called once per JLBH instance");
    }

    @Test
    void aBenchmarkWithoutATaskIsRejectedBeforeAnyThreadStarts() {
        int threadsBefore = Thread.activeCount();
        assertThatIllegalArgumentException().isThrownBy(() -> new JLBH(new JLBHOptions()))
                .withMessage("JLBHOptions.jlbhTask must be set, was null");
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().startsWith("jlbh-"));
        assertThat(Thread.activeCount()).isLessThanOrEqualTo(threadsBefore);
    }

    @Test
    void theSettingsAreCopiedWhenTheBenchmarkIsBuilt() {
        ManualClock clock = new ManualClock(0);
        JLBHResultConsumer results = JLBHResultConsumer.newThreadSafeInstance();
        ScriptedTask task = new ScriptedTask((jlbh, i, start) -> jlbh.sample(1));
        JLBHOptions options = new JLBHOptions().clock(clock).recordOSJitter(false).warmUpIterations(0)
                .iterations(10).runs(1).jlbhTask(task);
        JLBH jlbh = new JLBH(options, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), results);
        options.iterations(1_000).runs(5);
        jlbh.start();
        assertThat(results.get().runs()).hasSize(1);
        assertThat(results.get().runs().get(0).iterations()).isEqualTo(10);
    }
}
