package org.jlbh.junit.internal.profile;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The change's frames against its base's, from injected stacks: times a call from samples, the period and the calls;
 * what is named (a frame the base never was in, one that took longer) and what is not (the test method itself, a frame
 * that took as long, a difference within the error of counting samples).
 */
class GrowthFramesTest {
    private static final String BODY = "com.acme.QuoteTest.parse";
    private static final double PERIOD_NANOS = 200_000; // a sample every 200 µs

    @Test
    void aFrameTheBaseNeverWasInIsNamedFirstWithItsTimeACall() {
        // the change parses through a checking reader (the base's reader called directly): 400 samples in 100,000
        // calls each, so 0.8 µs a call in the parser on each side, all of the change's in readChecked
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.readChecked;com.acme.QuoteFields.read", 400L),
                100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.read", 360L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.QuoteFields.readChecked");
        GrownFrame first = grown.get(0);
        assertThat(first.changeMicros()).isCloseTo(0.8, within(1e-9));
        assertThat(first.baseMicros()).isZero();
        // sqrt(400) samples of 2 ns a call each: 0.04 µs
        assertThat(first.errorMicros()).isCloseTo(0.04, within(1e-9));
        assertThat(first.describe()).isEqualTo("+0.800 µs a call in QuoteFields.readChecked (0.800 against 0.000; "
                + "± 0.040)");
        // the parser and the reader took 0.8 against 0.72 µs: 0.08 more, within twice their error (0.108 µs)
    }

    @Test
    void aFrameThatTookLongerIsNamedWhenItsGrowthOutrunsTheNoiseAndTheTestMethodNever() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 3_000L,
                BODY + ";com.acme.Pricer.quote", 1_000L,
                BODY + ";com.acme.Audit.log", 500L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 1_500L,
                BODY + ";com.acme.Pricer.quote", 1_000L,
                BODY + ";com.acme.Audit.log", 520L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        // Risk.recalculate 6 µs against 3 (it and Pricer.quote, which holds it, grew alike: 3 µs a call more, the
        // innermost first); Audit.log took as long; the test method holds everything and is not a place
        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.Risk.recalculate",
                "com.acme.Pricer.quote");
        assertThat(grown.get(0).growthMicros()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void aCallerWhoseOwnCodeGrewByLessThanTheErrorComesAfterTheCalleeThatGrew() {
        // the upgrade of ci-recipes: the consumer's stamp draws a salt from the library, slower in the change, then
        // sums the message: its own code took 0.188 against 0.186 µs a call, so stamp grew 0.002 µs more than the
        // library's method it calls, a difference well within the error of counting samples
        String stamp = BODY + ";com.acme.OrderIds.stamp";
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                stamp + ";org.apache.commons.lang3.RandomUtils.randomInt", 1_846L, stamp, 94L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(stamp, 93L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        assertThat(grown.get(1).growthMicros()).as("the caller grew more, by less than the error")
                .isGreaterThan(grown.get(0).growthMicros())
                .isLessThan(grown.get(0).growthMicros() + grown.get(0).errorMicros());
        assertThat(grown).extracting(GrownFrame::frame).containsExactly(
                "org.apache.commons.lang3.RandomUtils.randomInt", "com.acme.OrderIds.stamp");
    }

    @Test
    void theTestMethodsOwnCodeIsAFrameOfItsOwn() {
        // a body that spins in its own loop (System.nanoTime a native frame above it): 30 µs a call against 20
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(BODY, 1_200L, BODY + ";clock_gettime", 300L), 10_000,
                PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(BODY, 800L, BODY + ";clock_gettime", 200L), 10_000,
                PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        assertThat(grown).extracting(GrownFrame::frame).startsWith(BODY + CollapsedStacks.OWN_CODE);
        assertThat(grown.get(0).growthMicros()).isCloseTo(10.0, within(1e-9));
        assertThat(grown.get(0).describe()).startsWith("+10.000 µs a call in QuoteTest.parse (its own code) (30.000 "
                + "against 20.000;");
    }

    @Test
    void differentNumbersOfCallsAreComparedPerCall() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(BODY + ";com.acme.A.a", 1_000L), 50_000,
                PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(BODY + ";com.acme.A.a", 2_000L), 100_000,
                PERIOD_NANOS);

        assertThat(GrowthFrames.rank(change, base, 10)).as("4 µs a call on both sides").isEmpty();
    }

    @Test
    void theDifferentialScalesTheBasesCountsToTheChangesCallsAndSamplingPeriod() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(BODY, 100L), 40_000, 185_000);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(BODY, 100L), 20_000, 202_000);

        // a base sample stood for 202 µs over half as many calls: 2 x 202/185 change samples' worth a call
        assertThat(new ChangeAgainstBase(change, base, List.of()).baseScale()).isCloseTo(2 * 202.0 / 185,
                within(1e-12));
        assertThat(new ChangeAgainstBase(new ChangeAgainstBase.Side(Map.of(), 40_000, 0), base, List.of())
                .baseScale()).as("no samples").isZero();
    }

    @Test
    void theMessageSaysWhatGrewOrThatNothingMeasurablyDid() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(BODY + ";com.acme.A.a", 100L), 10_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(BODY + ";com.acme.A.a", 98L), 10_000, PERIOD_NANOS);
        CodeProfile<ChangeAgainstBase> nothing = new CodeProfile<>("engine", Optional.empty(), 4.2,
                new ChangeAgainstBase(change, base, GrowthFrames.rank(change, base, 10)), Optional.empty(),
                Optional.empty());

        assertThat(nothing.message()).isEqualTo("Where the change spent more time than its base, profiled in one more "
                + "measurement of each after the verdict (the test method 2.000 µs a call against 1.960): no frame of "
                + "the code took measurably more time a call in the change than in the base (by more than twice the "
                + "error of counting its samples)");
        assertThat(CodeProfile.unavailable("engine", "async-profiler does not load here", ChangeAgainstBase.NONE)
                .message())
                .isEqualTo("Not profiled against the base: async-profiler does not load here");
    }
}
