package com.example.shop;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.charset.StandardCharsets;

/**
 * Frames orders for the wire in buffers borrowed from a Netty allocator: each order is written into a buffer of its
 * own (about 200 bytes), summed as the frame's checksum and handed back. With {@code PooledByteBufAllocator.DEFAULT}
 * the buffer comes from the calling thread's cache of its arena. Thread-safe if the allocator is.
 */
public final class OrderFrames {
    /** The fixed part of every frame: the session's header and the order's routing. */
    private static final byte[] HEADER = ("8=FIX.4.4|9=178|35=D|49=SHOP|56=EXCHANGE|34=1|52=20261201-09:30:00.000|"
            + "1=ACCOUNT-0042|21=1|40=2|59=0|60=20261201-09:30:00.000|100=XNYS|207=XNYS|15=USD|"
            + "18=M|47=A|204=0|").getBytes(StandardCharsets.US_ASCII);

    private final ByteBufAllocator allocator;

    /** @param allocator where the frames' buffers come from */
    public OrderFrames(ByteBufAllocator allocator) {
        this.allocator = allocator;
    }

    /**
     * Writes the order's frame into a borrowed direct buffer, then gives the buffer back.
     *
     * @return the frame's checksum: the sum of its bytes modulo 256
     */
    public int checksum(Order order) {
        ByteBuf frame = allocator.directBuffer(256);
        try {
            frame.writeBytes(HEADER);
            frame.writeLong(order.id());
            frame.writeCharSequence(order.symbol(), StandardCharsets.US_ASCII);
            frame.writeCharSequence(order.side(), StandardCharsets.US_ASCII);
            frame.writeInt(order.quantity());
            frame.writeLong(order.priceTicks());
            int sum = 0;
            for (int i = frame.readerIndex(); i < frame.writerIndex(); i++) {
                sum += frame.getByte(i);
            }
            return sum & 0xFF;
        } finally {
            frame.release();
        }
    }
}
