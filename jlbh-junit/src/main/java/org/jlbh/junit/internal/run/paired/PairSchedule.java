package org.jlbh.junit.internal.run.paired;

/**
 * Which side of a paired test one harness measures when. Both sides run on the same harness thread, in one harness:
 * during the warm-up their calls alternate one by one (base, change, base, ...), so that both bodies are compiled in
 * the same stretch of the JIT's work, from the same profiles of the code they share; then the runs come in pairs,
 * the side that goes first swapped each pair (base, change, change, base, base, change, ...), so that neither
 * always follows the other. Stateless.
 */
public final class PairSchedule {
    /** The base build's side. */
    public static final int BASE = 0;
    /** The change's side. */
    public static final int CHANGE = 1;
    /** Neither: the warm-up, where calls alternate, or after the last run. */
    public static final int NEITHER = -1;

    private PairSchedule() {
    }

    /**
     * @param run   the harness's 1-based run, or 0 for the warm-up
     * @param pairs the pairs of runs measured: the harness runs twice as many
     * @return the side measured in {@code run}: in pair {@code i} (runs {@code 2i - 1} and {@code 2i}), the base first
     *         when {@code i} is odd; {@link #NEITHER} for the warm-up and past the last run
     */
    public static int sideOfRun(int run, int pairs) {
        if (run < 1 || run > 2 * pairs) {
            return NEITHER;
        }
        int pair = (run + 1) / 2;
        boolean baseFirst = pair % 2 == 1;
        boolean first = run % 2 == 1;
        return first == baseFirst ? BASE : CHANGE;
    }

    /**
     * @param side {@link #BASE} or {@link #CHANGE}
     * @param n    the side's own 1-based run
     * @return the harness's run that is the side's {@code n}-th: the two runs of pair {@code n}, in the pair's order
     */
    public static int harnessRun(int side, int n) {
        int first = 2 * n - 1;
        return sideOfRun(first, n) == side ? first : first + 1;
    }

    /** @return the side whose body the warm-up's {@code iteration} (0-based, per harness thread) calls */
    public static int sideOfWarmUpCall(long iteration) {
        return (iteration & 1) == 0 ? BASE : CHANGE;
    }
}
