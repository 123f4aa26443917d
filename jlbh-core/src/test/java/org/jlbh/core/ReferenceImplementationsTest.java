package org.jlbh.core;

import org.jlbh.core.util.JLBHResultSerializer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Code written against the reference JLBH that implements its result interfaces (a test fake) or makes its
 * serializer compiles here unchanged: what this harness adds to the interfaces has defaults, which say what they
 * lack when called.
 */
class ReferenceImplementationsTest {

    /** The reference's RunResult, as a user implements it: its seven methods, all abstract in the reference. */
    static final class FakeRun implements JLBHResult.RunResult {
        @Override
        public Map<Percentile, Duration> percentiles() {
            return Map.of(Percentile.PERCENTILE_50TH, Duration.ofNanos(1_000));
        }

        @Override
        public Duration get50thPercentile() {
            return percentiles().get(Percentile.PERCENTILE_50TH);
        }

        @Override
        public Duration get90thPercentile() {
            return null;
        }

        @Override
        public Duration get99thPercentile() {
            return null;
        }

        @Override
        public Duration get999thPercentile() {
            return null;
        }

        @Override
        public Duration get9999thPercentile() {
            return null;
        }

        @Override
        public Duration getWorst() {
            return null;
        }
    }

    static final class FakeProbe implements JLBHResult.ProbeResult {
        @Override
        public JLBHResult.RunResult summaryOfLastRun() {
            return new FakeRun();
        }

        @Override
        public List<JLBHResult.RunResult> eachRunSummary() {
            return List.of(new FakeRun());
        }
    }

    static final class FakeResult implements JLBHResult {
        @Override
        public ProbeResult endToEnd() {
            return new FakeProbe();
        }

        @Override
        public Optional<ProbeResult> probe(String probeName) {
            return Optional.empty();
        }

        @Override
        public Set<String> probeNames() {
            return Set.of();
        }

        @Override
        public Optional<ProbeResult> osJitter() {
            return Optional.empty();
        }
    }

    @Test
    void aUsersImplementationOfTheReferencesInterfacesCompilesAndReadsAsTheReferences() {
        JLBHResult result = new FakeResult();

        assertThat(result.endToEnd().summaryOfLastRun().get50thPercentile()).isEqualTo(Duration.ofNanos(1_000));
        assertThat(result.probeNames()).isEmpty();
    }

    @Test
    void whatThisHarnessAddsSaysTheImplementationLacksIt() {
        assertThatThrownBy(() -> new FakeResult().runs()).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage(FakeResult.class.getName() + " does not give runs(): it implements the reference JLBH's "
                        + "interface, which lacks it; only this harness's results do");
        assertThatThrownBy(() -> new FakeProbe().name()).hasMessageContaining("does not give name()");
        assertThatThrownBy(() -> new FakeRun().histogram()).hasMessageContaining("does not give histogram()");
    }

    @Test
    void theSerializerCanBeMadeAndExtendedAsTheReferences() {
        JLBHResultSerializer serializer = new JLBHResultSerializer() {
        };
        assertThat(serializer).isNotNull();
    }
}
