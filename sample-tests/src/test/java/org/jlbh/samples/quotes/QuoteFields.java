package org.jlbh.samples.quotes;

/**
 * Reading a FIX market-data snapshot's fields, for both versions of {@link QuoteParser} (the base's folder holds its
 * own copy of this class, as it holds its whole package): nothing allocated.
 */
final class QuoteFields {
    private static final int SIDE = 269;
    private static final int PRICE = 270;
    private static final int SIZE = 271;
    private static final int CHECKSUM = 10;

    private QuoteFields() {
    }

    /**
     * Reads each book entry's side, price and size (tags 269, 270, 271: prices with five decimals). Every field's
     * value is read as a number (the digits of one that is not, such as the symbol, make a number no field is asked
     * for).
     *
     * @return the quote, filled
     */
    static Quote read(byte[] message, int length, Quote quote) {
        return read(message, length, quote, false);
    }

    /**
     * As {@link #read(byte[], int, Quote)}, and checks the message's checksum (tag 10: its bytes before that field
     * summed, modulo 256) in a second pass over them.
     *
     * @return the quote, filled
     * @throws IllegalArgumentException when the checksum is not the one the message's bytes give
     */
    static Quote readChecked(byte[] message, int length, Quote quote) {
        return read(message, length, quote, true);
    }

    private static Quote read(byte[] message, int length, Quote quote, boolean checked) {
        quote.clear();
        int side = -1;
        long price = 0;
        int i = 0;
        while (i < length) {
            int field = i;
            int tag = 0;
            byte b;
            while ((b = message[i++]) != '=') {
                tag = tag * 10 + (b - '0');
            }
            long value = 0;
            while ((b = message[i++]) != '|') {
                value = b == '.' ? value : value * 10 + (b - '0');
            }
            switch (tag) {
                case SIDE -> side = (int) value;
                case PRICE -> price = value;
                case SIZE -> quote.entry(side, price, value);
                case CHECKSUM -> {
                    if (checked) {
                        checkSum(message, field, value);
                    }
                }
                default -> {
                }
            }
        }
        return quote;
    }

    private static void checkSum(byte[] message, int checksumField, long checksum) {
        int sum = 0;
        for (int i = 0; i < checksumField; i++) {
            sum += message[i];
        }
        if ((sum & 0xFF) != checksum) {
            throw new IllegalArgumentException("checksum " + checksum + ", but the bytes before it give "
                    + (sum & 0xFF));
        }
    }
}
