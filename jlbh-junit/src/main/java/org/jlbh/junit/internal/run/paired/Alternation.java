package org.jlbh.junit.internal.run.paired;

/**
 * Takes the two sides of a paired measurement in turns, one measuring at a time: the base's warm-up, the change's, then
 * the runs in pairs, the side that goes first swapped each pair (base 1, change 1, change 2, base 2, base 3, ...) so
 * that neither always follows the other. Each side's harness thread waits before its warm-up ({@link #awaitTurn}),
 * hands over after each part ({@link #done}), and leaves however it ends ({@link #leave}). Thread-safe.
 */
public final class Alternation {
    /** The base build's side, which warms up first. */
    public static final int BASE = 0;
    /** The change's side. */
    public static final int CHANGE = 1;

    /** The part now measured: 0 and 1 the warm-ups, then two per pair of runs. */
    private int slot;
    private final boolean[] left = new boolean[2];

    /** @return the side that measures in {@code slot}: 0 and 1 the warm-ups, {@code 2i} and {@code 2i + 1} run i's */
    static int sideOf(int slot) {
        if (slot < 2) {
            return slot == 0 ? BASE : CHANGE;
        }
        int run = slot / 2;
        boolean baseFirst = run % 2 == 1;
        boolean first = slot % 2 == 0;
        return first == baseFirst ? BASE : CHANGE;
    }

    /** Waits until it is {@code side}'s turn, or the other side has left; an interrupt ends the wait, kept. */
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

    /** {@code side} has measured its part: the next begins, and {@code side} waits for its turn again. */
    public synchronized void done(int side) {
        if (sideOf(slot) == side) {
            slot++;
            notifyAll();
        }
        awaitTurn(side);
    }

    /** {@code side} measures no more: the other is never kept waiting for it. */
    public synchronized void leave(int side) {
        left[side] = true;
        notifyAll();
    }
}
