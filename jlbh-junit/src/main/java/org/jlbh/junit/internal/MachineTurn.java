package org.jlbh.junit.internal;

import org.jlbh.junit.internal.config.Configuration;
import org.jlbh.junit.internal.config.TestSettings;
import org.jlbh.junit.internal.report.result.ResultSnapshot;
import org.jlbh.junit.internal.run.MachineLock;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Instant;

/**
 * A latency test's turn on the machine ({@link MachineLock}), taken just before its method is called (after its
 * {@code @BeforeEach} methods, and outside the method's call, so that neither the method's {@code timeoutMillis} nor
 * a JUnit {@code @Timeout} on it counts the wait) and given back once the method has been called, its measurement,
 * verdict and reports done. Kept in the test's store, which gives it back too if the test ends another way.
 *
 * @param turn    the lock's turn, or none when the lock is switched off
 * @param machine how the test came to the machine, as its report says it
 */
public record MachineTurn(MachineLock.Turn turn, ResultSnapshot.MachineRecord machine)
        implements ExtensionContext.Store.CloseableResource {

    /**
     * Takes a latency test's turn, waiting for it; a test that is not a latency test (or was not prepared) takes none.
     *
     * @param context the test's context
     * @throws InterruptedException when the test's thread is interrupted while it waits
     */
    public static void take(ExtensionContext context) throws InterruptedException {
        TestState state = TestState.of(context);
        if (state != null) {
            context.getStore(Stores.NAMESPACE).put(MachineTurn.class, take(state.settings()));
        }
    }

    /**
     * Gives a test's turn back, if it took one.
     *
     * @param context the test's context
     */
    public static void giveBack(ExtensionContext context) {
        MachineTurn turn = context.getStore(Stores.NAMESPACE).remove(MachineTurn.class, MachineTurn.class);
        if (turn != null) {
            turn.close();
        }
    }

    /**
     * @param context  the test's context
     * @param settings its settings
     * @return the turn it took before its method was called; taken now where it took none
     */
    static MachineTurn of(ExtensionContext context, TestSettings settings) throws InterruptedException {
        MachineTurn turn = context.getStore(Stores.NAMESPACE).get(MachineTurn.class, MachineTurn.class);
        if (turn == null) {
            turn = take(settings);
            context.getStore(Stores.NAMESPACE).put(MachineTurn.class, turn);
        }
        return turn;
    }

    private static MachineTurn take(TestSettings settings) throws InterruptedException {
        Configuration configuration = settings.configuration();
        boolean off = !configuration.machineLock();
        MachineLock.Turn turn = off ? MachineLock.Turn.switchedOff() : MachineLock.ofThisUser().take(
                settings.displayName(), (long) Math.min(Long.MAX_VALUE, configuration.machineWaitSeconds() * 1e9));
        String from = Instant.now().toString();
        return new MachineTurn(turn, new ResultSnapshot.MachineRecord(off ? "off" : "on", turn.waitedNanos() / 1e9,
                turn.heldBy(), turn.notAlone(), from, from));
    }

    /** Gives the turn back: the next test, of this JVM or another, may measure. */
    @Override
    public void close() {
        turn.close();
    }
}
