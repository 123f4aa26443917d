package org.jlbh.junit.internal.run;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class BodyTest {

    static class Fixture {
        final List<String> calls = new ArrayList<>();

        void add(String what) {
            calls.add(what);
        }

        void fail() {
            throw new IllegalStateException("thrown by the test method");
        }
    }

    static class OtherFixture {
        int calls;

        void count() {
            calls++;
        }
    }

    @Test
    void eitherBodyCallsTheMethodOnItsInstanceWithItsArgumentsAndThrowsWhatItThrows() throws Throwable {
        Fixture fixture = new Fixture();
        Method add = Fixture.class.getDeclaredMethod("add", String.class);
        Body.of(add, fixture, new Object[]{"direct"}).run();
        Body.throughHandle(add, fixture, new Object[]{"through a handle"}).run();
        assertThat(fixture.calls).containsExactly("direct", "through a handle");

        Method fail = Fixture.class.getDeclaredMethod("fail");
        assertThatIllegalStateException().isThrownBy(() -> Body.throughHandle(fail, fixture, new Object[0]).run())
                .withMessage("thrown by the test method");
    }

    @Test
    void bodiesThroughAHandleAreOfOneClassWhateverTheMethodSoTheHarnessCallsEachSideAlike() throws Throwable {
        // the harness's call of a body sees one class in the paired mode, and inlines neither side's method into its
        // shared code; direct bodies are a class per method
        Method add = Fixture.class.getDeclaredMethod("add", String.class);
        Method count = OtherFixture.class.getDeclaredMethod("count");
        OtherFixture other = new OtherFixture();
        Body viaHandle = Body.throughHandle(count, other, new Object[0]);
        viaHandle.run();

        assertThat(viaHandle.getClass()).isSameAs(Body.throughHandle(add, new Fixture(), new Object[]{"x"}).getClass());
        assertThat(Body.of(count, other, new Object[0]).getClass())
                .isNotSameAs(Body.of(add, new Fixture(), new Object[]{"x"}).getClass());
        assertThat(other.calls).isEqualTo(1);
    }
}
