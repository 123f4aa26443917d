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
     * @param test who takes it, written into the file for those who wait (e.g. the test's display name)
     * @return the turn: close it when the measurement and its reports are done
     * @throws InterruptedException when the test's thread is interrupted while it waits
     */
    public Turn take(String test, long boundNanos) throws InterruptedException {
        long began = System.nanoTime();
        Set<String> holders = new LinkedHashSet<>();
        if (!IN_THIS_JVM.tryAcquire()) {
            holders.add("another test run of this JVM");
            if (!IN_THIS_JVM.tryAcquire(boundNanos, TimeUnit.NANOSECONDS)) {
                return new Turn(System.nanoTime() - began, holders, STILL_HELD, null);
            }
        }
        FileChannel machineFile = null;
        boolean taken = false;
        try {
            machineFile = FileChannel.open(machine, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            taken = awaitTurn(machineFile, began, boundNanos, holders);
            long waited = System.nanoTime() - began;
            if (!taken) {
                return new Turn(waited, holders, STILL_HELD, null);
            }
            String mine = String.format(Locale.ROOT, "pid %d: %s", ProcessHandle.current().pid(), test);
            machineFile.truncate(0);
            machineFile.write(ByteBuffer.wrap(mine.getBytes(StandardCharsets.UTF_8)), 0);
            return new Turn(waited, holders, null, machineFile);
        } catch (IOException | RuntimeException cannotLock) {
            taken = false;
            return new Turn(System.nanoTime() - began, holders, "the machine's lock " + machine
                    + " could not be taken (" + cannotLock + ")", null);
        } finally {
            if (!taken) {
                closeQuietly(machineFile);
                IN_THIS_JVM.release();
            }
        }
    }

    /** @return whether the machine's file is locked, false past the bound: taken with the gate's, released on return */
    private boolean awaitTurn(FileChannel machineFile, long began, long boundNanos, Set<String> holders)
            throws IOException, InterruptedException {
        try (FileChannel gateFile = FileChannel.open(gate, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock gateLock = null;
            while (true) {
                if (gateLock == null) {
                    gateLock = gateFile.tryLock();
                }
                if (gateLock != null && machineFile.tryLock() != null) {
                    return true;
                }
                holder(machineFile).ifPresent(holders::add);
                if (System.nanoTime() - began - boundNanos >= 0) {
                    return false;
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

    /**
     * A test's turn on the machine, or a measurement that goes ahead without one. Close it once.
     *
     * @param waitedNanos how long the test waited for the machine, in nanoseconds
     * @param heldBy      who held the machine while the test waited, in the order seen: {@code pid 1234: Test.name}
     * @param notAlone    why the test is measured without the machine to itself; empty when it has it, or when off
     * @param machineFile the machine's file, locked for the turn; null without a turn
     */
    public record Turn(long waitedNanos, List<String> heldBy, Optional<String> notAlone, FileChannel machineFile)
            implements AutoCloseable {

        private Turn(long waitedNanos, Set<String> heldBy, String notAlone, FileChannel machineFile) {
            this(waitedNanos, List.copyOf(heldBy), Optional.ofNullable(notAlone), machineFile);
        }

        /** @return a measurement without a turn: the lock is switched off ({@code jlbh.machine.lock = off}) */
        public static Turn switchedOff() {
            return new Turn(0, Set.of(), null, null);
        }

        /** Gives the machine to the next test: empties the file, and closes it, which releases its lock. */
        @Override
        public void close() {
            if (machineFile != null) {
                try {
                    machineFile.truncate(0);
                } catch (IOException ignored) {
                    // closing the file below releases the lock all the same
                }
                closeQuietly(machineFile);
                IN_THIS_JVM.release();
            }
        }
    }
}
