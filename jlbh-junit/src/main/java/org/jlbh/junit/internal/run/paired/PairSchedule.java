package org.jlbh.junit.internal.run.paired;

/**
 * Which side of a paired test one harness measures when. Each of the two builds is measured as two copies of its code,
 * so that what a copy inherits for the whole JVM (its compiled code, its classes' state) is measured and not taken for
 * the change: the base's copy and the control (a second copy of the base's, loaded apart from the first), the change's
 * own (the test's class) and the change's second copy (loaded apart like the base's). The four run on the same
 * harness thread, in one harness. During the warm-up their calls take turns one by one (base, change, control, the
 * change's copy, base, ...), so that the bodies are compiled in the same stretch of the JIT's work, from the same
 * profiles of the code they share; then the runs come in rounds, one run of each copy a round, in four orders that
 * take turns (a Williams design), so that over four rounds each copy goes first, second, third and last once and
 * follows each other copy once: no copy always comes after another. The test's runs are the change's: its two copies
 * take half of them each, in {@link #rounds} rounds. Stateless.
 */
public final class PairSchedule {
    /** The base build's side: its first copy. */
    public static final int BASE = 0;
    /** The change's side: the test's own class. */
    public static final int CHANGE = 1;
    /** The control: a second copy of the base's code, loaded apart from the first. */
    public static final int CONTROL = 2;
    /** The change's second copy, loaded apart from the test's own class as the base's copies are. */
    public static final int CHANGE_COPY = 3;
    /** Neither: the warm-up, where calls take turns, or after the last run. */
    public static final int NEITHER = -1;

    /** The copies measured: the harness runs this many runs a round. */
    public static final int SIDES = 4;
    private static final int[][] ORDERS = {{BASE, CHANGE, CHANGE_COPY, CONTROL}, {CHANGE, CONTROL, BASE, CHANGE_COPY},
            {CONTROL, CHANGE_COPY, CHANGE, BASE}, {CHANGE_COPY, BASE, CONTROL, CHANGE}};

    private PairSchedule() {
    }

    /**
     * @param runs the test's runs, at least 1
     * @return the rounds that measure them: half as many, rounded up, as each of the change's two copies runs once a
     *         round
     */
    public static int rounds(int runs) {
        return (runs + 1) / 2;
    }

    /**
     * @param run    the harness's 1-based run, or 0 for the warm-up
     * @param rounds the rounds of runs measured: the harness runs {@link #SIDES} times as many
     * @return the copy measured in {@code run}: in round {@code i} (runs {@code 4i − 3} to {@code 4i}), as the
     *         round's order says; {@link #NEITHER} for the warm-up and past the last run
     */
    public static int sideOfRun(int run, int rounds) {
        if (run < 1 || run > SIDES * rounds) {
            return NEITHER;
        }
        return orderOfRound((run - 1) / SIDES + 1)[(run - 1) % SIDES];
    }

    /**
     * @param side {@link #BASE}, {@link #CHANGE}, {@link #CONTROL} or {@link #CHANGE_COPY}
     * @param n    the copy's own 1-based run, which is in round {@code n}
     * @return the harness's run that is the copy's {@code n}-th
     */
    public static int harnessRun(int side, int n) {
        int[] order = orderOfRound(n);
        for (int position = 0; position < SIDES; position++) {
            if (order[position] == side) {
                return (n - 1) * SIDES + position + 1;
            }
        }
        throw new IllegalArgumentException("no side " + side);
    }

    /** @return the copy whose body the warm-up's {@code iteration} (0-based, per harness thread) calls */
    public static int sideOfWarmUpCall(long iteration) {
        return (int) (iteration % SIDES);
    }

    private static int[] orderOfRound(int round) {
        return ORDERS[(round - 1) % ORDERS.length];
    }
}
