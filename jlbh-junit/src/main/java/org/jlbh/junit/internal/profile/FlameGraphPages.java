package org.jlbh.junit.internal.profile;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * Self-contained HTML flame graphs (no script or font from the network) of collapsed stacks, by async-profiler's
 * converter. A title or legend goes into the page as it is: letters, digits, spaces and plain punctuation. Stateless.
 */
final class FlameGraphPages {
    /** Where the converter's page draws the graph. */
    private static final String CANVAS = "<canvas id='canvas'>";

    private FlameGraphPages() {
    }

    /** @return the flame graph of the collapsed stacks, with how many samples each; none where there are none */
    static ProfileWithPages.Page page(String file, String title, Map<String, Long> stacks) {
        return drawn(file, !stacks.isEmpty(), () -> dump(graph(title, stacks)));
    }

    /** @return the {@link #differential} flame graph; none where either side has no stacks */
    static ProfileWithPages.Page differentialPage(String file, String title, String legend, Map<String, Long> stacks,
                                                  Map<String, Long> base, double baseScale) {
        return drawn(file, !stacks.isEmpty() && !base.isEmpty(),
                () -> differential(title, legend, stacks, base, baseScale));
    }

    private interface Drawer {
        byte[] draw() throws IOException;
    }

    private static ProfileWithPages.Page drawn(String file, boolean drawn, Drawer drawer) {
        try {
            return new ProfileWithPages.Page(file, drawn ? Optional.of(drawer.draw()) : Optional.empty());
        } catch (IOException | RuntimeException cannot) {
            return new ProfileWithPages.Page(file, Optional.empty()); // the profile stands without it
        }
    }

    /**
     * @return the frames of {@code stacks}, each coloured by its own samples less its own samples in {@code base} times
     *         {@code baseScale}: red where more, the deeper the more, blue where less, grey where the same; a frame
     *         {@code base} never holds counts as none there. The legend is written above the graph.
     */
    static byte[] differential(String title, String legend, Map<String, Long> stacks, Map<String, Long> base,
                               double baseScale) throws IOException {
        FlameGraph drawn = graph(title, stacks);
        FlameGraph against = new FlameGraph(new Arguments());
        // every drawn stack is in the base too, at 0: the converter leaves a frame it finds nowhere in the base yellow
        against.parseCollapsed(new StringReader(collapsed(base, baseScale) + collapsed(stacks, 0)));
        drawn.diff(against);
        return withLegend(dump(drawn), legend);
    }

    private static FlameGraph graph(String title, Map<String, Long> stacks) throws IOException {
        FlameGraph graph = new FlameGraph(new Arguments("--title", title));
        graph.parseCollapsed(new StringReader(collapsed(stacks, 1)));
        return graph;
    }

    /** @return the stacks in the converter's collapsed format, every count scaled and rounded */
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
