package org.example.paired;

/** The change's side of a class the paired mode's tests also compile a base copy of, which says "base". */
public final class Hasher {
    private Hasher() {
    }

    /** @return which side this copy is */
    public static String side() {
        return "change";
    }
}
