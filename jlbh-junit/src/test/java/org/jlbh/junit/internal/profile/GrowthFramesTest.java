package org.jlbh.junit.internal.profile;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The change's frames against its base's, from injected stacks: each frame's own time a call from samples, the period
 * and the calls; what is named (a frame the base never was in, one whose own time grew, with the way to it) and what is
 * not (a caller that only holds the growth, a frame that took as long, a difference within the error of counting
 * samples, the JDK's frames, whose time is their caller's); that the differential flame graph's reddest frame is the
 * one named first.
 */
class GrowthFramesTest {
    private static final String BODY = "com.acme.QuoteTest.parse";
    private static final double PERIOD_NANOS = 200_000; // a sample every 200 µs

    @Test
    void aFrameTheBaseNeverWasInIsNamedByItsOwnTimeACall() {
        // the change parses through a checking reader that checks, then reads as the base's reader, called directly:
        // 360 samples in 100,000 calls in the reader on each side (0.72 µs a call), 40 in the check of its own
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.readChecked;com.acme.QuoteFields.read", 360L,
                BODY + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.readChecked", 40L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.read", 360L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        // the parser holds the check too, its own time the same: not named; nor the reader, as long on both sides
        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.QuoteFields.readChecked");
        GrownFrame first = grown.get(0);
        assertThat(first.changeMicros()).isCloseTo(0.08, within(1e-9));
        assertThat(first.baseMicros()).isZero();
        // sqrt(40) samples of 2 ns a call each: 0.0126 µs
        assertThat(first.errorMicros()).isCloseTo(0.002 * Math.sqrt(40), within(1e-9));
        assertThat(first.way()).containsExactly(BODY, "com.acme.QuoteParser.parse", "com.acme.QuoteFields.readChecked");
        assertThat(first.describe()).isEqualTo("+0.080 µs a call in QuoteFields.readChecked (0.080 against 0.000; "
                + "± 0.013), reached by QuoteTest.parse → QuoteParser.parse → QuoteFields.readChecked");
    }

