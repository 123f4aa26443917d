package org.jlbh.junit.internal.profile;

import java.util.Locale;

/**
 * A frame the late iterations spent more of their time in than the iterations on time did. Immutable.
 *
 * @param frame       the frame named, as {@code com.acme.Pricer.recalculateRisk}: of the frames from where the late
 *                    time parts from the on-time down to where (nearly) all of it went, the innermost of the code's
 *                    own; the outermost of them when all are the JDK's
 * @param deepest     the innermost frame that holds (nearly) all of its extra time, e.g. the {@code Unsafe.park} under
 *                    a {@code ReentrantLock.lock}; the frame itself when none further in does
 * @param depth       how many frames lie between the two (0 when they are the same)
 * @param lateShare   the share of the late samples with the frame on their stack, from 0 to 1
 * @param onTimeShare the share of the on-time samples with it, from 0 to 1; NaN where there were too few on-time
 *                    samples to compare with (fewer than 20)
 * @param caller      what called it, on the late stack with the most samples: for a frame of the JDK's, the nearest
 *                    of the code's own frames (the {@code Book.read} that took the lock); for one of the code's, the
 *                    frame that called it, unless that is the test method; else empty
 */
public record TailFrame(String frame, String deepest, int depth, double lateShare, double onTimeShare, String caller) {
    /** Marks the test method's own code: the samples whose innermost Java frame is the test method's. */
    public static final String OWN_CODE = " (its own code)";

    /**
     * @return how much more of their time the late iterations spent in the frame, from -1 to 1: the late share alone
     *         where there is no on-time share to compare with
     */
    public double excess() {
        return lateShare - (Double.isNaN(onTimeShare) ? 0 : onTimeShare);
    }

    /**
     * @return e.g. {@code 91% in Pricer.recalculateRisk (on time: 0.4%)}, {@code 93% in Spin.micros, called from
     *         Pricer.recalculateRisk (on time: too few samples to compare)}, or {@code 88% in
     *         AbstractQueuedSynchronizer.acquire → … → Unsafe.park, called from Book.read (on time: 0%)}: class names
     *         without their package
     */
    public String describe() {
        String where = shortName(frame) + (depth == 0 ? "" : (depth == 1 ? " → " : " → … → ") + shortName(deepest))
                + (caller.isEmpty() ? "" : ", called from " + shortName(caller));
        return percent(lateShare) + " in " + where + (Double.isNaN(onTimeShare) ? " (on time: too few samples to "
                + "compare)" : " (on time: " + percent(onTimeShare) + ")");
    }

    /** @return a share in percent: whole from 10% up, else to one decimal */
    static String percent(double share) {
        double percent = share * 100;
        return percent >= 10 || percent == 0 ? String.format(Locale.ROOT, "%.0f%%", percent)
                : String.format(Locale.ROOT, "%.1f%%", percent);
    }

    /** @return {@code com.acme.Pricer.quote} as {@code Pricer.quote}; a native frame as it is */
    static String shortName(String frame) {
        if (frame.endsWith(OWN_CODE)) {
            return shortName(frame.substring(0, frame.length() - OWN_CODE.length())) + OWN_CODE;
        }
        if (frame.startsWith("[") || frame.contains("::") || frame.contains("(")) {
            return frame;
        }
        int method = frame.lastIndexOf('.');
        if (method <= 0) {
            return frame;
        }
        int type = frame.lastIndexOf('.', method - 1);
        return frame.substring(type + 1);
    }
}
