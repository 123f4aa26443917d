package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.UniqueId;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * Which annotations go together on a latency test method, checked before anything runs; each refusal is a
 * {@link ConfigurationError} naming the method and the fix. Stateless; thread-safe.
 */
public final class DeclarationRules {

    private DeclarationRules() {
    }

    /** @return whether the method is a latency test: {@link LatencyTest} or {@link LatencyTemplate} */
    public static boolean isLatencyTest(Method method) {
        return AnnotationSupport.isAnnotated(method, LatencyTest.class)
                || AnnotationSupport.isAnnotated(method, LatencyTemplate.class);
    }

    /** @throws ExtensionConfigurationException when a latency test method is both, or a {@link TestFactory} */
    public static void check(Method method) {
        if (AnnotationSupport.isAnnotated(method, LatencyTest.class)
                && AnnotationSupport.isAnnotated(method, LatencyTemplate.class)) {
            throw ConfigurationError.of("method [" + method.toGenericString() + "] is both @LatencyTest and "
                    + "@LatencyTemplate. Fix: keep @LatencyTest for one measurement, @LatencyTemplate for a sweep or a "
                    + "parameterized or repeated test");
        }
        if (AnnotationSupport.isAnnotated(method, TestFactory.class)) {
            throw ConfigurationError.of(ConfigurationError.where(method) + " is a @TestFactory, whose dynamic tests "
                    + "latency tests do not measure: they would pass without being measured. Fix: measure each case "
                    + "with @LatencyTemplate on a @ParameterizedTest, or with a @LatencyTest method of its own");
        }
    }

    /** @throws ExtensionConfigurationException when a {@link LatencyTest} method is also a test template */
    public static void requireNotATemplate(Method method) {
        if (AnnotationSupport.isAnnotated(method, TestTemplate.class)) {
            throw ConfigurationError.of(ConfigurationError.where(method) + " is a test template (@ParameterizedTest, "
                    + "@RepeatedTest or @TestTemplate), and @LatencyTest is a @Test, so JUnit runs it once more beside "
                    + "the template's invocations. Fix: use @LatencyTemplate in place of @LatencyTest: it measures "
                    + "each invocation");
        }
    }

    /** @return a {@link LatencyTemplate} method's sweep; throws where it has none, or is another template too */
    public static Sweep sweepOf(Method method) {
        LatencyTemplate template = AnnotationSupport.findAnnotation(method, LatencyTemplate.class).orElseThrow();
        Sweep sweep = Sweep.of(method, template).orElseThrow(() -> ConfigurationError.of(
                ConfigurationError.where(method) + " has no invocation to measure. Fix: sweep rates (rates = {5_000, "
                        + "10_000}, or ratesFrom, ratesTo and rateSteps), or add @ParameterizedTest or @RepeatedTest; "
                        + "for one measurement, use @LatencyTest"));
        requireNoOtherTemplate(method);
        return sweep;
    }

    /** @throws ExtensionConfigurationException when a sweeping {@link LatencyTemplate} is another template */
    public static void requireNoOtherTemplate(Method method) {
        otherTemplate(method).ifPresent(other -> {
            throw ConfigurationError.of(ConfigurationError.where(method) + " sweeps rates and is also @"
                    + other.getSimpleName() + ": JUnit would run the invocations of both, one after the other, not "
                    + "each at every rate. Fix: sweep the rates, or drop the sweep and set throughput");
        });
    }

    /** @return whether this extension provides a template's invocations: it sweeps, or it is no other template */
    public static boolean invocationsAreOurs(Method method) {
        return AnnotationSupport.findAnnotation(method, LatencyTemplate.class)
                .map(template -> Sweep.declared(template) || otherTemplate(method).isEmpty()).orElse(false);
    }

    /** @return the template annotation other than {@link LatencyTemplate} the method carries, if any */
    private static Optional<Class<? extends Annotation>> otherTemplate(Method method) {
        return Arrays.stream(method.getAnnotations()).<Class<? extends Annotation>>map(Annotation::annotationType)
                .filter(type -> type != LatencyTemplate.class && (type == TestTemplate.class
                        || AnnotationSupport.isAnnotated(type, TestTemplate.class))).findFirst();
    }

    /** @return the 1-based index of the template invocation {@code uniqueId} is; throws where it is none */
    public static int invocationIndex(Method method, String uniqueId) {
        UniqueId.Segment last = UniqueId.parse(uniqueId).getLastSegment();
        if (!last.getValue().startsWith("#")) {
            throw ConfigurationError.of(ConfigurationError.where(method) + " runs as [" + uniqueId + "], not as a "
                    + "template's invocation. Fix: run it through JUnit Jupiter's test templates");
        }
        return Integer.parseInt(last.getValue().substring(1));
    }
}
