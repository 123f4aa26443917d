package org.jlbh.junit.internal.run.paired;

/**
 * Which side of a paired test one harness measures when. The sides run on the same harness thread, in one harness:
 * the base's copy of the method, the change's, and the control, a second copy of the base's loaded apart from the
 * first, which tells how far two copies of the same code differ in this JVM. During the warm-up their calls take
 * turns one by one (base, change, control, base, ...), so that the bodies are compiled in the same stretch of the
 * JIT's work, from the same profiles of the code they share; then the runs come in rounds, one run of each side a
 * round, in six orders that take turns (a Williams design), so that over six rounds each side goes first, second and
 * last twice and follows each other side twice: no side always comes after another. Stateless.
 */
public final class PairSchedule {
    /** The base build's side. */
    public static final int BASE = 0;
    /** The change's side. */
    public static final int CHANGE = 1;
    /** The control: a second copy of the base's code, loaded apart from the first. */
    public static final int CONTROL = 2;
    /** Neither: the warm-up, where calls take turns, or after the last run. */
    public static final int NEITHER = -1;

    /** The sides measured: the harness runs this many runs a round. */
    public static final int SIDES = 3;
    private static final int[][] ORDERS = {{BASE, CHANGE, CONTROL}, {CHANGE, CONTROL, BASE}, {CONTROL, BASE, CHANGE},
            {CONTROL, CHANGE, BASE}, {CHANGE, BASE, CONTROL}, {BASE, CONTROL, CHANGE}};

    private PairSchedule() {
    }

    /**
     * @param run    the harness's 1-based run, or 0 for the warm-up
     * @param rounds the rounds of runs measured: the harness runs {@link #SIDES} times as many
     * @return the side measured in {@code run}: in round {@code i} (runs {@code 3i − 2} to {@code 3i}), as the
     *         round's order says; {@link #NEITHER} for the warm-up and past the last run
     */
    public static int sideOfRun(int run, int rounds) {
        if (run < 1 || run > SIDES * rounds) {
            return NEITHER;
        }
        return orderOfRound((run - 1) / SIDES + 1)[(run - 1) % SIDES];
    }

    /**
     * @param side {@link #BASE}, {@link #CHANGE} or {@link #CONTROL}
     * @param n    the side's own 1-based run, which is in round {@code n}
     * @return the harness's run that is the side's {@code n}-th
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

    /** @return the side whose body the warm-up's {@code iteration} (0-based, per harness thread) calls */
    public static int sideOfWarmUpCall(long iteration) {
        return (int) (iteration % SIDES);
    }

    private static int[] orderOfRound(int round) {
        return ORDERS[(round - 1) % ORDERS.length];
    }
}
