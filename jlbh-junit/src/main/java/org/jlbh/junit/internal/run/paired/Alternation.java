package org.jlbh.junit.internal.run.paired;

/**
 * Takes the two sides of a paired measurement in turns, so that only one measures at a time: the base's warm-up, the
 * change's warm-up, then the runs in pairs, the side that goes first swapped from one pair to the next (base 1,
 * change 1, change 2, base 2, base 3, change 3, ...), so that neither side always follows the other's run (whose
 * garbage, say, the next run may pay for). Each side's harness thread waits for its turn before its warm-up
 * ({@link #awaitTurn}) and moves on after its warm-up and after each run ({@link #done}), between the harness's runs,
 * where nothing is timed; a side that ends, however it ends, leaves ({@link #leave}), and the other then goes on
 * alone. Thread-safe.
 */
public final class Alternation {
    /** The base build's side, which warms up first. */
    public static final int BASE = 0;
    /** The change's side. */
    public static final int CHANGE = 1;

    /** The part now measured: 0 and 1 the warm-ups, then two per pair of runs. */
    private int slot;
    private final boolean[] left = new boolean[2];

    /**
     * @param slot a part of the measurement: 0 and 1 the warm-ups, {@code 2i} and {@code 2i + 1} run {@code i}'s pair
     * @return the side that measures in it
     */
    static int sideOf(int slot) {
        if (slot < 2) {
            return slot == 0 ? BASE : CHANGE;
        }
        int run = slot / 2;
        boolean baseFirst = run % 2 == 1;
        boolean first = slot % 2 == 0;
        return first == baseFirst ? BASE : CHANGE;
    }

    /**
     * Waits until it is this side's turn, or the other side has left. An interrupt ends the wait, the interrupt
     * status kept.
     *
     * @param side {@link #BASE} or {@link #CHANGE}
     */
    public synchronized void awaitTurn(int side) {
        while (sideOf(slot) != side && !left[1 - side]) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * This side has measured its part (its warm-up or a run): the next part begins, and this side waits until it is
     * its turn again (or the other side has left).
     *
     * @param side the side that measured
     */
    public synchronized void done(int side) {
        if (sideOf(slot) == side) {
            slot++;
            notifyAll();
        }
        awaitTurn(side);
    }

    /**
     * This side measures no more: the other is never kept waiting for it.
     *
     * @param side the side that ended
     */
    public synchronized void leave(int side) {
        left[side] = true;
        notifyAll();
    }
}
