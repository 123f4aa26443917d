package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/**
 * A {@link LatencyTemplate} read as the {@link LatencyTest} of one of its invocations, so that one set of rules
 * validates both: every attribute is the template's of the same name but the throughput, the invocation's. Stateless.
 */
final class TemplateAsTest {

    private TemplateAsTest() {
    }

    /** @return the template's attributes as a {@link LatencyTest} at the throughput, in iterations per second */
    static LatencyTest at(LatencyTemplate template, int throughput) {
        InvocationHandler attributes = (proxy, attribute, arguments) -> switch (attribute.getName()) {
            case "throughput" -> throughput;
            case "annotationType" -> LatencyTest.class;
            case "equals" -> proxy == arguments[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> template + " at " + throughput + "/s";
            default -> LatencyTemplate.class.getMethod(attribute.getName()).invoke(template);
        };
        return (LatencyTest) Proxy.newProxyInstance(LatencyTest.class.getClassLoader(),
                new Class<?>[]{LatencyTest.class}, attributes);
    }
}
