package org.jlbh.junit.internal.run;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * A test method bound to its instance and arguments, called once per iteration.
 *
 * <p>{@link #of} spins, with {@link LambdaMetafactory}, a class that calls the method directly (as a method
 * reference would), so an iteration costs a plain, inlinable call rather than a reflective one. Should that not
 * be possible (a test class in a named module of its own: the lambda's class would have to be defined in that
 * module, which only a lookup of that module may do) it falls back to a bound {@link MethodHandle}, as
 * {@link #throughHandle} does. Not thread-safe beyond what the method itself is.
 */
@FunctionalInterface
public interface Body {

    /**
     * Runs the test method once.
     *
     * @throws Throwable whatever the test method throws
     */
    void run() throws Throwable;

    /**
     * @param method    the test method
     * @param target    the test instance
     * @param arguments the resolved arguments, in order
     * @return a body that calls {@code target.method(arguments)}
     */
    static Body of(Method method, Object target, Object[] arguments) {
        Object[] captured = new Object[arguments.length + 1];
        captured[0] = target;
        System.arraycopy(arguments, 0, captured, 1, arguments.length);
        MethodHandle implementation;
        MethodHandles.Lookup lookup;
        try {
            // on the module path, a test module is read by the modules that require it, not by this one: reading it
            // is this module's to add (the test's package must be open to it, as to JUnit)
            Body.class.getModule().addReads(method.getDeclaringClass().getModule());
            lookup = MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup());
            implementation = lookup.unreflect(method);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call test method " + method, e);
        }
        try {
            CallSite site = LambdaMetafactory.metafactory(lookup, "run",
                    MethodType.methodType(Body.class, implementation.type().parameterList()),
                    MethodType.methodType(void.class), implementation, MethodType.methodType(void.class));
            return (Body) site.getTarget().invokeWithArguments(captured);
        } catch (Throwable directCallNotPossible) {
            return bound(implementation, captured);
        }
    }

    /**
     * A body that calls the method through a bound method handle, never inlined into its caller: what the paired
     * mode uses on both sides. The base's copy of a test class cannot have a direct-call class spun for it (from here
     * its lookup lacks the module access {@link LambdaMetafactory} asks), and the two sides must be called alike: with
     * the change's call direct, so inlined into the harness's shared code, and the base's through a handle, the same
     * code read 11–15% slower on one side in the same JVM (a parser of 0.3 µs, 100 pairs of runs).
     *
     * @param method    the test method
     * @param target    the test instance
     * @param arguments the resolved arguments, in order
     * @return a body that calls {@code target.method(arguments)}
     */
    static Body throughHandle(Method method, Object target, Object[] arguments) {
        Object[] captured = new Object[arguments.length + 1];
        captured[0] = target;
        System.arraycopy(arguments, 0, captured, 1, arguments.length);
        try {
            Body.class.getModule().addReads(method.getDeclaringClass().getModule());
            return bound(MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup())
                    .unreflect(method), captured);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call test method " + method, e);
        }
    }

    private static Body bound(MethodHandle implementation, Object[] captured) {
        MethodHandle bound = MethodHandles.insertArguments(implementation, 0, captured)
                .asType(MethodType.methodType(void.class));
        // a block, so that the call site's type is ()void: as an expression lambda's body it would be ()Object,
        // which invokeExact refuses
        return () -> {
            bound.invokeExact();
        };
    }
}
