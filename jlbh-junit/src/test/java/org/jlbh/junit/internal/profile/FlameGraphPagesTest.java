package org.jlbh.junit.internal.profile;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Differential flame graphs drawn from stacks made for the test, read back from the page's frame data: the diff each
 * frame is coloured by ({@code d=} lines, {@code U} for a frame the converter found nowhere in the base), the largest
 * one the colours are scaled to ({@code maxdiff}).
 */
class FlameGraphPagesTest {
    private static final String TEST = "com.acme.PricerTest.quote";
    private static final String LEGEND = "red: more; blue: less; grey: the same";

    /** @return the late iterations' page against those on time, the on-time counts scaled as the tail profile does */
    private static Page lateAgainstOnTime(Map<String, Long> late, Map<String, Long> onTime) throws IOException {
        return Page.of(FlameGraphPages.differential("Late", LEGEND, late, onTime,
                new TailSplit(late, onTime).onTimeScale()));
    }

    @Test
    void aFrameOnlyTheDrawnSideEnteredIsRedByItsOwnSamples() throws IOException {
        // late iterations spent 55 of their 100 samples in Risk.recalculate, which no on-time iteration entered, and
        // 5 in Risk.sum, called from Risk.reprice, neither of which they entered either
        Map<String, Long> late = Map.of(
                TEST + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 55L,
                TEST + ";com.acme.Pricer.quote;com.acme.Risk.reprice;com.acme.Risk.sum", 5L,
                TEST + ";com.acme.Pricer.quote", 40L);
        Map<String, Long> onTime = Map.of(TEST + ";com.acme.Pricer.quote", 100L);

        Page page = lateAgainstOnTime(late, onTime);

        // each coloured by its own samples, as a frame both sides hold is: Risk.reprice has none of its own
        assertThat(page.diffs).containsOnly(
                entry(TEST, 0L),
                entry(TEST + ";com.acme.Pricer.quote", -60L),
                entry(TEST + ";com.acme.Pricer.quote;com.acme.Risk.recalculate", 55L),
                entry(TEST + ";com.acme.Pricer.quote;com.acme.Risk.reprice", 0L),
                entry(TEST + ";com.acme.Pricer.quote;com.acme.Risk.reprice;com.acme.Risk.sum", 5L));
        // the deepest red is the largest difference, the new frame's included
        assertThat(page.maxdiff).isEqualTo(60);
    }

    @Test
    void aFrameBothSidesHoldAsMuchOfIsGreyAndTheBaseIsScaledToTheDrawnTotal() throws IOException {
        // 400 samples against 100: the base's counts are multiplied by 4 first
        Map<String, Long> late = Map.of(
                TEST + ";com.acme.Pricer.quote", 200L,
                TEST + ";com.acme.Audit.log", 120L,
                TEST + ";com.acme.Audit.log;com.acme.Audit.flush", 80L);
        Map<String, Long> onTime = Map.of(
                TEST + ";com.acme.Pricer.quote", 50L,
                TEST + ";com.acme.Audit.log", 40L,
                TEST + ";com.acme.Audit.log;com.acme.Audit.flush", 10L);

        Page page = lateAgainstOnTime(late, onTime);

        assertThat(page.diffs).containsOnly(
                entry(TEST, 0L),
                entry(TEST + ";com.acme.Pricer.quote", 0L),
                entry(TEST + ";com.acme.Audit.log", 120L - 160),
                entry(TEST + ";com.acme.Audit.log;com.acme.Audit.flush", 80L - 40));
        assertThat(page.maxdiff).isEqualTo(40);
    }

