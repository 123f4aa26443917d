package org.jlbh.junit.internal.run;

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

/** The machine's lock across real processes: turns that never overlap, whose holder is named, released by a kill. */
class MachineLockTest {
    /** Long enough for a JVM to start and take a turn on this noisy machine; the assertions are about order, not speed. */
    private static final long PROCESS_SECONDS = 60;

    @TempDir
    Path folder;

    @Test
    void aHeldMachineIsWaitedForNamingItsHolderAndAKilledHolderReleasesItAtOnce() throws Exception {
        MachineLock lock = new MachineLock(folder.resolve("machine.lock"), folder.resolve("machine.gate"));
        Process holder = holder("Holder.test", 1, 3_600_000);
        try {
            BufferedReader said = reader(holder);
            assertThat(said.readLine()).as("the holder took the machine").startsWith("took ");

            long boundNanos = 200_000_000L;
            try (MachineLock.Turn refused = lock.take("Waiting.test", boundNanos)) {
                assertThat(refused.notAlone()).contains("waited the longest wait allowed, and it was still held");
                assertThat(refused.waitedNanos()).isGreaterThanOrEqualTo(boundNanos);
                assertThat(refused.heldBy()).containsExactly("pid " + holder.pid() + ": Holder.test");
            }

            holder.destroyForcibly(); // SIGKILL: the JVM cannot release anything itself
            long killed = System.nanoTime();
            assertThat(holder.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)).isTrue();
            try (MachineLock.Turn turn = lock.take("Next.test", TimeUnit.SECONDS.toNanos(PROCESS_SECONDS))) {
                long sinceKill = System.nanoTime() - killed;
                assertThat(turn.notAlone()).as("its turn").isEmpty();
                // the OS released the lock with the process: the next test waits no longer than its death took
                // (a poll is 5 ms; a second allows for this machine's stalls), never for the longest wait
                assertThat(sinceKill).isLessThan(TimeUnit.SECONDS.toNanos(1));
            }
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void theTurnsOfTwoProcessesNeverOverlapAndAlternate() throws Exception {
        int turns = 6;
        Process first = holder("First.test", turns, 30);
        Process second = holder("Second.test", turns, 30);
        List<long[]> windows = new ArrayList<>();
        List<String> order = new ArrayList<>();
        for (Process process : List.of(first, second)) {
            assertThat(process.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isZero();
            for (String line : new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines().toList()) {
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
            order.add(windows.get(i - 1)[2] == windows.get(i)[2] ? "same" : "other");
        }
        // a process that waits holds the gate: the one whose turn ended cannot take the machine straight back. Once
        // both are running, turns alternate; one may have had several before the other's JVM had started
        long lastRepeat = order.lastIndexOf("same");
        assertThat(order.subList((int) lastRepeat + 1, order.size())).as("turns alternate once both wait: %s", order)
                .hasSizeGreaterThanOrEqualTo(turns - 1);
    }

    private Process holder(String test, int turns, long holdMillis) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                TakesTurns.class.getName(), test, String.valueOf(turns), String.valueOf(holdMillis),
                folder.resolve("machine.lock").toString(), folder.resolve("machine.gate").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static BufferedReader reader(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Takes the machine a number of times, holding it each time for a while: prints {@code took} when it has it, and
     * {@code held <from> <to>} (epoch microseconds) after each turn. Arguments: {@code <test> <turns> <hold millis>
     * [<machine file> <gate file>]}; without the files, this user's lock ({@link MachineLock#ofThisUser()}).
     */
    static final class TakesTurns {
        public static void main(String[] args) throws Exception {
            MachineLock lock = args.length > 3 ? new MachineLock(Path.of(args[3]), Path.of(args[4]))
                    : MachineLock.ofThisUser();
            int turns = Integer.parseInt(args[1]);
            long holdMillis = Long.parseLong(args[2]);
            for (int turn = 0; turn < turns; turn++) {
                try (MachineLock.Turn held = lock.take(args[0], TimeUnit.SECONDS.toNanos(PROCESS_SECONDS))) {
                    if (held.notAlone().isPresent()) {
                        throw new AssertionError(held.notAlone().get());
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
