package org.jlbh.core;

import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The outcome of a {@link JLBH} benchmark: per run, the end-to-end latency, each probe and OS jitter, plus how the
 * run itself went (status, lateness of the harness, achieved throughput).
 *
 * <p>The nested names and the methods marked "as the reference" match the reference JLBH's {@code JLBHResult}, so
 * code that reads results ports by changing its imports. The methods this harness adds to the reference's three
 * interfaces have default implementations that throw {@link UnsupportedOperationException}, so that a class of a
 * user's own that implements them (a test fake) still compiles; the harness's own results implement them all.
 * Immutable and thread-safe.
 */
public interface JLBHResult {

    /** @return end-to-end latency, one {@link RunResult} per measured run (as the reference) */
    ProbeResult endToEnd();

    /**
     * @param probeName a name given to {@link JLBH#addProbe(String)}
     * @return that probe's results, or empty if there is no such probe (as the reference)
     */
    Optional<ProbeResult> probe(String probeName);

    /** @return the names of the probes, in the order they were added (as the reference) */
    Set<String> probeNames();

    /** @return OS jitter per run, or empty when it was not recorded (as the reference) */
    Optional<ProbeResult> osJitter();

    /** @return how each measured run went, in run order */
    default List<RunSummary> runs() {
        throw notGiven(this, "runs()");
    }

    /**
     * @return how the warm-up went (run 0), when there was one: its status says why it ended early, when it did, and
     *         so why no run was measured
     */
    default Optional<RunSummary> warmUp() {
        return Optional.empty();
    }

    /**
     * @return the worst status of any run, and {@link RunStatus#ABORTED} when fewer runs were measured than
     *         planned: {@link RunStatus#COMPLETE} only when every planned run was complete
     */
    default RunStatus status() {
        throw notGiven(this, "status()");
    }

    /** @return whether latency was measured from each iteration's intended start */
    default boolean accountedForCoordinatedOmission() {
        throw notGiven(this, "accountedForCoordinatedOmission()");
    }

    /** @return the target throughput, in iterations per second */
    default double targetThroughputPerSecond() {
        throw notGiven(this, "targetThroughputPerSecond()");
    }

    /** @return how iterations were due, as {@link Arrivals#describe(long)} names it: {@code fixed rate}, or e.g. {@code Poisson (seed 42)} */
    default String arrivals() {
        throw notGiven(this, "arrivals()");
    }

    /** @return how many harness threads shared the load ({@link JLBHOptions#threads(int)}) */
    default int threads() {
        throw notGiven(this, "threads()");
    }

    /** The results of one probe (or of end-to-end, or of OS jitter) over all runs. */
    interface ProbeResult {

        /** @return the last run's figures (as the reference) */
        RunResult summaryOfLastRun();

        /** @return each run's figures, in run order (as the reference) */
        List<RunResult> eachRunSummary();

        /** @return the probe's name: {@code "end to end"}, {@code "OS jitter"} or the name given to addProbe */
        default String name() {
            throw notGiven(this, "name()");
        }
    }

    /**
     * The latency distribution of one probe in one run, recorded in an HdrHistogram with 1 ns resolution and
     * 3 significant digits (values are exact below 2,048 ns and within 0.1% above) up to one hour.
     *
     * <p>{@link #percentile(double)} gives a percentile <i>p</i> only where at least {@code 10 / (1 − p/100)}
     * samples stand behind it (p99.9 needs 10,000), so that at least ten samples lie at or beyond it; asking for one
     * the sample count does not support throws {@link IllegalStateException}.
     *
     * <p>The members marked "as the reference" give the reference's view, which ported code relies on:
     * {@link #percentiles()} lists the percentiles the reference listed for the run's sample count (50, 90 and 99;
     * 99.7 above 10,000 samples; 99.9 from 100,000; 99.97 from 300,000; 99.99 from 1,000,000; 99.999 from
     * 10,000,000) less any the rule above does not support, and the worst; {@link #get999thPercentile()} and
     * {@link #get9999thPercentile()} return null where that map has no entry, as the reference's did.
     */
    interface RunResult {

        /**
         * @return the reference's percentiles for this run's sample count that the sample count supports, and the
         *         worst, in ascending order (as the reference; see the class comment); empty without samples
         */
        Map<Percentile, Duration> percentiles();

        /** @return the median (as the reference) */
        default Duration get50thPercentile() {
            return percentile(Percentile.PERCENTILE_50TH.value());
        }

        /** @return the 90th percentile (as the reference) */
        default Duration get90thPercentile() {
            return percentile(Percentile.PERCENTILE_90TH.value());
        }

        /** @return the 99th percentile (as the reference) */
        default Duration get99thPercentile() {
            return percentile(Percentile.PERCENTILE_99TH.value());
        }

        /**
         * @return the 99.9th percentile, or null when {@link #percentiles()} has none: below 100,000 samples (as the
         *         reference); {@code percentile(99.9)} gives it from 10,000
         */
        default Duration get999thPercentile() {
            return percentiles().get(Percentile.PERCENTILE_99_9TH);
        }

