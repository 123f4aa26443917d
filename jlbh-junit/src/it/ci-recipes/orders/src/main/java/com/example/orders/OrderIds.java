package com.example.orders;

import org.apache.commons.lang3.RandomUtils;

import java.nio.charset.StandardCharsets;

/**
 * Stamps outgoing orders: a client order id (a sequence number, a random salt in its low 20 bits) written into the
 * message's ClOrdID field, then the message's checksum, as FIX computes it. Not thread-safe.
 */
public final class OrderIds {
    private static final int ID_AT = 16;
    private static final int ID_LENGTH = 16;
    private long sequence;

    /**
     * @param message an order message, its ClOrdID field at offset 16, 16 bytes long
     * @return the message's checksum, the sum of its bytes modulo 256
     */
    @SuppressWarnings("deprecation") // RandomUtils.nextInt, deprecated since 3.15.0 for secure().randomInt
    public int stamp(byte[] message) {
        long id = ++sequence << 20 | RandomUtils.nextInt(0, 1 << 20);
        for (int i = ID_AT + ID_LENGTH - 1; i >= ID_AT; i--) {
            message[i] = (byte) Character.forDigit((int) (id & 0xF), 16);
            id >>>= 4;
        }
        int sum = 0;
        for (byte b : message) {
            sum += b;
        }
        return sum & 0xFF;
    }

    /** @return a new order message of {@code length} bytes, ready to stamp */
    public static byte[] message(int length) {
        byte[] message = new byte[length];
        byte[] text = "8=FIX.4.4|35=D|11=0000000000000000|55=ORCL|54=1|38=1000|40=2|44=25.17|"
                .getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < length; i++) {
            message[i] = text[i % text.length];
        }
        return message;
    }
}
