package org.jlbh.junit.internal.config;

import org.jlbh.core.Arrivals;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Verdict;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;

import static org.assertj.core.api.Assertions.assertThat;

/** A template is read as a test of the same attributes, and the two annotations' attributes do not drift apart. */
class TemplateAsTestTest {

    /** Not run: JUnit runs only the nested classes a build selects, and Surefire selects none. */
    static class Fixture {
        @LatencyTemplate(rates = {1_000, 2_000}, arrivals = Arrivals.POISSON, arrivalSeed = 7, iterations = 1_234,
                warmUpIterations = 5, runs = 2, accountForCoordinatedOmission = false, recordOSJitter = false,
                timeoutMillis = 99, percentile = 99.9, maxMicros = 12.5, verdict = Verdict.EVERY_RUN,
                maxAllocatedBytesPerOp = 0, maxGcCount = 1, maxGcPauseMillis = 3)
        void template() {
        }
    }

    @Test
    void everyAttributeOfLatencyTestIsATemplatesOfTheSameTypeAndDefault() throws NoSuchMethodException {
        for (Method attribute : LatencyTest.class.getDeclaredMethods()) {
            Method same = LatencyTemplate.class.getMethod(attribute.getName());
            assertThat(same.getReturnType()).as(attribute.getName()).isEqualTo(attribute.getReturnType());
            if (!attribute.getName().equals("throughput")) {
                assertThat(same.getDefaultValue()).as(attribute.getName()).isEqualTo(attribute.getDefaultValue());
            }
        }
    }

    @Test
    void theTemplateReadsAsATestAtTheInvocationsThroughput() throws NoSuchMethodException {
        LatencyTemplate template = Fixture.class.getDeclaredMethod("template").getAnnotation(LatencyTemplate.class);

        LatencyTest test = TemplateAsTest.at(template, 2_000);

        assertThat(test.throughput()).isEqualTo(2_000);
        assertThat(test.arrivals()).isEqualTo(Arrivals.POISSON);
        assertThat(test.arrivalSeed()).isEqualTo(7);
        assertThat(test.iterations()).isEqualTo(1_234);
        assertThat(test.warmUpIterations()).isEqualTo(5);
        assertThat(test.runs()).isEqualTo(2);
        assertThat(test.accountForCoordinatedOmission()).isFalse();
        assertThat(test.recordOSJitter()).isFalse();
        assertThat(test.timeoutMillis()).isEqualTo(99);
        assertThat(test.percentile()).isEqualTo(99.9);
        assertThat(test.maxMicros()).isEqualTo(12.5);
        assertThat(test.verdict()).isEqualTo(Verdict.EVERY_RUN);
        assertThat(test.maxAllocatedBytesPerOp()).isZero();
        assertThat(test.maxGcCount()).isEqualTo(1);
        assertThat(test.maxGcPauseMillis()).isEqualTo(3);
        assertThat(test.annotationType()).isEqualTo(LatencyTest.class);
    }
}
