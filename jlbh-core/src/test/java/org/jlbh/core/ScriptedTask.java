package org.jlbh.core;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A task for tests, scripted by a lambda: each iteration runs the body with the harness, the iteration number
 * (0-based, counted across warm-up and runs) and the start time it was given; the other callbacks are logged with
 * the thread they ran on. Used on the harness thread; {@link #calls} may be read from any thread.
 */
class ScriptedTask implements JLBHTask {
    /** One iteration's body. */
    interface Body {
        void run(JLBH jlbh, int iteration, long startTimeNS);
    }

    final List<String> calls = new CopyOnWriteArrayList<>();
    private final Body body;
    JLBH jlbh;
    int iteration;

    ScriptedTask(Body body) {
        this.body = body;
    }

    @Override
    public void init(JLBH jlbh) {
        this.jlbh = jlbh;
        calls.add("init on " + Thread.currentThread().getName());
    }

    @Override
    public void run(long startTimeNS) {
        body.run(jlbh, iteration++, startTimeNS);
    }

    @Override
    public void warmedUp() {
        calls.add("warmedUp");
    }

    @Override
    public void runComplete() {
        calls.add("runComplete on " + Thread.currentThread().getName());
    }

    @Override
    public void complete() {
        calls.add("complete");
    }
}
