package org.jlbh.junit.internal;

import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.store.CountingAttempts;
import org.jlbh.junit.internal.store.FileLockWait;
import org.jlbh.junit.internal.store.LockHolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The machine's hold across real processes: turns that never overlap, whose holder is named, released by a kill; a
 * wait blocked in the OS, given up after its bound however the holder stopped.
 */
class MachineTurnTest {
    /** Long enough for a JVM to start and take a turn on this noisy machine; the assertions are about order. */
    private static final long PROCESS_SECONDS = 60;

    @TempDir
    Path folder;

    @Test
    void aHeldMachineIsWaitedForNamingItsHolderAndAKilledHolderReleasesItAtOnce() throws Exception {
        MachineTurn.LockFiles files = files();
        Process holder = holder("Holder.test", 1, 3_600_000);
        try {
            BufferedReader said = reader(holder);
            assertThat(said.readLine()).as("the holder took the machine").startsWith("took ");

            long boundNanos = 200_000_000L;
            try (MachineTurn refused = MachineTurn.take(files, "Waiting.test", boundNanos, FileLockWait.Attempts.OS)) {
                ResultSnapshot.MachineRecord machine = refused.machine();
                assertThat(machine.shared()).contains("waited the longest wait allowed for the machine's lock "
                        + files.machine() + ", and it was still held");
                assertThat(machine.waitedSeconds()).isGreaterThanOrEqualTo(boundNanos / 1e9);
                assertThat(machine.heldBy()).containsExactly("pid " + holder.pid() + ": Holder.test");
            }

            holder.destroyForcibly(); // SIGKILL: the JVM cannot release anything itself
            long killed = System.nanoTime();
            assertThat(holder.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)).isTrue();
            try (MachineTurn turn = MachineTurn.take(files, "Next.test", TimeUnit.SECONDS.toNanos(PROCESS_SECONDS),
                    FileLockWait.Attempts.OS)) {
                long sinceKill = System.nanoTime() - killed;
                assertThat(turn.machine().shared()).as("its turn").isEmpty();
                // the OS released the lock with the process: the next test waits no longer than its death took
                // (a second allows for this machine's stalls), never for the longest wait
                assertThat(sinceKill).isLessThan(TimeUnit.SECONDS.toNanos(1));
            }
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void aWaitingJvmBlocksInTheOsWithoutPollingAndAStoppedHolderKeepsItNoLongerThanTheBound() throws Exception {
        MachineTurn.LockFiles files = files();
        Process holder = holder("Holder.test", 1, 3_600_000);
        try {
            assertThat(reader(holder).readLine()).as("the holder took the machine").startsWith("took ");
            LockHolder.stop(holder); // SIGSTOP: it holds the machine and never runs again

            long boundNanos = TimeUnit.MILLISECONDS.toNanos(600);
            CountingAttempts counted = new CountingAttempts();
            long began = System.nanoTime();
            try (MachineTurn refused = MachineTurn.take(files, "Waiting.test", boundNanos, counted)) {
                long waited = System.nanoTime() - began;
                assertThat(waited).as("given up after the bound, not hung by the stopped holder")
                        .isBetween(boundNanos, boundNanos + TimeUnit.SECONDS.toNanos(5));
                assertThat(refused.machine().shared()).contains("waited the longest wait allowed for the machine's "
                        + "lock " + files.machine() + ", and it was still held");
                assertThat(refused.machine().heldBy()).containsExactly("pid " + holder.pid() + ": Holder.test");
            }
            // the gate at once, one try of the machine, then one call blocked in the OS for the whole wait; a poll
            // every 5 ms would have tried the machine about 120 times
            assertThat(counted.tries).hasValue(2);
            assertThat(counted.blocking).hasValue(1);
        } finally {
            LockHolder.kill(holder);
        }
    }

    @Test
    void theTurnsOfTwoProcessesNeverOverlapAndAlternate() throws Exception {
        int turns = 6;
        Process first = holder("First.test", turns, 30, "ready");
        Process second = holder("Second.test", turns, 30, "ready");
        // both JVMs started before either takes a turn: a JVM's start on this noisy machine can outlast all six
        BufferedReader firstSaid = reader(first);
        BufferedReader secondSaid = reader(second);
        assertThat(firstSaid.readLine()).isEqualTo("ready");
        assertThat(secondSaid.readLine()).isEqualTo("ready");
        for (Process process : List.of(first, second)) {
            process.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().close();
        }
        List<long[]> windows = new ArrayList<>();
        for (Process process : List.of(first, second)) {
            assertThat(process.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isZero();
            for (String line : (process == first ? firstSaid : secondSaid).lines().toList()) {
                if (line.startsWith("held ")) {
                    String[] fields = line.split(" ");
                    windows.add(new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2]),
                            process == first ? 1 : 2});
                }
            }
        }
        windows.sort(Comparator.comparingLong(window -> window[0]));
        assertThat(windows).hasSize(2 * turns);
        for (int i = 1; i < windows.size(); i++) {
            assertThat(windows.get(i)[0]).as("turn %d began after turn %d ended", i + 1, i)
                    .isGreaterThanOrEqualTo(windows.get(i - 1)[1]);
        }
        // a process that waits holds the gate: the one whose turn ended cannot take the machine straight back. While
        // both wait, turns alternate: one may have had several before the other's first wait began, and the other
        // has its last ones alone
        List<Long> owners = windows.stream().map(window -> window[2]).toList();
        int from = 0;
        while (from + 1 < owners.size() && owners.get(from + 1).equals(owners.get(0))) {
            from++;
        }
        int to = owners.size() - 1;
        while (to > from && owners.get(to - 1).equals(owners.get(owners.size() - 1))) {
            to--;
        }
        List<Long> bothWaiting = owners.subList(from, to + 1);
        for (int i = 1; i < bothWaiting.size(); i++) {
            assertThat(bothWaiting.get(i)).as("turns alternate while both wait: %s", owners)
                    .isNotEqualTo(bothWaiting.get(i - 1));
        }
        assertThat(bothWaiting).as("both waited for most turns: %s", owners).hasSizeGreaterThanOrEqualTo(turns);
    }

    private Process holder(String test, int turns, long holdMillis, String... ready) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                TakesTurns.class.getName(), test, String.valueOf(turns), String.valueOf(holdMillis),
                files().machine().toString(), files().gate().toString()));
        command.addAll(List.of(ready));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private MachineTurn.LockFiles files() {
        return new MachineTurn.LockFiles(folder.resolve("machine.lock"), folder.resolve("machine.gate"));
    }

    private static BufferedReader reader(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Takes the machine a number of times, holding it each time for a while: prints {@code took} when it has it, and
     * {@code held <from> <to>} (epoch microseconds) after each turn. Arguments: {@code <test> <turns> <hold millis>
     * [<machine file> <gate file> [ready]]}; without the files, this user's
     * ({@link MachineTurn.LockFiles#ofThisUser()}); with {@code ready}, it prints {@code ready} and reads a line before
     * its first turn.
     */
    static final class TakesTurns {
        public static void main(String[] args) throws Exception {
            MachineTurn.LockFiles files = args.length > 3 ? new MachineTurn.LockFiles(Path.of(args[3]),
                    Path.of(args[4])) : MachineTurn.LockFiles.ofThisUser();
            int turns = Integer.parseInt(args[1]);
            long holdMillis = Long.parseLong(args[2]);
            if (args.length > 5 && args[5].equals("ready")) {
                System.out.println("ready");
                System.out.flush();
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            }
            for (int turn = 0; turn < turns; turn++) {
                try (MachineTurn held = MachineTurn.take(files, args[0], TimeUnit.SECONDS.toNanos(PROCESS_SECONDS),
                        FileLockWait.Attempts.OS)) {
                    if (held.machine().shared().isPresent()) {
                        throw new AssertionError(held.machine().shared().get());
                    }
                    long from = micros();
                    System.out.println("took " + from);
                    System.out.flush();
                    Thread.sleep(holdMillis);
                    System.out.println("held " + from + " " + micros());
                }
            }
        }

        private static long micros() {
            java.time.Instant now = java.time.Instant.now();
            return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        }
    }
}
