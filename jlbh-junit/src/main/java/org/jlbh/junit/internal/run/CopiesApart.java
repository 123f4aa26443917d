package org.jlbh.junit.internal.run;

import org.jlbh.junit.internal.run.paired.BaseClassPath;
import org.jlbh.junit.internal.run.paired.BaseTestClass;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The copies of one paired latency test whose classes are loaded apart from the test's own: the base's copy of the
 * test method on an instance its lifecycle methods prepared, measured with the change's settings; the control, the same
 * on a second copy of the base's test class, loaded apart from the first, which tells how far two copies of the same
 * code differ; and the change's second copy, its test class loaded apart from the test's as the base's are. Used from
 * the thread that runs the test; not thread-safe.
 */
public final class CopiesApart {
    private final Copy base;
    private final Copy control;
    private final Copy changeCopy;
    private final Measurement measurement;
    private Body paired;

    private CopiesApart(Copy base, Copy control, Copy changeCopy, Measurement measurement) {
        this.base = base;
        this.control = control;
        this.changeCopy = changeCopy;
        this.measurement = measurement;
    }

    /**
     * @param testClass      the base's copy of the test class
     * @param controlClass   a second copy of it, loaded apart from the first
     * @param changeCopyClass a second copy of the change's test class, loaded apart from the test's
     * @param measurement    a measurement for the base's side, prepared with the change's settings
     * @return the copies, or empty when the base's class has no method like {@code changeMethod}
     */
    public static Optional<CopiesApart> of(BaseTestClass testClass, BaseTestClass controlClass,
                                           BaseTestClass changeCopyClass, Method changeMethod,
                                           Measurement measurement) {
        return Copy.of(testClass, changeMethod).flatMap(base -> Copy.of(controlClass, changeMethod)
                .flatMap(control -> Copy.of(changeCopyClass, changeMethod)
                        .map(changeCopy -> new CopiesApart(base, control, changeCopy, measurement))));
    }

    /** @return the base side's measurement, which measures the base alone (its profile) */
    public Measurement measurement() {
        return measurement;
    }

    /** @return the base's folders and jars, which of them its side loads, and the dependencies that differ */
    public BaseClassPath classPath() {
        return base.testClass().classPath();
    }

    /**
     * Prepares the base's instance and binds the base's method to it twice: with the change's arguments as they are,
     * for the paired harness that measures every copy ({@link #pairedBody()}), and with the change's iteration
     * context and probes replaced by the base measurement's own, for the base measured alone (its profile). Then
     * prepares the control's instance and the change's second copy's, and binds each one's method to the change's
     * arguments ({@link #controlBody()}, {@link #changeCopyBody()}).
     *
     * @throws Throwable what a copy's constructor or lifecycle methods threw
     */
    public void begin(Measurement change, Object[] changeArguments) throws Throwable {
        Object instance = base.begin();
        Object[] arguments = Arrays.stream(changeArguments).map(argument -> argument == change.context()
                ? measurement.context() : argument instanceof ProbeHandle probe
                ? measurement.probe(probe.name()).orElseThrow() : argument).toArray();
        measurement.bind(Body.throughHandle(base.method(), instance, arguments));
        paired = Body.throughHandle(base.method(), instance, changeArguments);
        control.begin();
        changeCopy.begin();
        control.bind(changeArguments);
        changeCopy.bind(changeArguments);
    }

    /** @return the base's method bound by {@link #begin} to the change's arguments, its context and probes among them */
    public Body pairedBody() {
        return paired;
    }

    /** @return the control's method (the base's second copy) bound by {@link #begin} to the change's arguments */
    public Body controlBody() {
        return control.body();
    }

    /** @return the change's second copy of the method, bound by {@link #begin} to the change's arguments */
    public Body changeCopyBody() {
        return changeCopy.body();
    }

    /**
     * Runs the {@code @AfterEach} methods of the base's copy, then of the control's and of the change's second copy,
     * on the instances {@link #begin} made, throwing what the first of them threw, the others suppressed in it.
     */
    public void end() throws Throwable {
        paired = null;
        List<Throwable> thrown = new ArrayList<>();
        for (Copy copy : List.of(base, control, changeCopy)) {
            try {
                copy.end();
            } catch (Throwable failure) {
                thrown.add(failure);
            }
        }
        if (!thrown.isEmpty()) {
            thrown.subList(1, thrown.size()).forEach(thrown.get(0)::addSuppressed);
            throw thrown.get(0);
        }
    }

    /** One copy of the test class loaded apart, its method, and the instance and body of the test under way. */
    private static final class Copy {
        private final BaseTestClass testClass;
        private final Method method;
        private Object instance;
        private Body body;

        private Copy(BaseTestClass testClass, Method method) {
            this.testClass = testClass;
            this.method = method;
        }

        /** @return the copy of {@code changeMethod} in {@code testClass}, or empty when it has none */
        static Optional<Copy> of(BaseTestClass testClass, Method changeMethod) {
            return testClass.method(changeMethod.getName(), changeMethod.getParameterTypes())
                    .map(method -> new Copy(testClass, method));
        }

        BaseTestClass testClass() {
            return testClass;
        }

        Method method() {
            return method;
        }

        Body body() {
            return body;
        }

        Object begin() throws Throwable {
            instance = testClass.beforeTest();
            return instance;
        }

        void bind(Object[] arguments) {
            body = Body.throughHandle(method, instance, arguments);
        }

        void end() throws Throwable {
            Object ended = instance;
            instance = null;
            body = null;
            if (ended != null) {
                testClass.afterTest(ended);
            }
        }
    }
}