    @Test
    void aGivenBaseScaleIsUsedAsGivenAndAFrameTheChangeAloneCallsIsRedToo() throws IOException {
        // the base's counts stand for 2.5 times as many calls: 40 samples there are 100 here
        Map<String, Long> change = Map.of(
                TEST + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.read", 100L,
                TEST + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.readChecked", 30L);
        Map<String, Long> base = Map.of(TEST + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.read", 40L);

        Page page = Page.of(FlameGraphPages.differential("Change", LEGEND, change, base, 2.5));

        assertThat(page.diffs).containsOnly(
                entry(TEST, 0L),
                entry(TEST + ";com.acme.QuoteParser.parse", 0L),
                entry(TEST + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.read", 0L),
                entry(TEST + ";com.acme.QuoteParser.parse;com.acme.QuoteFields.readChecked", 30L));
        assertThat(page.maxdiff).isEqualTo(30);
    }

    @Test
    void theLegendIsWrittenAboveTheGraphAndThePageLoadsNothing() throws IOException {
        Map<String, Long> late = Map.of(TEST + ";com.acme.Pricer.quote", 10L);

        String tail = Page.of(FlameGraphPages.differential("Late", LateAgainstOnTime.LEGEND, late,
                Map.of(TEST, 10L), 1)).html;
        String growth = Page.of(FlameGraphPages.differential("Change", ChangeAgainstBase.LEGEND, late,
                Map.of(TEST, 10L), 1)).html;

        assertThat(tail).contains("<h1>Late</h1>")
                .contains(">" + LateAgainstOnTime.LEGEND + "</div>\n<canvas id='canvas'>");
        assertThat(LateAgainstOnTime.LEGEND).contains("red: more in the late iterations than in those on "
                + "time", "(a frame the on-time iterations never entered counts as none there)", "blue: less",
                "grey: the same");
        assertThat(growth).contains(">" + ChangeAgainstBase.LEGEND + "</div>\n<canvas id='canvas'>");
        assertThat(ChangeAgainstBase.LEGEND).contains("red: more in the change than in the base",
                "(a frame the base never entered counts as none there)", "blue: less", "grey: the same");
        // self-contained: no script, style sheet or font fetched
        assertThat(List.of(tail, growth)).allSatisfy(html -> assertThat(html)
                .doesNotContain("<script src", "<link", "@import", "url("));
    }

    /**
     * A page's frame data, read back: each frame's diff by its stack (null for {@code d=U}), and the page's maxdiff. The
     * growth profile's test reads its reddest frame with it too.
     */
    static final class Page {
        private static final Pattern FRAME = Pattern.compile("([fun])\\((\\d+)(?:,(\\d+),-?\\d+)?(?:,[\\d,]+)?\\)");
        private static final Pattern MAXDIFF = Pattern.compile("const maxdiff = (-?\\d+);");

        final String html;
        final Map<String, Long> diffs = new LinkedHashMap<>();
        final long maxdiff;

        private Page(String html) {
            this.html = html;
            Matcher maxdiffLine = MAXDIFF.matcher(html);
            assertThat(maxdiffLine.find()).as("the page's maxdiff").isTrue();
            maxdiff = Long.parseLong(maxdiffLine.group(1));
            List<String> cpool = cpool(html);
            String frames = html.substring(html.indexOf("unpack(cpool);") + "unpack(cpool);".length(),
                    html.lastIndexOf("search("));
            List<String> levels = new ArrayList<>();
            Long diff = 0L;
            int level = 0;
            for (String line : frames.strip().split("\n")) {
                if (line.startsWith("d=")) {
                    diff = line.equals("d=U") ? null : Long.valueOf(line.substring(2));
                    continue;
                }
                Matcher frame = FRAME.matcher(line);
                assertThat(frame.matches()).as("a frame line: %s", line).isTrue();
                level = switch (frame.group(1)) {
                    case "f" -> Integer.parseInt(frame.group(3));
                    case "u" -> level + 1;
                    default -> level;
                };
                String name = cpool.get(Integer.parseInt(frame.group(2)) >>> 3);
                while (levels.size() > level) {
                    levels.remove(levels.size() - 1);
                }
                levels.add(name);
                if (level > 0) {
                    diffs.put(String.join(";", levels.subList(1, levels.size())), diff);
                }
            }
        }

        static Page of(byte[] page) {
            return new Page(new String(page, StandardCharsets.UTF_8));
        }

        /** @return the page's frame names, unpacked as its script does: each line a shared prefix's length and a rest */
        private static List<String> cpool(String html) {
            String packed = html.substring(html.indexOf("const cpool = [") + "const cpool = [".length(),
                    html.indexOf("];", html.indexOf("const cpool = [")));
            List<String> names = new ArrayList<>();
            for (String line : packed.strip().split(",\n")) {
                String entry = line.substring(1, line.length() - 1).replace("\\'", "'").replace("\\\\", "\\");
                if (names.isEmpty()) {
                    names.add(entry);
                } else {
                    String previous = names.get(names.size() - 1);
                    names.add(previous.substring(0, entry.charAt(0) - ' ') + entry.substring(1));
                }
            }
            return names;
        }
    }
}
