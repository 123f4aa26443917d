package org.jlbh.junit.internal.profile;

/** Why there is no profile, in a sentence: the profiler cannot start here, the body threw in the profiled run, say. */
final class NotProfiled extends Exception {
    private static final long serialVersionUID = 1L;

    NotProfiled(String why) {
        super(why, null, false, false);
    }
}