    @Test
    void aFrameThatTookLongerIsNamedWhenItsGrowthOutrunsTheNoiseAndItsCallerNot() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 3_000L,
                BODY + ";com.acme.Pricer.quote", 1_000L,
                BODY + ";com.acme.Audit.log", 500L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(
                BODY + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 1_500L,
                BODY + ";com.acme.Pricer.quote", 1_000L,
                BODY + ";com.acme.Audit.log", 520L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        // Risk.recalculate 6 µs against 3; Pricer.quote, which holds it, and Audit.log took as long of their own;
        // the test method holds everything and had no time of its own
        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.Risk.recalculate");
        assertThat(grown.get(0).growthMicros()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void aCallerWhoseOwnCodeGrewByLessThanTheErrorIsNotNamed() {
        // the consumer's stamp draws a salt from the library, slower in the change, then sums the message: its own
        // code took 0.188 against 0.186 µs a call, a difference well within the error of counting samples
        String stamp = BODY + ";com.acme.OrderIds.stamp";
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(
                stamp + ";org.apache.commons.lang3.RandomUtils.randomInt", 1_846L, stamp, 94L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(stamp, 93L), 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        assertThat(grown).extracting(GrownFrame::frame).containsExactly(
                "org.apache.commons.lang3.RandomUtils.randomInt");
    }

    /** Three calls below the test method, Risk.sum's own time grew; Risk.reprice's by the JDK's copy it makes. */
    private static final Map<String, Long> DEEP_CHANGE = Map.of(
            BODY + ";com.acme.Pricer.quote", 2_000L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice", 1_000L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice;java.util.Arrays.copyOf", 1_400L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice;com.acme.Risk.sum", 3_000L);
    private static final Map<String, Long> DEEP_BASE = Map.of(
            BODY + ";com.acme.Pricer.quote", 2_000L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice", 1_000L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice;java.util.Arrays.copyOf", 1_000L,
            BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice;com.acme.Risk.sum", 2_000L);

    /**
     * The upgrade of ci-recipes, as its profile showed it (its counts scaled): the library's random() now makes a new
     * SecureRandom a call, through a lambda, the JDK looking its class up by reflection (a constructor copied, an array
     * copy, a native stub, beside it); its randomInt draws from it; the consumer's stamp took as long of its own.
     */
    private static final String LIBRARY = BODY + ";com.acme.OrderIds.stamp;org.apache.commons.lang3.RandomUtils.nextInt"
            + ";org.apache.commons.lang3.RandomUtils.randomInt";
    private static final String RANDOM = LIBRARY + ";org.apache.commons.lang3.RandomUtils.random"
            + ";org.apache.commons.lang3.RandomUtils$$Lambda.get";
    private static final String NEW = RANDOM + ";java.security.SecureRandom.<init>"
            + ";java.security.SecureRandom.getDefaultPRNG";
    private static final Map<String, Long> UPGRADE_CHANGE = Map.of(
            BODY + ";com.acme.OrderIds.stamp", 94L,
            LIBRARY, 20L,
            RANDOM, 130L,
            NEW + ";java.security.Provider$Service.newInstance;java.lang.Class.getConstructor"
                    + ";java.lang.reflect.Constructor.copy", 450L,
            NEW + ";java.security.Provider$Service.newInstance;java.lang.reflect.Constructor.newInstance", 300L,
            NEW + ";java.security.Provider.getService;java.util.concurrent.ConcurrentHashMap.get"
                    + ";jbyte_disjoint_arraycopy", 110L,
            LIBRARY + ";java.util.Random.nextInt;java.security.SecureRandom.next;java.security.SecureRandom.nextBytes"
                    + ";sun.security.provider.NativePRNG.engineNextBytes"
                    + ";sun.security.provider.NativePRNG$RandomIO.implNextBytes", 200L);
    private static final Map<String, Long> UPGRADE_BASE = Map.of(
            BODY + ";com.acme.OrderIds.stamp", 93L,
            LIBRARY, 20L,
            LIBRARY + ";java.util.Random.nextInt;java.util.Random.next", 20L);

    @Test
    void aFrameThreeCallsBelowTheTestMethodWhoseOwnTimeGrewComesFirstWithTheWayToItAndItsCallersNotAhead() {
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(DEEP_CHANGE, 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(DEEP_BASE, 100_000, PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        // Risk.sum 6 µs of its own against 4; Risk.reprice 4.8 against 4, all of it in the JDK's copy under it; each
        // caller's total grew by that (Pricer.quote's by 2.8 µs, more than sum's 2), its own time did not: not named
        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.Risk.sum", "com.acme.Risk.reprice");
        assertThat(grown.get(0).describe()).isEqualTo("+2.000 µs a call in Risk.sum (6.000 against 4.000; ± 0.141), "
                + "reached by QuoteTest.parse → Pricer.quote → Risk.reprice → Risk.sum");
        assertThat(grown.get(1).describe()).isEqualTo("+0.800 µs a call in Risk.reprice (4.800 against 4.000; "
                + "± 0.133), reached by QuoteTest.parse → Pricer.quote → Risk.reprice, the largest part in the JDK's "
                + "Arrays.copyOf");
    }

    @Test
    void aLongWayToTheFrameIsShortened() {
        String deep = BODY + ";com.acme.A.a;com.acme.B.b;com.acme.C.c;com.acme.D.d;com.acme.E.e;com.acme.F.f";
        ChangeAgainstBase.Side change = new ChangeAgainstBase.Side(Map.of(deep, 500L), 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side base = new ChangeAgainstBase.Side(Map.of(BODY + ";com.acme.A.a", 500L), 100_000,
                PERIOD_NANOS);

        List<GrownFrame> grown = GrowthFrames.rank(change, base, 10);

        assertThat(grown).extracting(GrownFrame::frame).containsExactly("com.acme.F.f");
        assertThat(grown.get(0).describe()).endsWith(", reached by QuoteTest.parse → A.a → … → E.e → F.f");
    }

    @Test
    void theReddestFrameOfTheDifferentialFlameGraphIsTheFirstRankedOrUnderItInTheJdk() throws IOException {
        // three calls below the test method: the reddest frame is the one named first
        ChangeAgainstBase deep = compared(DEEP_CHANGE, DEEP_BASE);
        assertThat(reddest(deep)).isEqualTo(BODY + ";com.acme.Pricer.quote;com.acme.Risk.reprice;com.acme.Risk.sum");
        assertThat(deep.top().get(0).frame()).isEqualTo("com.acme.Risk.sum");

        // the upgrade: the reddest frame is the JDK's, eleven calls below the test method; named first, the
        // library's method that calls into the JDK for it (through a lambda, which is not named), with the way to it
        // and the JDK's frames from the one it calls to the reddest
        ChangeAgainstBase upgrade = compared(UPGRADE_CHANGE, UPGRADE_BASE);
        assertThat(reddest(upgrade)).isEqualTo(NEW + ";java.security.Provider$Service.newInstance"
                + ";java.lang.Class.getConstructor;java.lang.reflect.Constructor.copy");
        assertThat(upgrade.top()).extracting(GrownFrame::frame).containsExactly(
                "org.apache.commons.lang3.RandomUtils.random", "org.apache.commons.lang3.RandomUtils.randomInt");
        assertThat(upgrade.top().get(0).describe()).isEqualTo("+1.980 µs a call in RandomUtils.random (1.980 against "
                + "0.000; ± 0.063), reached by QuoteTest.parse → OrderIds.stamp → RandomUtils.nextInt → "
                + "RandomUtils.randomInt → RandomUtils.random, the largest part in the JDK's SecureRandom.<init> → … → "
                + "Constructor.copy");
        assertThat(upgrade.top().get(1).describe()).isEqualTo("+0.360 µs a call in RandomUtils.randomInt (0.440 "
                + "against 0.080; ± 0.032), reached by QuoteTest.parse → OrderIds.stamp → RandomUtils.nextInt → "
                + "RandomUtils.randomInt, the largest part in the JDK's Random.nextInt → … → "
                + "NativePRNG$RandomIO.implNextBytes");
    }

    private static ChangeAgainstBase compared(Map<String, Long> change, Map<String, Long> base) {
        ChangeAgainstBase.Side changeSide = new ChangeAgainstBase.Side(change, 100_000, PERIOD_NANOS);
        ChangeAgainstBase.Side baseSide = new ChangeAgainstBase.Side(base, 100_000, PERIOD_NANOS);
        return new ChangeAgainstBase(changeSide, baseSide, GrowthFrames.rank(changeSide, baseSide, 10));
    }

    /** @return the stack of the frame the differential flame graph colours the deepest red, as its page draws it */
    private static String reddest(ChangeAgainstBase compared) throws IOException {
        FlameGraphPagesTest.Page page = FlameGraphPagesTest.Page.of(FlameGraphPages.differential("Change",
                ChangeAgainstBase.LEGEND, compared.change().stacks(), compared.base().stacks(), compared.baseScale()));
        return page.diffs.entrySet().stream().filter(frame -> frame.getValue() != null)
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
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
        // no way to name: it is the test method's
        assertThat(grown.get(0).describe()).isEqualTo("+10.000 µs a call in QuoteTest.parse (its own code) (30.000 "
                + "against 20.000; ± 1.000)");
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

        assertThat(nothing.message()).isEqualTo("Where the change spent more time than its base, profiled as both were "
                + "measured again after the verdict (the test method 2.000 µs a call against 1.960): no frame of "
                + "the code took measurably more time of its own a call in the change than in the base (by more than "
                + "twice the error of counting its samples)");
        assertThat(CodeProfile.unavailable("engine", "async-profiler does not load here", ChangeAgainstBase.NONE)
                .message())
                .isEqualTo("Not profiled against the base: async-profiler does not load here");
    }
}
