package org.jlbh.junit.internal.run;

import org.jlbh.junit.internal.run.paired.BaseClassPath;
import org.jlbh.junit.internal.run.paired.BaseTestClass;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Optional;

/**
 * The base build's side of one paired latency test: the base's copy of the test method on an instance its lifecycle
 * methods prepared, measured with the change's settings; and the control, the same on a second copy of the base's
 * test class, loaded apart from the first, which tells how far two copies of the same code differ. Used from the
 * thread that runs the test; not thread-safe.
 */
public final class BaseSide {
    private final BaseTestClass testClass;
    private final Method method;
    private final BaseTestClass controlClass;
    private final Method controlMethod;
    private final Measurement measurement;
    private Object instance;
    private Object controlInstance;
    private Body paired;
    private Body control;

    private BaseSide(BaseTestClass testClass, Method method, BaseTestClass controlClass, Method controlMethod,
                     Measurement measurement) {
        this.testClass = testClass;
        this.method = method;
        this.controlClass = controlClass;
        this.controlMethod = controlMethod;
        this.measurement = measurement;
    }

    /**
     * @param testClass    the base's copy of the test class
     * @param controlClass a second copy of it, loaded apart from the first
     * @param measurement  a measurement for the base's side, prepared with the change's settings
     * @return the base's side, or empty when the base's class has no method like {@code changeMethod}
     */
    public static Optional<BaseSide> of(BaseTestClass testClass, BaseTestClass controlClass, Method changeMethod,
                                        Measurement measurement) {
        String name = changeMethod.getName();
        Class<?>[] parameters = changeMethod.getParameterTypes();
        return testClass.method(name, parameters).flatMap(method -> controlClass.method(name, parameters)
                .map(controlMethod -> new BaseSide(testClass, method, controlClass, controlMethod, measurement)));
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
     * for the paired harness that measures every side ({@link #pairedBody()}), and with the change's iteration
     * context and probes replaced by the base measurement's own, for the base measured alone (its profile). Then
     * prepares the control's instance and binds its method to the change's arguments ({@link #controlBody()}).
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
        controlInstance = controlClass.beforeTest();
        control = Body.throughHandle(controlMethod, controlInstance, changeArguments);
    }

    /** @return the base's method bound by {@link #begin} to the change's arguments, its context and probes among them */
    public Body pairedBody() {
        return paired;
    }

    /** @return the control's method (the base's second copy) bound by {@link #begin} to the change's arguments */
    public Body controlBody() {
        return control;
    }

    /**
     * Runs the base's {@code @AfterEach} methods, then the control's, on the instances {@link #begin} made, throwing
     * what the first of them threw.
     */
    public void end() throws Throwable {
        Object ended = instance;
        Object controlEnded = controlInstance;
        instance = null;
        controlInstance = null;
        paired = null;
        control = null;
        Throwable thrown = null;
        try {
            if (ended != null) {
                testClass.afterTest(ended);
            }
        } catch (Throwable first) {
            thrown = first;
        }
        try {
            if (controlEnded != null) {
                controlClass.afterTest(controlEnded);
            }
        } catch (Throwable second) {
            if (thrown == null) {
                throw second;
            }
            thrown.addSuppressed(second);
        }
        if (thrown != null) {
            throw thrown;
        }
    }
}
