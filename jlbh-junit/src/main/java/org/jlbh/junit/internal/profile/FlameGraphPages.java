package org.jlbh.junit.internal.profile;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Flame graphs of collapsed stacks as self-contained HTML pages (no script or font from the network), drawn by
 * async-profiler's converter ({@code tools.profiler:jfr-converter}). Stateless.
 */
final class FlameGraphPages {
    /** Where the converter's page draws the graph. */
    private static final String CANVAS = "<canvas id='canvas'>";

    private FlameGraphPages() {
    }

    /**
     * @param title  the page's title: letters, digits, spaces and plain punctuation (it is written into the page as is)
     * @param stacks collapsed stacks, outermost frame first, with how many samples each
     * @return the page
     * @throws IOException when the converter cannot draw it
     */
    static byte[] of(String title, Map<String, Long> stacks) throws IOException {
        return dump(graph(title, stacks));
    }

    /**
     * A differential flame graph: the frames of {@code stacks}, each coloured by its own samples (those in the frame
     * itself, not in what it calls) less its own samples in {@code base}, the base's counts scaled to the same total
     * first: red where that is more, the deeper the more (the largest difference on the page is the deepest red),
     * blue where it is less, grey where it is the same. A frame {@code base} never holds counts as holding none of
     * its samples there: red by all of its own. The legend is written on the page above the graph.
     *
     * @param title  the page's title, as for {@link #of}
     * @param legend what the colours mean on this page, as plain as the title (it is written into the page as is)
     * @param stacks the stacks drawn
     * @param base   the stacks they are compared with, not empty
     * @return the page
     * @throws IOException when the converter cannot draw it
     */
    static byte[] differential(String title, String legend, Map<String, Long> stacks, Map<String, Long> base)
            throws IOException {
        long total = stacks.values().stream().mapToLong(Long::longValue).sum();
        long baseTotal = base.values().stream().mapToLong(Long::longValue).sum();
        return differential(title, legend, stacks, base, baseTotal == 0 ? 0 : total / (double) baseTotal);
    }

    /**
     * As {@link #differential(String, String, Map, Map)}, the base's counts scaled by a given factor (to the same
     * number of calls, say) instead of to the same total: a frame's colour is its own samples less its own samples in
     * the base times {@code baseScale}, rounded to whole samples for each of the base's stacks.
     *
     * @param title     the page's title, as for {@link #of}
     * @param legend    what the colours mean on this page, as plain as the title (it is written into the page as is)
     * @param stacks    the stacks drawn
     * @param base      the stacks they are compared with, not empty
     * @param baseScale what each of the base's counts is multiplied by first
     * @return the page
     * @throws IOException when the converter cannot draw it
     */
    static byte[] differential(String title, String legend, Map<String, Long> stacks, Map<String, Long> base,
                               double baseScale) throws IOException {
        FlameGraph drawn = graph(title, stacks);
        FlameGraph against = new FlameGraph(new Arguments());
        // every drawn stack is in the base too, at no samples: a frame the converter finds nowhere in the base gets no
        // difference and its neutral yellow; found there at 0, its difference is all of its own samples
        against.parseCollapsed(new StringReader(collapsed(base, baseScale) + collapsed(stacks, 0)));
        drawn.diff(against);
        return withLegend(dump(drawn), legend);
    }

    private static FlameGraph graph(String title, Map<String, Long> stacks) throws IOException {
        FlameGraph graph = new FlameGraph(new Arguments("--title", title));
        graph.parseCollapsed(new StringReader(collapsed(stacks, 1)));
        return graph;
    }

    /** @return the stacks in the converter's collapsed format, a line each, every count scaled (and rounded) */
    private static String collapsed(Map<String, Long> stacks, double scale) {
        StringBuilder collapsed = new StringBuilder();
        stacks.forEach((stack, count) -> collapsed.append(stack).append(' ').append(Math.round(count * scale))
                .append('\n'));
        return collapsed.toString();
    }

    /** @return the converter's page with the legend in a line of its own just above the graph */
    private static byte[] withLegend(byte[] page, String legend) throws IOException {
        String html = new String(page, StandardCharsets.UTF_8);
        int graph = html.indexOf(CANVAS);
        if (graph < 0) {
            throw new IOException("the converter's page has no " + CANVAS + " to write the legend above");
        }
        return (html.substring(0, graph) + "<div style='clear: both; text-align: center; margin: 0 0 6px 0'>"
                + legend + "</div>\n" + html.substring(graph)).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] dump(FlameGraph graph) throws IOException {
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        graph.dump(page);
        return page.toByteArray();
    }
}
