package org.jlbh.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.function.LongConsumer;

/**
 * A TCP round trip over loopback for the samples: a server thread that answers each 16-byte request, and the
 * client side of one connection. Requests carry the client's send time; replies carry the server's send time, so
 * each half of the trip can be timed. Blocking NIO with reused buffers and TCP_NODELAY: nothing allocated per
 * message. The server binds to a free port on 127.0.0.1 chosen at runtime. Not thread-safe: one client thread.
 */
final class Loopback implements AutoCloseable {
    private static final int MESSAGE_BYTES = 16;

    private final ServerSocketChannel server;
    private final SocketChannel client;
    private final Thread serverThread;
    private final ByteBuffer request = ByteBuffer.allocateDirect(MESSAGE_BYTES);
    private final ByteBuffer reply = ByteBuffer.allocateDirect(MESSAGE_BYTES);
    private volatile boolean closed;

    /**
     * @param onRequest called on the server thread for each request, with the client's send time in
     *                  {@link System#nanoTime()} nanoseconds, before the reply is sent: the server's work
     */
    Loopback(LongConsumer onRequest) {
        try {
            server = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            client = SocketChannel.open(server.getLocalAddress());
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            SocketChannel accepted = server.accept();
            accepted.setOption(StandardSocketOptions.TCP_NODELAY, true);
            serverThread = new Thread(() -> serve(accepted, onRequest), "loopback-server");
            serverThread.setDaemon(true);
            serverThread.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void serve(SocketChannel channel, LongConsumer onRequest) {
        ByteBuffer in = ByteBuffer.allocateDirect(MESSAGE_BYTES);
        ByteBuffer out = ByteBuffer.allocateDirect(MESSAGE_BYTES);
        try (channel) {
            while (!closed) {
                in.clear();
                if (!readFully(channel, in)) {
                    return;
                }
                onRequest.accept(in.getLong(0));
                out.clear();
                out.putLong(0, System.nanoTime());
                writeFully(channel, out);
            }
        } catch (IOException e) {
            if (!closed) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * Sends a request stamped now and waits for its reply.
     *
     * @return the server's send time of the reply, in {@link System#nanoTime()} nanoseconds
     */
    long roundTrip() {
        try {
            request.clear();
            request.putLong(0, System.nanoTime());
            writeFully(client, request);
            reply.clear();
            if (!readFully(client, reply)) {
                throw new IllegalStateException("the loopback server closed the connection");
            }
            return reply.getLong(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean readFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        buffer.limit(MESSAGE_BYTES);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                return false;
            }
        }
        return true;
    }

    private static void writeFully(SocketChannel channel, ByteBuffer buffer) throws IOException {
        buffer.limit(MESSAGE_BYTES);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        client.close();
        server.close();
        try {
            serverThread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