        /**
         * @return the 99.99th percentile, or null when {@link #percentiles()} has none: below 1,000,000 samples (as
         *         the reference); {@code percentile(99.99)} gives it from 100,000
         */
        default Duration get9999thPercentile() {
            return percentiles().get(Percentile.PERCENTILE_99_99TH);
        }

        /** @return the largest sample (as the reference) */
        default Duration getWorst() {
            return max();
        }

        /**
         * @param percentile a percentile in (0, 100]
         * @return the value at that percentile
         * @throws IllegalStateException    when the run has too few samples to support it
         * @throws IllegalArgumentException when the percentile is outside (0, 100]
         */
        default Duration percentile(double percentile) {
            throw notGiven(this, "percentile(double)");
        }

        /**
         * @param percentile a percentile in (0, 100]
         * @return whether this run has enough samples to give that percentile (see the class comment)
         */
        default boolean supports(double percentile) {
            throw notGiven(this, "supports(double)");
        }

        /** @return 1-based number of the run */
        default int run() {
            throw notGiven(this, "run()");
        }

        /** @return number of samples recorded */
        default long count() {
            throw notGiven(this, "count()");
        }

        /** @return the smallest sample; throws {@link IllegalStateException} when there are none */
        default Duration min() {
            throw notGiven(this, "min()");
        }

        /** @return the mean of the samples; throws {@link IllegalStateException} when there are none */
        default Duration mean() {
            throw notGiven(this, "mean()");
        }

        /** @return the largest sample; throws {@link IllegalStateException} when there are none */
        default Duration max() {
            throw notGiven(this, "max()");
        }

        /**
         * @return samples outside the recordable range (negative, or above one hour) that were recorded as 0 or as
         *         one hour instead; normally 0
         */
        default long outOfRangeSamples() {
            throw notGiven(this, "outOfRangeSamples()");
        }

        /**
         * @return samples that arrived from other threads between runs (after the previous run closed) and so were
         *         counted in no run; normally 0
         */
        default long strayBeforeRun() {
            throw notGiven(this, "strayBeforeRun()");
        }

        /** @return a copy of the full histogram, values in nanoseconds */
        default Histogram histogram() {
            throw notGiven(this, "histogram()");
        }

        /** The percentiles the reference JLBH reports, plus the worst. */
        enum Percentile {
            /** The median. */
            PERCENTILE_50TH(50),
            /** 1 in 10 is slower. */
            PERCENTILE_90TH(90),
            /** 1 in 100 is slower. */
            PERCENTILE_99TH(99),
            /** 3 in 1,000 are slower. */
            PERCENTILE_99_7TH(99.7),
            /** 1 in 1,000 is slower. */
            PERCENTILE_99_9TH(99.9),
            /** 3 in 10,000 are slower. */
            PERCENTILE_99_97TH(99.97),
            /** 1 in 10,000 is slower. */
            PERCENTILE_99_99TH(99.99),
            /** 1 in 100,000 is slower. */
            PERCENTILE_99_999TH(99.999),
            /** The largest sample. */
            WORST(100);

            private final double value;

            Percentile(double value) {
                this.value = value;
            }

            /** @return the percentile as a number, e.g. 99.9; 100 for the worst */
            public double value() {
                return value;
            }
        }
    }

    /** How one measured run went: its status, timing and the harness's own lateness. */
    interface RunSummary {

        /** @return 1-based number of the run */
        int run();

        /** @return how the run ended */
        RunStatus status();

        /** @return a sentence saying how the run ended and why, e.g. which samples are missing */
        String detail();

        /** @return iterations the run was to perform */
        long iterations();

        /** @return iterations actually performed (fewer only when {@link RunStatus#ABORTED}) */
        long iterationsRun();

        /** @return end-to-end samples recorded in the run */
        long samples();

        /** @return {@code iterationsRun() - samples()}: positive when samples are missing, negative when extra */
        default long missingSamples() {
            return iterationsRun() - samples();
        }

        /** @return from the first iteration's due time to the last iteration's return or last sample, if later */
        Duration runTime();

        /** @return the scheduled duration: iterations × interval */
        Duration targetRunTime();

        /** @return iterations performed per second of {@link #runTime()} */
        double achievedThroughputPerSecond();

        /**
         * @return how late the harness called each iteration relative to its due time on the schedule, in
         *         nanoseconds; large values mean the harness or the task could not keep up. While the harness is
         *         behind, it reads the clock only every 16 iterations, so these values may read low by at most the
         *         duration of 16 iterations
         */
        RunResult harnessLateness();
    }

    /**
     * @return what a default method throws: the implementation is a class of a user's own, written to the reference's
     *         interface, which does not give what this harness's results add
     */
    private static UnsupportedOperationException notGiven(Object implementation, String member) {
        return new UnsupportedOperationException(implementation.getClass().getName() + " does not give " + member
                + ": it implements the reference JLBH's interface, which lacks it; only this harness's results do");
    }
}
