package org.jlbh.junit.internal.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One latency measurement per machine at a time, across JVMs: an OS file lock ({@link FileLock}) on
 * {@code jlbh-machine-<user>.lock} in the temporary folder, released by the OS when its JVM dies, into which the holder
 * writes its process id and test. Fair between processes: the one waiting next holds {@code jlbh-machine-<user>.gate}.
 * A semaphore keeps two test runs of one JVM from taking the file twice. Thread-safe.
 */
public final class MachineLock {
    private static final long POLL_MILLIS = 5;
    private static final String STILL_HELD = "waited the longest wait allowed, and it was still held";
    private static final Semaphore IN_THIS_JVM = new Semaphore(1, true);

    private final Path machine;
    private final Path gate;

    /** A lock whose {@code machine} file's lock is the machine; the process waiting next holds {@code gate}'s. */
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

    /**
     * Waits for the machine, at most {@code boundNanos}; past the bound, or where the lock cannot be taken at all, the
     * turn goes ahead without it and says so.
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
                return new Turn(null, null, System.nanoTime() - began, holders, STILL_HELD, false);
            }
        }
        FileChannel machineFile = null;
        try {
            machineFile = FileChannel.open(machine, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock machineLock = awaitTurn(machineFile, began, boundNanos, holders);
            long waited = System.nanoTime() - began;
            if (machineLock == null) {
                machineFile.close();
                IN_THIS_JVM.release();
                return new Turn(null, null, waited, holders, STILL_HELD, false);
            }
            String mine = String.format(Locale.ROOT, "pid %d: %s", ProcessHandle.current().pid(), test);
            machineFile.truncate(0);
            machineFile.write(ByteBuffer.wrap(mine.getBytes(StandardCharsets.UTF_8)), 0);
            return new Turn(machineFile, machineLock, waited, holders, null, true);
        } catch (IOException | RuntimeException cannotLock) {
            closeQuietly(machineFile);
            IN_THIS_JVM.release();
            return new Turn(null, null, System.nanoTime() - began, holders, "the machine's lock "
                    + machine + " could not be taken (" + cannotLock + ")", false);
        } catch (InterruptedException interrupted) {
            closeQuietly(machineFile);
            IN_THIS_JVM.release();
            throw interrupted;
        }
    }

    /** @return the machine's lock, or null past the bound: taken with the gate's, which is released on return */
    private FileLock awaitTurn(FileChannel machineFile, long began, long boundNanos, Set<String> holders)
            throws IOException, InterruptedException {
        try (FileChannel gateFile = FileChannel.open(gate, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock gateLock = null;
            while (true) {
                if (gateLock == null) {
                    gateLock = gateFile.tryLock();
                }
                FileLock machineLock = gateLock == null ? null : machineFile.tryLock();
                if (machineLock != null) {
                    return machineLock;
                }
                holder(machineFile).ifPresent(holders::add);
                if (System.nanoTime() - began - boundNanos >= 0) {
                    return null;
                }
                Thread.sleep(POLL_MILLIS);
            }
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

    /** A test's turn on the machine, or a measurement that goes ahead without one. Close it once. */
    public static final class Turn implements AutoCloseable {
        private final FileChannel file;
        private final FileLock lock;
        private final long waitedNanos;
        private final List<String> heldBy;
        private final String notAlone;
        private final boolean holdsThisJvm;

        private Turn(FileChannel file, FileLock lock, long waitedNanos, Set<String> heldBy, String notAlone,
                     boolean holdsThisJvm) {
            this.file = file;
            this.lock = lock;
            this.waitedNanos = waitedNanos;
            this.heldBy = List.copyOf(heldBy);
            this.notAlone = notAlone;
            this.holdsThisJvm = holdsThisJvm;
        }

        /** @return a measurement without a turn: the lock is switched off ({@code jlbh.machine.lock = off}) */
        public static Turn switchedOff() {
            return new Turn(null, null, 0, Set.of(), null, false);
        }

        /** @return how long the test waited for the machine, in nanoseconds */
        public long waitedNanos() {
            return waitedNanos;
        }

        /** @return who held the machine while the test waited, in the order seen: {@code pid 1234: Test.name} */
        public List<String> heldBy() {
            return heldBy;
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
