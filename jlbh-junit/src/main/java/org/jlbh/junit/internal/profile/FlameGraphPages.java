package org.jlbh.junit.internal.profile;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.Map;

/**
 * Flame graphs of collapsed stacks as self-contained HTML pages (no script or font from the network), drawn by
 * async-profiler's converter ({@code tools.profiler:jfr-converter}). Stateless.
 */
final class FlameGraphPages {

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
     * A differential flame graph: the frames of {@code stacks}, each coloured by how much more (red) or less (blue) of
     * the samples it holds than in {@code base}, with the base's counts scaled to the same total first.
     *
     * @param title  the page's title, as for {@link #of}
     * @param stacks the stacks drawn
     * @param base   the stacks they are compared with, not empty
     * @return the page
     * @throws IOException when the converter cannot draw it
     */
    static byte[] differential(String title, Map<String, Long> stacks, Map<String, Long> base) throws IOException {
        long total = stacks.values().stream().mapToLong(Long::longValue).sum();
        long baseTotal = base.values().stream().mapToLong(Long::longValue).sum();
        return differential(title, stacks, base, baseTotal == 0 ? 0 : total / (double) baseTotal);
    }

    /**
     * As {@link #differential(String, Map, Map)}, the base's counts scaled by a given factor (to the same number of
     * calls, say) instead of to the same total.
     *
     * @param title     the page's title, as for {@link #of}
     * @param stacks    the stacks drawn
     * @param base      the stacks they are compared with, not empty
     * @param baseScale what each of the base's counts is multiplied by first
     * @return the page
     * @throws IOException when the converter cannot draw it
     */
    static byte[] differential(String title, Map<String, Long> stacks, Map<String, Long> base, double baseScale)
            throws IOException {
        FlameGraph drawn = graph(title, stacks);
        FlameGraph against = new FlameGraph(new Arguments());
        against.parseCollapsed(new StringReader(collapsed(base, baseScale)));
        drawn.diff(against);
        return dump(drawn);
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

    private static byte[] dump(FlameGraph graph) throws IOException {
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        graph.dump(page);
        return page.toByteArray();
    }
}
