package org.jlbh.junit.internal.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Semaphore;

/**
 * One latency measurement per machine at a time, across JVMs: the latency tests of Surefire's forks, of Maven's
 * parallel module builds and of other builds of the same user take turns. It is an OS file lock ({@link FileLock}, an
 * advisory {@code fcntl} lock on Linux) on a file in the system temporary folder, {@code jlbh-machine-<user>.lock},
 * which the OS releases when the JVM holding it dies, however it dies: a killed fork never blocks the next build.
 * The holder writes its process id and test into the file, so that a waiting test can say whose measurement it waited
 * for.
 *
 * <p>Turns are fair between processes: a second file, {@code jlbh-machine-<user>.gate}, is held by the one process
 * waiting next, so that a JVM whose test has just ended cannot take the machine again for its next test before a JVM
 * that was waiting has had it. Within a JVM, latency tests already run one at a time (JUnit's global resource lock);
 * a lock of this JVM's own keeps two test runs of one JVM (a test kit's inside a test) from taking the file twice.
 *
 * <p>Both files stay in the temporary folder, empty when no one holds the machine, and are reused. Thread-safe.
 */
public final class MachineLock {
    /** How often a waiting test tries again, in milliseconds: a turn passes within this. */
    static final long POLL_MILLIS = 5;
    private static final Semaphore IN_THIS_JVM = new Semaphore(1, true);

    private final Path machine;
    private final Path gate;

    /**
     * @param machine the file whose lock is the machine
     * @param gate    the file whose lock is held by the process waiting next
     */
    MachineLock(Path machine, Path gate) {
        this.machine = machine;
        this.gate = gate;
    }

    /** @return the lock of this machine's user, in the system temporary folder */
    public static MachineLock ofThisUser() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        Path folder = Path.of(System.getProperty("java.io.tmpdir"));
        return new MachineLock(folder.resolve("jlbh-machine-" + user + ".lock"),
                folder.resolve("jlbh-machine-" + user + ".gate"));
    }

    /** @return the file whose lock is the machine */
    public Path machineFile() {
        return machine;
    }

    /** @return the file whose lock is held by the process waiting next */
    public Path gateFile() {
        return gate;
    }

    /**
     * Waits for the machine, at most {@code boundNanos}; past the bound, or where the lock cannot be taken at all (a
     * file that cannot be written, say), the test is measured anyway and the turn says so.
     *
     * @param test       who takes it, written into the file for those who wait (e.g. the test's display name)
     * @param boundNanos the longest wait, in nanoseconds
     * @return the turn: close it when the measurement and its reports are done
     * @throws InterruptedException when the test's thread is interrupted while it waits
     */
    public Turn take(String test, long boundNanos) throws InterruptedException {
        long began = System.nanoTime();
        Set<String> holders = new LinkedHashSet<>();
        if (!IN_THIS_JVM.tryAcquire()) {
            holders.add("another test run of this JVM");
            if (!IN_THIS_JVM.tryAcquire(boundNanos, TimeUnit.NANOSECONDS)) {
                return new Turn(null, null, System.nanoTime() - began, List.copyOf(holders),
                        "waited the longest wait allowed, and it was still held", false);
            }
        }
        FileChannel machineFile = null;
        FileChannel gateFile = null;
        FileLock gateLock = null;
        FileLock machineLock = null;
        try {
            machineFile = FileChannel.open(machine, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            gateFile = FileChannel.open(gate, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            while (true) {
                if (gateLock == null) {
                    gateLock = gateFile.tryLock();
                }
                if (gateLock != null) {
                    machineLock = machineFile.tryLock();
                    if (machineLock != null) {
                        break;
                    }
                }
                holder(machineFile).ifPresent(holders::add);
                if (System.nanoTime() - began - boundNanos >= 0) {
                    break;
                }
                Thread.sleep(POLL_MILLIS);
            }
            if (gateLock != null) {
                gateLock.release();
            }
            gateFile.close();
            long waited = System.nanoTime() - began;
            if (machineLock == null) {
                machineFile.close();
                IN_THIS_JVM.release();
                return new Turn(null, null, waited, List.copyOf(holders), "waited the longest wait allowed, and it "
                        + "was still held", false);
            }
            String mine = String.format(Locale.ROOT, "pid %d: %s", ProcessHandle.current().pid(), test);
            machineFile.truncate(0);
            machineFile.write(ByteBuffer.wrap(mine.getBytes(StandardCharsets.UTF_8)), 0);
            return new Turn(machineFile, machineLock, waited, List.copyOf(holders), null, true);
        } catch (IOException | RuntimeException cannotLock) {
            closeQuietly(machineFile);
            closeQuietly(gateFile);
            IN_THIS_JVM.release();
            return new Turn(null, null, System.nanoTime() - began, List.copyOf(holders), "the machine's lock "
                    + machine + " could not be taken (" + cannotLock + ")", false);
        } catch (InterruptedException interrupted) {
            closeQuietly(machineFile);
            closeQuietly(gateFile);
            IN_THIS_JVM.release();
            throw interrupted;
        }
    }

    /** @return who holds the machine, as its holder wrote it; empty while no one has written */
    private static Optional<String> holder(FileChannel file) {
        try {
            ByteBuffer read = ByteBuffer.allocate(1_024);
            int bytes = file.read(read, 0);
            return bytes <= 0 ? Optional.empty()
                    : Optional.of(new String(read.array(), 0, bytes, StandardCharsets.UTF_8).trim())
                    .filter(text -> !text.isEmpty());
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing releases any lock on it: nothing more to do
            }
        }
    }

    /**
     * A test's turn on the machine, or a measurement that goes ahead without one. Close it once.
     */
    public static final class Turn implements AutoCloseable {
        private final FileChannel file;
        private final FileLock lock;
        private final long waitedNanos;
        private final List<String> heldBy;
        private final String notAlone;
        private final boolean holdsThisJvm;

        private Turn(FileChannel file, FileLock lock, long waitedNanos, List<String> heldBy, String notAlone,
                     boolean holdsThisJvm) {
            this.file = file;
            this.lock = lock;
            this.waitedNanos = waitedNanos;
            this.heldBy = new ArrayList<>(heldBy);
            this.notAlone = notAlone;
            this.holdsThisJvm = holdsThisJvm;
        }

        /** @return a measurement without a turn: the lock is switched off ({@code jlbh.machine.lock = off}) */
        public static Turn switchedOff() {
            return new Turn(null, null, 0, List.of(), null, false);
        }

        /** @return how long the test waited for the machine, in nanoseconds */
        public long waitedNanos() {
            return waitedNanos;
        }

        /** @return who held the machine while the test waited, in the order seen: {@code pid 1234: Test.name} */
        public List<String> heldBy() {
            return List.copyOf(heldBy);
        }

        /** @return why the test is measured without the machine to itself; empty when it has it, or when off */
        public Optional<String> notAlone() {
            return Optional.ofNullable(notAlone);
        }

        /** Gives the machine to the next test: empties the file and releases its lock. */
        @Override
        public void close() {
            if (file != null) {
                try {
                    file.truncate(0);
                    lock.release();
                } catch (IOException ignored) {
                    // closing the file below releases the lock too
                }
                closeQuietly(file);
            }
            if (holdsThisJvm) {
                IN_THIS_JVM.release();
            }
        }
    }
}
