package org.jlbh.junit.internal.run;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * A test method bound to its instance and arguments, called once per iteration. {@link #of} spins a class that calls
 * the method directly ({@link LambdaMetafactory}), an inlinable call; where it cannot (a test class in a named module
 * of its own), a bound {@link MethodHandle}, as {@link #throughHandle}. Thread-safe as the method itself is.
 */
@FunctionalInterface
public interface Body {

    /** Runs the test method once, throwing whatever it throws. */
    void run() throws Throwable;

    /** @return a body that calls {@code target.method(arguments)}: the test method on its instance */
    static Body of(Method method, Object target, Object[] arguments) {
        MethodHandle implementation = handle(method);
        Object[] captured = captured(target, arguments);
        try {
            CallSite site = LambdaMetafactory.metafactory(
                    MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup()), "run",
                    MethodType.methodType(Body.class, implementation.type().parameterList()),
                    MethodType.methodType(void.class), implementation, MethodType.methodType(void.class));
            return (Body) site.getTarget().invokeWithArguments(captured);
        } catch (Throwable directCallNotPossible) {
            return bound(implementation, captured);
        }
    }

    /**
     * As {@link #of}, through a bound method handle, never inlined into its caller: the paired mode's on both sides,
     * which must be called alike, as the base's copy cannot have a direct-call class spun for it.
     */
    static Body throughHandle(Method method, Object target, Object[] arguments) {
        return bound(handle(method), captured(target, arguments));
    }

    private static MethodHandle handle(Method method) {
        // on the module path this module must read the test's module (whose package is open to it, as to JUnit)
        Body.class.getModule().addReads(method.getDeclaringClass().getModule());
        try {
            return MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup()).unreflect(method);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call test method " + method, e);
        }
    }

    private static Object[] captured(Object target, Object[] arguments) {
        Object[] captured = new Object[arguments.length + 1];
        captured[0] = target;
        System.arraycopy(arguments, 0, captured, 1, arguments.length);
        return captured;
    }

    private static Body bound(MethodHandle implementation, Object[] captured) {
        MethodHandle bound = MethodHandles.insertArguments(implementation, 0, captured)
                .asType(MethodType.methodType(void.class));
        // a block: as an expression lambda the call site's type would be ()Object, which invokeExact refuses
        return () -> {
            bound.invokeExact();
        };
    }
}
