package org.jlbh.junit.internal.run.evidence;

import java.util.Arrays;

/**
 * What a young collection copied, from the Flight Recorder ({@code jdk.EvacuationInformation} and
 * {@code jdk.TenuringDistribution}): the bytes it copied, and the survivors it kept by their age (how many collections
 * they have lived through, this one included). An object the measured runs made is at most as old as the collections
 * since they began; one older than that was alive before they began: the JVM's, JUnit's, the harness's, or what the
 * warm-up left alive. Immutable (the array is not handed out).
 *
 * @param copiedBytes        the bytes the collection copied, to survivor spaces and to the old generation; -1 when the
 *                           collector does not say (then only the survivors count)
 * @param survivorBytesByAge the bytes of the survivors it kept, by age (index 1 to 15; 0 unused); all 0 when not known
 */
public record GcCopy(long copiedBytes, long[] survivorBytesByAge) {
    /** The most age the JVM tracks. */
    public static final int MAX_AGE = 15;
    /** Nothing known of the copy. */
    public static final GcCopy UNKNOWN = new GcCopy(-1, new long[MAX_AGE + 1]);

    /** Copies the ages. */
    public GcCopy {
        survivorBytesByAge = Arrays.copyOf(survivorBytesByAge, MAX_AGE + 1);
    }

    /**
     * @param collections the collections since the measured runs began, this one included (at least 1)
     * @return the share of what it copied that was alive before they began: survivors older than {@code collections};
     *         0 when not known. Objects it promoted to the old generation count as the code's (their age is not
     *         told), so the share never exceeds what the ages prove
     */
    public double olderShare(long collections) {
        long survivors = Arrays.stream(survivorBytesByAge).sum();
        long copied = Math.max(copiedBytes, survivors);
        if (collections < 1 || copied <= 0) {
            return 0;
        }
        long older = 0;
        for (long age = collections + 1; age <= MAX_AGE; age++) {
            older += survivorBytesByAge[(int) age];
        }
        return (double) older / copied;
    }

    /**
     * @param age   a survivor age, 1 to 15
     * @param bytes the bytes of that age
     * @return this copy with them
     */
    GcCopy withAge(int age, long bytes) {
        long[] ages = survivorBytesByAge.clone();
        if (age >= 1 && age <= MAX_AGE) {
            ages[age] = bytes;
        }
        return new GcCopy(copiedBytes, ages);
    }

    /**
     * @param bytes the bytes the collection copied
     * @return this copy with them
     */
    GcCopy withCopied(long bytes) {
        return new GcCopy(bytes, survivorBytesByAge);
    }
}
