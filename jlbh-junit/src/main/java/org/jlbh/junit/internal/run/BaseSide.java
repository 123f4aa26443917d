package org.jlbh.junit.internal.run;

import org.jlbh.junit.internal.run.paired.BaseClassPath;
import org.jlbh.junit.internal.run.paired.BaseTestClass;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * The base build's side of one paired latency test: the base's copy of the test method on an instance its lifecycle
 * methods prepared, measured with the change's settings. Used from the thread that runs the test; not thread-safe.
 */
public final class BaseSide {
    private final BaseTestClass testClass;
    private final Method method;
    private final Measurement measurement;
    private Object instance;
    private Body paired;

    private BaseSide(BaseTestClass testClass, Method method, Measurement measurement) {
        this.testClass = testClass;
        this.method = method;
        this.measurement = measurement;
    }

    /**
     * @param measurement a measurement for the base's side, prepared with the change's settings
     * @return the base's side, or empty when the base's class has no method like {@code changeMethod}
     */
    public static Optional<BaseSide> of(BaseTestClass testClass, Method changeMethod, Measurement measurement) {
        return testClass.method(changeMethod.getName(), changeMethod.getParameterTypes())
                .map(method -> new BaseSide(testClass, method, measurement));
    }

    public Measurement measurement() {
        return measurement;
    }

    /** @return the base's folders and jars, which of them its side loads, and the dependencies that differ */
    public BaseClassPath classPath() {
        return testClass.classPath();
    }

    /**
     * Prepares the base's instance and binds the base's method to it twice: with the change's arguments as they are,
     * for the paired harness that measures both sides ({@link #pairedBody()}), and with the change's iteration context
     * and probes replaced by the base measurement's own, for the base measured alone (its profile).
     *
     * @throws Throwable what the base's constructor or lifecycle methods threw
     */
    public void begin(Measurement change, Object[] changeArguments) throws Throwable {
        instance = testClass.beforeTest();
        Object[] arguments = Arrays.stream(changeArguments).map(argument -> argument == change.context()
                ? measurement.context() : argument instanceof ProbeHandle probe
                ? measurement.probe(probe.name()).orElseThrow() : argument).toArray();
        measurement.bind(Body.throughHandle(method, instance, arguments));
        paired = Body.throughHandle(method, instance, changeArguments);
    }

    /** @return the base's method bound by {@link #begin} to the change's arguments, its context and probes among them */
    public Body pairedBody() {
        return paired;
    }

    /** Runs the base's {@code @AfterEach} methods, when {@link #begin} made an instance, throwing what they threw. */
    public void end() throws Throwable {
        if (instance != null) {
            Object ended = instance;
            instance = null;
            paired = null;
            testClass.afterTest(ended);
        }
    }
}
