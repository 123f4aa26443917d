package org.jlbh.junit.internal.config;

import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Method;

/**
 * Which latency test: the class being run and its method, and the names its reports go by. A test that ends before
 * anything is measured (a configuration error) is named the same way. Immutable.
 *
 * @param testClass the class being run (the method may be declared by a superclass of it)
 * @param method    the test method
 */
public record TestIdentity(Class<?> testClass, Method method) {

    /**
     * @return e.g. {@code OrderTest.parse}, with the parameter types' simple names when the method is overloaded,
     *         e.g. {@code OrderTest.parse(NanoSampler)}
     */
    public String displayName() {
        return testClass.getSimpleName() + "." + method.getName() + (overloaded() ? parameterList() : "");
    }

    /**
     * @return the test's full name: the binary name of the class being run and the method's, with the parameter
     *         types' simple names when the method is overloaded, e.g. {@code com.example.OrderTest.parse}
     */
    public String qualifiedName() {
        return testClass.getName() + "." + method.getName() + (overloaded() ? parameterList() : "");
    }

    /** @return whether the class being run has another method of this name */
    public boolean overloaded() {
        return ReflectionSupport.findMethods(testClass, m -> m.getName().equals(method.getName()),
                HierarchyTraversalMode.TOP_DOWN).size() > 1;
    }

    private String parameterList() {
        StringBuilder list = new StringBuilder("(");
        for (Class<?> type : method.getParameterTypes()) {
            list.append(list.length() == 1 ? "" : ",").append(type.getSimpleName());
        }
        return list.append(')').toString();
    }
}
