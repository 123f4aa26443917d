package org.jlbh.junit.internal.run.evidence;

import java.util.Arrays;

/**
 * What a young collection copied, from the Flight Recorder: the bytes, and the survivors by age (the collections they
 * have lived through, this one included). A survivor older than the collections since the measured runs began was
 * alive before them: not the code's garbage. Immutable: the array is not to be written.
 *
 * @param copiedBytes        the bytes copied, to survivor spaces and the old generation; -1 when not told
 * @param survivorBytesByAge the bytes of the survivors kept, by age (index 1 to 15); all 0 when not known
 */
public record GcCopy(long copiedBytes, long[] survivorBytesByAge) {
    /** The most age the JVM tracks. */
    public static final int MAX_AGE = 15;
    /** Nothing known of the copy. */
    public static final GcCopy UNKNOWN = new GcCopy(-1, new long[MAX_AGE + 1]);

    public GcCopy {
        survivorBytesByAge = Arrays.copyOf(survivorBytesByAge, MAX_AGE + 1);
    }

    /**
     * @param collections the collections since the measured runs began, this one included (at least 1)
     * @return the share of what it copied that survivors older than that make up; 0 when not known (promoted objects,
     *         whose age is not told, count as the code's)
     */
    public double olderShare(long collections) {
        long survivors = Arrays.stream(survivorBytesByAge).sum();
        long copied = Math.max(copiedBytes, survivors);
        if (collections < 1 || copied <= 0) {
            return 0;
        }
        int firstOlder = (int) Math.min(collections + 1, MAX_AGE + 1);
        return (double) Arrays.stream(survivorBytesByAge, firstOlder, MAX_AGE + 1).sum() / copied;
    }

    /** @return this copy with {@code bytes} of survivors of {@code age}, 1 to 15 */
    GcCopy withAge(int age, long bytes) {
        long[] ages = survivorBytesByAge.clone();
        if (age >= 1 && age <= MAX_AGE) {
            ages[age] = bytes;
        }
        return new GcCopy(copiedBytes, ages);
    }

    /** @return this copy with {@code bytes} copied */
    GcCopy withCopied(long bytes) {
        return new GcCopy(bytes, survivorBytesByAge);
    }
}
