package org.jlbh.junit.internal.profile;

import java.util.Locale;

/**
 * A frame the late iterations spent more of their time in than the iterations on time did. Immutable.
 *
 * @param frame       the frame named, as {@code com.acme.Pricer.recalculateRisk} ({@link TailFrames} says which)
 * @param deepest     the innermost frame that holds (nearly) all of its extra time, e.g. the {@code Unsafe.park} under
 *                    a {@code ReentrantLock.lock}; the frame itself when none further in does
 * @param depth       how many frames lie between the two
 * @param lateShare   the share, from 0 to 1, of the late samples with the frame on their stack
 * @param onTimeShare the share of the on-time samples with it; NaN where there were too few to compare with
 * @param caller      what called it on the late stack with the most samples (for a frame of the JDK's, the nearest of
 *                    the code's own frames); empty where that is the test method
 */
public record TailFrame(String frame, String deepest, int depth, double lateShare, double onTimeShare, String caller) {

    /** @return the late share less the on-time share; the late share alone where that is NaN */
    public double excess() {
        return lateShare - (Double.isNaN(onTimeShare) ? 0 : onTimeShare);
    }

    /** @return e.g. {@code 91% in Pricer.recalculateRisk, called from Pricer.quote (on time: 0.4%)} */
    public String describe() {
        String where = CollapsedStacks.shortName(frame) + (depth == 0 ? "" : (depth == 1 ? " → " : " → … → ")
                + CollapsedStacks.shortName(deepest)) + (caller.isEmpty() ? ""
                : ", called from " + CollapsedStacks.shortName(caller));
        return percent(lateShare) + " in " + where + (Double.isNaN(onTimeShare) ? " (on time: too few samples to "
                + "compare)" : " (on time: " + percent(onTimeShare) + ")");
    }

    /** @return a share (0 to 1) in percent: whole from 10% up, else to one decimal */
    static String percent(double share) {
        double percent = share * 100;
        return percent >= 10 || percent == 0 ? String.format(Locale.ROOT, "%.0f%%", percent)
                : String.format(Locale.ROOT, "%.1f%%", percent);
    }
}
