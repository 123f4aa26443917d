package org.jlbh.core;

import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Receives the {@link JLBHResult} when {@link JLBH#start()} finishes, and hands it out again.
 *
 * <p>Same shape as the reference JLBH's {@code JLBHResultConsumer}.
 */
public interface JLBHResultConsumer extends Consumer<JLBHResult>, Supplier<JLBHResult> {

    /**
     * A consumer that may be written by one thread and read by another.
     *
     * @return a new, empty consumer; {@link #get()} returns {@code null} until a result has been accepted
     */
    static JLBHResultConsumer newThreadSafeInstance() {
        return new JLBHResultConsumer() {
            private volatile JLBHResult result;

            @Override
            public void accept(JLBHResult result) {
                this.result = result;
            }

            @Override
            public JLBHResult get() {
                return result;
            }
        };
    }
}
