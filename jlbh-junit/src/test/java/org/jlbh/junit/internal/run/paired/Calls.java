package org.jlbh.junit.internal.run.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Where test classes compiled as a base's copy record their lifecycle: shared by every side (a jlbh package). */
public final class Calls {
    /** What was called, in order. */
    public static final List<String> MADE = Collections.synchronizedList(new ArrayList<>());
    /** Which side ran each stretch of iterations, and how many: "base 100". */
    private static final List<String> STRETCHES = Collections.synchronizedList(new ArrayList<>());
    private static String side;
    private static int iterations;
    private static int copies;

    private Calls() {
    }

    /** Forgets every call and stretch. */
    public static synchronized void clear() {
        MADE.clear();
        STRETCHES.clear();
        side = null;
        iterations = 0;
        copies = 0;
    }

    /**
     * @return the side of a base's copy of a class, as its class initialises: "base" for the first copy loaded since
     *         {@link #clear}, "control" for the second (the paired mode loads the base's copy first)
     */
    public static synchronized String copyName() {
        return copies++ == 0 ? "base" : "control";
    }

    /**
     * @param changes the change's copy of a class, as it initialises
     * @return its side: "change" for the test's own class, "change copy" for the change's second copy, whose loader
     *         the paired mode names {@code jlbh-paired-change-copy}
     */
    public static String changeName(Class<?> changes) {
        return "jlbh-paired-change-copy".equals(changes.getClassLoader().getName()) ? "change copy" : "change";
    }

    /**
     * Counts an iteration of a side: a new stretch when another side ran the one before. Allocates only then. The
     * paired mode's sides run one at a time, on one harness thread, so each sees the others' counts.
     *
     * @param ran the side, as a constant of its copy of a class
     */
    public static void ran(String ran) {
        if (!ran.equals(side)) {
            if (side != null) {
                STRETCHES.add(side + " " + iterations);
            }
            side = ran;
            iterations = 0;
        }
        iterations++;
    }

    /** @return the stretches so far, the one under way last */
    public static synchronized List<String> stretches() {
        List<String> all = new ArrayList<>(STRETCHES);
        if (side != null) {
            all.add(side + " " + iterations);
        }
        return all;
    }

    /** @param call what was called */
    public static void add(String call) {
        MADE.add(call);
    }
}
