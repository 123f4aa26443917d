package org.jlbh.junit.internal;

import org.jlbh.junit.LatencyTestConfiguration;
import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.FileLockWait;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The machine's hold: the one place that says when a latency test takes the machine, how long it holds it, and what
 * happens when it cannot have it in time. One latency measurement per machine at a time, across this user's JVMs.
 * <ul>
 *     <li><b>Taken</b> by {@link #take(ExtensionContext)}, which the extension calls before the test's method is
 *     called: after its {@code @BeforeEach} methods, and outside the method's call, so that neither the method's
 *     {@code timeoutMillis} nor a JUnit {@code @Timeout} on it counts the wait.</li>
 *     <li><b>Held</b> until {@link #giveBack(ExtensionContext)}, which the extension calls once the method has been
 *     called, its measurement, verdict and reports done; or until JUnit closes the test's store, if the test ended
 *     another way; or until the JVM ends, however it ends: the OS releases its locks with the process.</li>
 *     <li><b>Waited for</b> in three steps, each blocking (in the OS for the files, {@link FileLockWait}), so that a
 *     waiting JVM takes no CPU from the one that measures: another test run of this JVM (this JVM's permit of the
 *     machine's file, {@link FileLockWait#inThisJvm}); the gate, {@code jlbh-machine-<user>.gate} in the system
 *     temporary folder, held by the process waiting next, so that turns pass fairly between processes; and the
 *     machine's file, {@code jlbh-machine-<user>.lock} beside it, into which the holder writes its process id and test
 *     for those who wait.</li>
 *     <li><b>On timeout</b>, after {@link LatencyTestConfiguration#MACHINE_LOCK_WAIT} in all (600 s by default), or
 *     where the lock cannot be taken at all, the test is measured anyway, without the machine to itself, and its
 *     report says what it waited for ({@link ResultSnapshot.MachineRecord#shared()}). With
 *     {@link LatencyTestConfiguration#MACHINE_LOCK} off it takes no turn.</li>
 * </ul>
 * Kept in the test's store. Thread-safe.
 */
public final class MachineTurn implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    private final ResultSnapshot.MachineRecord machine;
    /** The machine's file, locked for the turn; null without a turn. */
    private final FileChannel machineFile;
    /** This JVM's permit of the machine's file, held for the turn; null without a turn. */
    private final Semaphore inThisJvm;
    private final AtomicBoolean givenBack = new AtomicBoolean();

    private MachineTurn(ResultSnapshot.MachineRecord machine, FileChannel machineFile, Semaphore inThisJvm) {
        this.machine = machine;
        this.machineFile = machineFile;
        this.inThisJvm = inThisJvm;
    }

    /**
     * The machine's lock files.
     *
     * @param machine the file whose lock is the turn
     * @param gate    the file whose lock the process waiting next holds
     */
    record LockFiles(Path machine, Path gate) {
        /** @return this machine user's files, in the system temporary folder */
        static LockFiles ofThisUser() {
            String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
            Path folder = Path.of(System.getProperty("java.io.tmpdir"));
            return new LockFiles(folder.resolve("jlbh-machine-" + user + ".lock"),
                    folder.resolve("jlbh-machine-" + user + ".gate"));
        }
    }

    /**
     * Takes a latency test's turn, waiting for it; a test that is not a latency test (or was not prepared) takes none.
     *
     * @param context the test's context
     * @throws InterruptedException when the test's thread is interrupted while it waits
     */
    public static void take(ExtensionContext context) throws InterruptedException {
        TestState state = TestState.of(context);
        if (state != null) {
            context.getStore(Stores.NAMESPACE).put(MachineTurn.class, take(state.settings()));
        }
    }

    /**
     * Gives a test's turn back, if it took one.
     *
     * @param context the test's context
     */
    public static void giveBack(ExtensionContext context) {
        MachineTurn turn = context.getStore(Stores.NAMESPACE).remove(MachineTurn.class, MachineTurn.class);
        if (turn != null) {
            turn.close();
        }
    }

    /**
     * @param context the test's context, whose turn {@link #take(ExtensionContext)} took
     * @return how the test came to the machine, as its report says it
     * @throws IllegalStateException when the test took no turn
     */
    static ResultSnapshot.MachineRecord machineOf(ExtensionContext context) {
        MachineTurn turn = context.getStore(Stores.NAMESPACE).get(MachineTurn.class, MachineTurn.class);
        if (turn == null) {
            throw new IllegalStateException("the latency test " + context.getDisplayName() + " took no turn on the "
                    + "machine before its method was called");
        }
        return turn.machine;
    }

    private static MachineTurn take(TestSettings settings) throws InterruptedException {
        Configuration configuration = settings.configuration();
        if (!configuration.machineLock()) {
            return shared("off", 0, Set.of(), null);
        }
        return take(LockFiles.ofThisUser(), settings.displayName(),
                (long) Math.min(Long.MAX_VALUE, configuration.machineWaitSeconds() * 1e9), FileLockWait.Attempts.OS);
    }

    /**
     * Waits for the machine, at most {@code boundNanos} in all; past the bound, or where the lock cannot be taken at
     * all, the turn goes ahead without it and says what it waited for.
     *
     * @param files      the lock's files
     * @param test       who takes it, written into the machine's file for those who wait (the test's display name)
     * @param boundNanos the longest wait, in nanoseconds
     * @param attempts   how the files are locked ({@link FileLockWait.Attempts#OS})
     * @return the turn: close it when the measurement and its reports are done
     * @throws InterruptedException when the calling thread is interrupted while it waits
     */
    static MachineTurn take(LockFiles files, String test, long boundNanos, FileLockWait.Attempts attempts)
            throws InterruptedException {
        long began = System.nanoTime();
        Set<String> holders = new LinkedHashSet<>();
        Semaphore inThisJvm = FileLockWait.inThisJvm(files.machine());
        if (!inThisJvm.tryAcquire()) {
            holders.add("another test run of this JVM");
            if (!inThisJvm.tryAcquire(boundNanos, TimeUnit.NANOSECONDS)) {
                return shared("on", System.nanoTime() - began, holders, "waited the longest wait allowed for "
                        + "another test run of this JVM to give the machine back");
            }
        }
        FileChannel machineFile = null;
        boolean taken = false;
        try {
            machineFile = FileChannel.open(files.machine(), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            Optional<String> stillHeld = awaitTurn(files, machineFile, began, boundNanos, holders, attempts);
            long waited = System.nanoTime() - began;
            if (stillHeld.isPresent()) {
                return shared("on", waited, holders, stillHeld.get());
            }
            taken = true;
            String mine = String.format(Locale.ROOT, "pid %d: %s", ProcessHandle.current().pid(), test);
            machineFile.truncate(0);
            machineFile.write(ByteBuffer.wrap(mine.getBytes(StandardCharsets.UTF_8)), 0);
            return new MachineTurn(record("on", waited, holders, null), machineFile, inThisJvm);
        } catch (IOException | RuntimeException cannotLock) {
            taken = false;
            return shared("on", System.nanoTime() - began, holders, "the machine's lock " + files.machine()
                    + " could not be taken (" + cannotLock + ")");
        } finally {
            if (!taken) {
                closeQuietly(machineFile);
                inThisJvm.release();
            }
        }
    }

    /**
     * Takes the gate, then the machine's file, then gives the gate to the next in line.
     *
     * @return empty once the machine's file is locked; else what was still held past the bound
     */
    private static Optional<String> awaitTurn(LockFiles files, FileChannel machineFile, long began, long boundNanos,
                                              Set<String> holders, FileLockWait.Attempts attempts)
            throws IOException, InterruptedException {
        Runnable readHolder = () -> holder(machineFile).ifPresent(holders::add);
        try (FileChannel gateFile = FileChannel.open(files.gate(), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            if (FileLockWait.lock(gateFile, left(began, boundNanos), readHolder, attempts).isEmpty()) {
                readHolder.run();
                return Optional.of("waited the longest wait allowed for the machine's gate " + files.gate()
                        + ", which the test next in line (of another JVM) holds, and it was still held");
            }
            if (FileLockWait.lock(machineFile, left(began, boundNanos), readHolder, attempts).isEmpty()) {
                return Optional.of("waited the longest wait allowed for the machine's lock " + files.machine()
                        + ", and it was still held");
            }
            return Optional.empty();
        }
    }

    private static long left(long began, long boundNanos) {
        return boundNanos - (System.nanoTime() - began);
    }

    /** @return who holds the machine, as its holder wrote it; empty while no one has written, or once closed */
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

    /** @return a measurement without a turn: switched off, or past the bound ({@code notAlone} says why) */
    private static MachineTurn shared(String lock, long waitedNanos, Set<String> heldBy, String notAlone) {
        return new MachineTurn(record(lock, waitedNanos, heldBy, notAlone), null, null);
    }

    private static ResultSnapshot.MachineRecord record(String lock, long waitedNanos, Set<String> heldBy,
                                                       String notAlone) {
        String from = Instant.now().toString();
        return new ResultSnapshot.MachineRecord(lock, waitedNanos / 1e9, List.copyOf(heldBy),
                Optional.ofNullable(notAlone), from, from);
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

    /** @return how the test came to the machine, as its report says it */
    ResultSnapshot.MachineRecord machine() {
        return machine;
    }

    /** Gives the turn back, once: empties the machine's file and closes it, which releases its lock. */
    @Override
    public void close() {
        if (machineFile != null && givenBack.compareAndSet(false, true)) {
            try {
                machineFile.truncate(0);
            } catch (IOException ignored) {
                // closing the file below releases the lock all the same
            }
            closeQuietly(machineFile);
            inThisJvm.release();
        }
    }
}
