package org.jlbh.core;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing in the harness's path loads chronicle-core's {@code Jvm} class, whose initialisation needs
 * {@code --add-opens} on Java 17+, prints a banner and touches native code. A benchmark with probes and OS jitter
 * runs inside a fresh class loader that loads the harness, chronicle-core and HdrHistogram itself; afterwards that
 * loader is asked which chronicle classes it loaded.
 */
class NoChronicleJvmTest {

    /** Loads our classes and the two dependencies child-first, so what they load is seen here. */
    private static final class IsolatingLoader extends URLClassLoader {
        IsolatingLoader(URL[] urls) {
            super(urls, NoChronicleJvmTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.jlbh.") && !name.startsWith("net.openhft.") && !name.startsWith("org.HdrHistogram.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }

        boolean hasLoaded(String name) {
            return findLoadedClass(name) != null;
        }
    }

    /** Runs inside the isolating loader. */
    public static final class Benchmark implements Runnable {
        @Override
        public void run() {
            JLBHTask task = new JLBHTask() {
                private JLBH jlbh;
                private net.openhft.chronicle.core.util.NanoSampler probe;

                @Override
                public void init(JLBH jlbh) {
                    this.jlbh = jlbh;
                    probe = jlbh.addProbe("probe");
                }

                @Override
                public void run(long startTimeNS) {
                    probe.sampleNanos(System.nanoTime() - startTimeNS);
                    jlbh.sample(System.nanoTime() - startTimeNS);
                }
            };
            PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
            JLBH jlbh = new JLBH(new JLBHOptions().throughput(100_000).warmUpIterations(1_000).iterations(10_000).runs(2)
                    .recordOSJitter(true).latencyDistributor(LatencyDistributors.RANDOM).jlbhTask(task), nowhere, null);
            jlbh.start();
            // the reference's raw-array API too: chronicle-core's Histogram, but not its Jvm
            TeamCityHelper.teamCityStatsLastRun("b", jlbh, 10_000, nowhere);
            jlbh.printPercentilesSummary("end to end", jlbh.percentileRuns(), nowhere);
        }
    }

    /** Runs inside the isolating loader, which has no affinity jar: pinning asked for without affinity. */
    public static final class PinnedWithoutAffinity implements java.util.concurrent.Callable<String> {
        @Override
        public String call() {
            JLBHTask task = new JLBHTask() {
                @Override
                public void init(JLBH jlbh) {
                }

                @Override
                public void run(long startTimeNS) {
                }
            };
            try {
                new JLBH(new JLBHOptions().jitterAffinity(true).jlbhTask(task),
                        new PrintStream(OutputStream.nullOutputStream()), null).start();
                return "started";
            } catch (IllegalStateException e) {
                return e.getMessage();
            }
        }
    }

    @Test
    void aBenchmarkNeverLoadsChronicleCoresJvmClass() throws Exception {
        URL[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(NoChronicleJvmTest::url).toArray(URL[]::new);
        try (IsolatingLoader loader = new IsolatingLoader(classpath)) {
            Runnable benchmark = (Runnable) loader.loadClass(Benchmark.class.getName()).getConstructor().newInstance();
            benchmark.run();

            assertThat(loader.hasLoaded("org.jlbh.core.JLBH")).as("the harness ran in the isolating loader").isTrue();
            assertThat(loader.hasLoaded("net.openhft.chronicle.core.util.NanoSampler"))
                    .as("chronicle-core classes are seen by the isolating loader").isTrue();
            assertThat(loader.hasLoaded("net.openhft.chronicle.core.Jvm")).as("chronicle-core's Jvm was loaded").isFalse();
            assertThat(loader.hasLoaded("net.openhft.affinity.AffinityLock")).as("affinity was loaded").isFalse();
        }
    }

    /** affinity is an optional dependency: asking for pinning without it fails at once, saying what to add. */
    @Test
    void pinningWithoutAffinityOnTheClasspathFailsBeforeAnythingRuns() throws Exception {
        URL[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(path -> !path.replace('\\', '/').contains("/net/openhft/affinity/"))
                .map(NoChronicleJvmTest::url).toArray(URL[]::new);
        try (IsolatingLoader loader = new IsolatingLoader(classpath)) {
            @SuppressWarnings("unchecked")
            java.util.concurrent.Callable<String> pinned = (java.util.concurrent.Callable<String>)
                    loader.loadClass(PinnedWithoutAffinity.class.getName()).getConstructor().newInstance();

            assertThat(pinned.call()).isEqualTo("JLBHOptions.jitterAffinity(true) pins a CPU with net.openhft:affinity, "
                    + "which is not on the classpath; jlbh-core does not bring it: add net.openhft:affinity to your project");
        }
    }

    private static URL url(String path) {
        try {
            return new File(path).toURI().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path, e);
        }
    }
}
