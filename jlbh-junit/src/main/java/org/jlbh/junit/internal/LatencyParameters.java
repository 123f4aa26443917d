package org.jlbh.junit.internal;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.Probe;
import org.jlbh.junit.SweepOf;
import org.jlbh.junit.SweepResult;
import org.jlbh.junit.internal.config.Sweep;
import org.jlbh.junit.internal.judge.Capacity;
import org.jlbh.junit.internal.report.SweepTable;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The parameters the extension gives: a latency test method's {@code @Probe NanoSampler}s and its
 * {@link IterationContext}, from its measurement; and a sweep's {@link SweepResult}, to an {@code @AfterAll} or a later
 * test of its class ({@link SweepOf}). Stateless; thread-safe.
 */
public final class LatencyParameters {

    private LatencyParameters() {
    }

    /** @return whether the parameter is one of those this extension gives */
    public static boolean supports(ParameterContext parameter) {
        Class<?> type = parameter.getParameter().getType();
        return type == NanoSampler.class || type == IterationContext.class || type == SweepResult.class;
    }

    /**
     * A sweep's rates as measured so far, and its knee: what a {@link SweepResult} holds.
     *
     * @param rates the rates measured, in order
     * @param knee  the highest rate up to which every latency budget held, if any
     */
    public record Swept(List<SweepResult.Rate> rates, OptionalInt knee) {
    }

    /**
     * @return the value of a probe or {@link IterationContext} parameter
     * @throws ParameterResolutionException when it is asked for where it is not available, or names what does not
     *                                      exist
     */
    public static Object resolve(ParameterContext parameter, ExtensionContext context) {
        TestState state = TestState.of(context);
        if (state == null || !parameter.getDeclaringExecutable().equals(state.settings().method())) {
            throw new ParameterResolutionException(String.format(Locale.ROOT, "A %s parameter is only available to "
                            + "the @LatencyTest method itself, not to [%s]. Fix: declare it on the @LatencyTest method "
                            + "and keep what setup needs elsewhere", parameter.getParameter().getType() == IterationContext.class
                            ? "IterationContext" : "@Probe NanoSampler",
                    parameter.getDeclaringExecutable().toGenericString()));
        }
        if (parameter.getParameter().getType() == IterationContext.class) {
            return state.measurement().context();
        }
        String probe = parameter.findAnnotation(Probe.class).map(Probe::value).orElse("");
        return state.measurement().probe(probe).orElseThrow(() -> new ParameterResolutionException(
                "no probe \"" + probe + "\" is declared by the @LatencyTest method " + state.settings().method()));
    }

    /**
     * @return the sweep of the method a {@link SweepResult} parameter's {@link SweepOf} names, as measured so far in
     *         this test class
     * @throws ParameterResolutionException when it has no {@code @SweepOf}, or names no sweeping template method
     */
    public static Swept sweepOf(ParameterContext parameter, ExtensionContext context) {
        String where = parameter.getDeclaringExecutable().toGenericString();
        String name = parameter.findAnnotation(SweepOf.class).map(SweepOf::value).orElseThrow(() ->
                new ParameterResolutionException("Configuration error: the SweepResult parameter of [" + where
                        + "] does not say whose sweep it is. Fix: annotate it @SweepOf(\"<method>\")"));
        List<Method> sweeps = ReflectionSupport.findMethods(context.getRequiredTestClass(),
                m -> m.getName().equals(name) && AnnotationSupport.findAnnotation(m, LatencyTemplate.class)
                        .filter(Sweep::declared).isPresent(), HierarchyTraversalMode.BOTTOM_UP);
        if (sweeps.size() != 1) {
            throw new ParameterResolutionException(String.format(Locale.ROOT, "Configuration error: "
                    + "@SweepOf(\"%s\") on [%s] names %s in %s. Fix: name one @LatencyTemplate method that sweeps "
                    + "rates", name, where, sweeps.isEmpty() ? "no @LatencyTemplate method that sweeps rates"
                    : sweeps.size() + " such methods", context.getRequiredTestClass().getName()));
        }
        SweepTable table = Stores.classContext(context).getStore(Stores.NAMESPACE)
                .get(new TestState.SweptMethod(sweeps.get(0)), SweepTable.class);
        List<SweepTable.Measured> measured = table == null ? List.of() : table.measured();
        List<SweepResult.Rate> rates = measured.stream().map(m -> new SweepResult.Rate(m.rate().rate(),
                switch (m.rate().latency()) {
                    case PASSED -> SweepResult.Latency.MET;
                    case INCONCLUSIVE -> SweepResult.Latency.BROKEN_BY_PLATFORM;
                    default -> SweepResult.Latency.BROKEN;
                }, m.measured())).toList();
        return new Swept(rates, Capacity.knee(measured.stream().map(SweepTable.Measured::rate).toList()));
    }
}
