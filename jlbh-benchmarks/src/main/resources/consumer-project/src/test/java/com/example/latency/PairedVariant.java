package com.example.latency;

/**
 * Which version of the hash this copy of the test classes is: {@code unchanged}, {@code slower} (10%) or {@code tail}.
 * The paired builds compile one class file of this per version and put the version's in the change's test classes; the
 * base's copy of the test classes keeps {@code unchanged}. A method, not a constant, so that the test's class does not
 * inline the name when it is compiled.
 */
final class PairedVariant {
    private PairedVariant() {
    }

    /** @return the version */
    static String name() {
        return "unchanged";
    }
}
