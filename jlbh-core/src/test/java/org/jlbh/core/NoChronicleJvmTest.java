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
            new JLBH(new JLBHOptions().throughput(100_000).warmUpIterations(1_000).iterations(10_000).runs(2)
                    .recordOSJitter(true).jlbhTask(task), new PrintStream(OutputStream.nullOutputStream()), null).start();
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
