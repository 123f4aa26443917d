package org.jlbh.junit.internal.config;

import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which latency test, and the names its reports go by. Immutable.
 *
 * @param testClass  the class being run (the method may be declared by a superclass of it)
 * @param invocation a template's invocation, e.g. {@code [20,000/s]}; empty for a test that is not a template's
 */
public record TestIdentity(Class<?> testClass, Method method, String invocation) {

    /**
     * @return e.g. {@code OrderTest.parse}, {@code OrderTest.parse(NanoSampler)} when the method is overloaded, or
     *         {@code OrderTest.parse[20,000/s]} for a template's invocation
     */
    public String displayName() {
        return testClass.getSimpleName() + "." + method.getName()
                + (overloads().size() > 1 ? parameterList(method, Class::getSimpleName) : "") + invocation;
    }

    /**
     * @return the name the test's report files go by, e.g. {@code com.example.OrderTest.parse-NanoSampler-}, full type
     *         names where simple ones clash: no two methods of a class, nor two invocations of a template, share it
     */
    public String reportId() {
        List<Method> overloads = overloads();
        return fileSafe(testClass.getName() + "." + method.getName()
                + (overloads.size() > 1 ? parameterList(method, typeNames(overloads)) : "") + invocation);
    }

    /**
     * @return the name as a file name: letters and digits of any script, '.', '_', '$' and '-' are kept, and every
     *         other character becomes one '-' (so {@code parse(int[])} and {@code parse(int)} stay apart)
     */
    public static String fileSafe(String name) {
        return name.replaceAll("[^\\p{L}\\p{N}._$-]", "-");
    }

    private List<Method> overloads() {
        return ReflectionSupport.findMethods(testClass, m -> m.getName().equals(method.getName()),
                HierarchyTraversalMode.TOP_DOWN);
    }

    /** @return simple names, unless another overload's parameter list reads the same in simple names */
    private Function<Class<?>, String> typeNames(List<Method> overloads) {
        String simple = parameterList(method, Class::getSimpleName);
        boolean ambiguous = overloads.stream().filter(other -> !other.equals(method))
                .anyMatch(other -> parameterList(other, Class::getSimpleName).equals(simple));
        return ambiguous ? Class::getTypeName : Class::getSimpleName;
    }

    private static String parameterList(Method method, Function<Class<?>, String> typeName) {
        return Arrays.stream(method.getParameterTypes()).map(typeName).collect(Collectors.joining(",", "(", ")"));
    }
}
