package org.jlbh.junit.internal.config;

import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;

/**
 * Which latency test: the class being run, its method and, for a template's, the invocation; and the names its
 * reports go by. A test that ends before anything is measured (a configuration error) is named the same way.
 * Immutable.
 *
 * @param testClass  the class being run (the method may be declared by a superclass of it)
 * @param method     the test method
 * @param invocation which invocation of a template, e.g. {@code [20,000/s]} or {@code [2] 1024}; empty for a test
 *                   that is not a template's
 */
public record TestIdentity(Class<?> testClass, Method method, String invocation) {

    /**
     * A test that is not a template's.
     *
     * @param testClass the class being run
     * @param method    the test method
     */
    public TestIdentity(Class<?> testClass, Method method) {
        this(testClass, method, "");
    }

    /**
     * @return e.g. {@code OrderTest.parse}, with the parameter types' simple names when the method is overloaded,
     *         e.g. {@code OrderTest.parse(NanoSampler)}, and the invocation of a template's, e.g.
     *         {@code OrderTest.parse[20,000/s]}
     */
    public String displayName() {
        return testClass.getSimpleName() + "." + method.getName()
                + (overloaded() ? parameterList(method, Class::getSimpleName) : "") + invocation;
    }

    /**
     * @return the test's full name: the binary name of the class being run and the method's; when the method is
     *         overloaded, its parameter types' simple names, e.g. {@code com.example.OrderTest.parse(NanoSampler)},
     *         or their full names where another overload's simple names are the same; then a template's invocation,
     *         e.g. {@code com.example.OrderTest.parse[20,000/s]}
     */
    public String qualifiedName() {
        List<Method> overloads = overloads();
        return testClass.getName() + "." + method.getName()
                + (overloads.size() > 1 ? parameterList(method, typeNames(overloads)) : "") + invocation;
    }

    /**
     * @return the name the test's report files go by ({@link #fileSafe fileSafe} of {@link #qualifiedName()}), e.g.
     *         {@code com.example.OrderTest.parse-NanoSampler-} or {@code com.example.OrderTest.parse-20-000-s-}: no two
     *         methods of a class, nor two invocations of a template, share it
     */
    public String reportId() {
        return fileSafe(qualifiedName());
    }

    /** @return whether the class being run has another method of this name */
    public boolean overloaded() {
        return overloads().size() > 1;
    }

    /**
     * @return the name as a file name: letters and digits of any script (a Java name's own, so {@code latenzä} and
     *         {@code latenzö} stay apart), '.', '_', '$' and '-' are kept, and every other character becomes one '-'
     *         (so {@code parse(int[])} and {@code parse(int)} stay apart)
     */
    public static String fileSafe(String name) {
        return name.replaceAll("[^\\p{L}\\p{N}._$-]", "-");
    }

    private List<Method> overloads() {
        return ReflectionSupport.findMethods(testClass, m -> m.getName().equals(method.getName()),
                HierarchyTraversalMode.TOP_DOWN);
    }

    /**
     * @param overloads the methods of this name, this one among them
     * @return simple names, unless another overload's parameter list reads the same in simple names
     */
    private Function<Class<?>, String> typeNames(List<Method> overloads) {
        String simple = parameterList(method, Class::getSimpleName);
        boolean ambiguous = overloads.stream().filter(other -> !other.equals(method))
                .anyMatch(other -> parameterList(other, Class::getSimpleName).equals(simple));
        return ambiguous ? Class::getTypeName : Class::getSimpleName;
    }

    private static String parameterList(Method method, Function<Class<?>, String> typeName) {
        StringBuilder list = new StringBuilder("(");
        for (Class<?> type : method.getParameterTypes()) {
            list.append(list.length() == 1 ? "" : ",").append(typeName.apply(type));
        }
        return list.append(')').toString();
    }
}
