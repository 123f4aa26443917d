package org.jlbh.samples;

import net.openhft.chronicle.core.util.NanoSampler;
import org.jlbh.junit.IterationContext;
import org.jlbh.junit.LatencyBudget;
import org.jlbh.junit.LatencyTemplate;
import org.jlbh.junit.LatencyTest;
import org.jlbh.junit.Probe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import quickfix.Application;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.SocketInitiator;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LeavesQty;
import quickfix.field.OrdStatus;
import quickfix.field.OrdType;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.NewOrderSingle;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.LocalDateTime;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sample 4 — a real FIX round trip ("JLBH Examples 4 - Benchmarking QuickFix vs ChronicleFix").
 *
 * <p>What it teaches: measure an asynchronous flow end to end from the intended start, by carrying the start with
 * the request. A QuickFIX/J initiator (the client) and acceptor (the server) run FIX 4.4 sessions over loopback, on
 * a port chosen free at runtime. Each iteration the client sends a NewOrderSingle whose ClOrdID is the iteration's
 * intended start ({@link IterationContext#startTimeNanos()}), as the post does; the server parses the order
 * ({@code parse} probe) and answers with an ExecutionReport ({@code reply} probe); the client, on QuickFIX/J's
 * thread, reads the start back from the report's ClOrdID and samples end to end. At 2,000/s, then swept over
 * 2,000, 10,000, 20,000 and 40,000/s ({@link LatencyTemplate}), as the post's QuickFIX table moves the rate.
 * Latencies climb steeply through the percentiles: QuickFIX/J allocates on every message, and the garbage
 * collections land in the tail.
 *
 * <p>What it shows (a 2-core machine, JDK 17): at 2,000/s, end-to-end p50 110 µs and p90 157 µs (the post: 270 and
 * 350 µs–1.9 ms), the server's parse p99 0.6 µs. At 10,000/s, in runs of 5,000 then: p50 0.35–5.6 ms and p90
 * 1.7–24 ms across runs, with OS jitter showing 13–21 ms stalls (its garbage collections); the sweep finds its knee
 * above that (see below). In an hour the host ran slower (4 builds of Samples 1 and 4 alone, quiet and beside a busy
 * process), at 2,000/s p50 0.24–1.0 ms and p90 0.39–4.2 ms; the sweep's first rate, 2,000/s, p50 2.7–4.7 ms (the
 * engine still warming up), its knee at 2,000/s, and 5,900–7,900 orders a second achieved at 10,000/s.
 *
 * <p>How to run: {@code mvn -B -pl sample-tests -am verify -Dtest=Sample04* -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Sample04_QuickFixRoundTrip {
    private static final long LOGON_TIMEOUT_MS = 10_000;

    private SocketAcceptor acceptor;
    private SocketInitiator initiator;
    private SessionID clientSession;
    private final AtomicLong ordersReceived = new AtomicLong();
    private final AtomicLong reportsReceived = new AtomicLong();

    // set by each latency test before its first order; read by the QuickFIX/J threads
    private volatile NanoSampler parse;
    private volatile NanoSampler reply;
    private volatile IterationContext iteration;

    @BeforeAll
    void startSessions() throws ConfigError, IOException, InterruptedException {
        int port = freeLoopbackPort();
        SessionID serverSession = new SessionID("FIX.4.4", "SERVER", "CLIENT");
        clientSession = new SessionID("FIX.4.4", "CLIENT", "SERVER");

        SessionSettings serverSettings = sessionSettings(serverSession);
        serverSettings.setString(serverSession, "ConnectionType", "acceptor");
        serverSettings.setString(serverSession, "SocketAcceptAddress", "127.0.0.1");
        serverSettings.setLong(serverSession, "SocketAcceptPort", port);
        acceptor = new SocketAcceptor(new Server(), new MemoryStoreFactory(), serverSettings, null, new DefaultMessageFactory());
        acceptor.start();

        SessionSettings clientSettings = sessionSettings(clientSession);
        clientSettings.setString(clientSession, "ConnectionType", "initiator");
        clientSettings.setString(clientSession, "SocketConnectHost", "127.0.0.1");
        clientSettings.setLong(clientSession, "SocketConnectPort", port);
        clientSettings.setLong(clientSession, "ReconnectInterval", 1);
        initiator = new SocketInitiator(new Client(), new MemoryStoreFactory(), clientSettings, null, new DefaultMessageFactory());
        initiator.start();

        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOGON_TIMEOUT_MS);
        while (!initiator.isLoggedOn() || !acceptor.isLoggedOn()) {
            assertThat(System.nanoTime() - deadline).as("FIX sessions logged on within %d ms", LOGON_TIMEOUT_MS).isNegative();
            Thread.sleep(10);
        }
    }

    @AfterAll
    void stopSessions() {
        if (initiator != null) {
            initiator.stop(true);
        }
        if (acceptor != null) {
            acceptor.stop(true);
        }
        // every order was answered: the FIX exchange really happened, both ways
        assertThat(ordersReceived.get()).as("orders the server received").isPositive();
        assertThat(reportsReceived.get()).as("execution reports the client received").isEqualTo(ordersReceived.get());
    }

    /**
     * 2,000 orders a second. Budgets: end-to-end p50 within 2 ms and p90 within 10 ms, the server's parse p99 within
     * 1 ms. The post saw a p50 of 270 µs and a p90 of 350 µs–1.9 ms on its own machine; the budgets allow for a
     * smaller, shared machine and for QuickFIX/J's garbage collections, and still fail if the round trip degraded by an
     * order of magnitude. The post fixes the rate, not the run: iterations, warm-up and runs are the defaults, sized
     * from the budgets (runs of a second, 2,000 orders; a warm-up until the JIT is done; attempts of 3 runs while they
     * disagree), where fixed runs of 10,000 after 10,000 take 21 s.
     */
    @LatencyTest(throughput = 2_000, percentile = 50, maxMicros = 2_000)
    @LatencyBudget(percentile = 90, maxMicros = 10_000)
    @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 1_000)
    void at2000OrdersPerSecond(@Probe("parse") NanoSampler parse, @Probe("reply") NanoSampler reply,
                               IterationContext iteration) throws SessionNotFound {
        sendOrder(parse, reply, iteration);
    }

    /**
     * QuickFIX/J's throughput lever as a sweep: 2,000, 10,000, 20,000 and 40,000 orders a second, each rate a JUnit
     * invocation of its own, with the console's table of all four after the last. The knee moves with the machine's
     * neighbours and its speed: at 40,000/s, 39,300–40,000/s achieved on a quiet machine (p50 0.3–2.8 ms),
     * 35,400–37,400/s beside a busy process (p50 6.0–8.3 ms), and 11,343/s beside a benchmark (p50 257 ms); in a slow
     * hour of the host, 16,000–26,000/s quiet. The server's parse p99 stays 0.1–11 µs throughout. Budgets: end-to-end
     * p50 within 20 ms and p90 within 100 ms, the server's parse p99 within 1 ms, required up to 2,000/s: they assert
     * that the engine keeps up with that rate. One that could not would fall further behind through each run, and with
     * coordinated omission accounted for its median would climb with it: an engine doing 90% of a rate ends each run
     * 11% of its length behind (0.14 s of a 1.25 s run at 2,000/s), its median call half that late. Why 2,000/s: the
     * engine's capacity is the machine's, and in that slow hour it achieved 6,995–7,226/s at 10,000/s quiet and 3,798/s
     * at 5,000/s beside a busy loop (p50 0.25 s), and main-job builds failed at each of those required rates. The rates
     * above it find the knee: their broken budgets are reported, not failed. Each rate runs 3 runs of 2,500 orders
     * after 2,500 to warm up (1.25 s a run at 2,000/s; 6.8 s on schedule for the sweep): at 40,000/s an engine at half
     * that rate ends a run 62 ms behind, past the budget.
     */
    @LatencyTemplate(rates = {2_000, 10_000, 20_000, 40_000}, requiredThroughput = 2_000, iterations = 2_500,
            warmUpIterations = 2_500, runs = 3, percentile = 50, maxMicros = 20_000)
    @LatencyBudget(percentile = 90, maxMicros = 100_000)
    @LatencyBudget(probe = "parse", percentile = 99, maxMicros = 1_000)
    void sweep(@Probe("parse") NanoSampler parse, @Probe("reply") NanoSampler reply, IterationContext iteration)
            throws SessionNotFound {
        sendOrder(parse, reply, iteration);
    }

    private void sendOrder(NanoSampler parse, NanoSampler reply, IterationContext iteration) throws SessionNotFound {
        if (this.iteration != iteration) {
            this.parse = parse;
            this.reply = reply;
            this.iteration = iteration;
        }
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(Long.toString(iteration.startTimeNanos())),
                new Side(Side.BUY), new TransactTime(LocalDateTime.now()), new OrdType(OrdType.LIMIT));
        order.set(new Symbol("EUR/USD"));
        order.set(new OrderQty(1_000_000));
        order.set(new Price(1.0825));
        Session.sendToTarget(order, clientSession);
    }

    /** The acceptor: parses each NewOrderSingle and answers with an ExecutionReport. */
    private final class Server extends ApplicationAdapter {
        @Override
        public void fromApp(Message message, SessionID sessionID) throws FieldNotFound {
            if (!(message instanceof NewOrderSingle)) {
                return;
            }
            long received = System.nanoTime();
            NewOrderSingle order = (NewOrderSingle) message;
            String clOrdID = order.getClOrdID().getValue();
            char side = order.getSide().getValue();
            String symbol = order.getSymbol().getValue();
            double quantity = order.getOrderQty().getValue();
            double price = order.getPrice().getValue();
            long parsed = System.nanoTime();
            parse.sampleNanos(parsed - received);

            long n = ordersReceived.incrementAndGet();
            ExecutionReport report = new ExecutionReport(new OrderID("O" + n), new ExecID("E" + n),
                    new ExecType(ExecType.NEW), new OrdStatus(OrdStatus.NEW), new Side(side), new LeavesQty(quantity),
                    new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(clOrdID));
            report.set(new Symbol(symbol));
            report.set(new Price(price));
            try {
                Session.sendToTarget(report, sessionID);
            } catch (SessionNotFound e) {
                throw new IllegalStateException(e);
            }
            reply.sampleNanos(System.nanoTime() - parsed);
        }
    }

    /** The initiator: times each ExecutionReport from the start carried in its ClOrdID. */
    private final class Client extends ApplicationAdapter {
        @Override
        public void fromApp(Message message, SessionID sessionID) throws FieldNotFound {
            if (message instanceof ExecutionReport) {
                long start = Long.parseLong(((ExecutionReport) message).getClOrdID().getValue());
                iteration.sampleEndToEnd(System.nanoTime() - start);
                reportsReceived.incrementAndGet();
            }
        }
    }

    /** A QuickFIX/J application that ignores everything but fromApp. */
    private abstract static class ApplicationAdapter implements Application {
        @Override
        public void onCreate(SessionID sessionId) {
        }

        @Override
        public void onLogon(SessionID sessionId) {
        }

        @Override
        public void onLogout(SessionID sessionId) {
        }

        @Override
        public void toAdmin(Message message, SessionID sessionId) {
        }

        @Override
        public void fromAdmin(Message message, SessionID sessionId) {
        }

        @Override
        public void toApp(Message message, SessionID sessionId) {
        }
    }

    private static SessionSettings sessionSettings(SessionID session) {
        SessionSettings settings = new SessionSettings();
        settings.setString(session, "BeginString", session.getBeginString());
        // a session that never resets: a daily one (StartTime = EndTime) logs out at midnight UTC, and a build that
        // crossed midnight lost the 1,137 orders in flight
        settings.setString(session, "NonStopSession", "Y");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setString(session, "ResetOnLogon", "Y");
        settings.setString(session, "UseDataDictionary", "Y");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "SocketTcpNoDelay", "Y");
        return settings;
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
