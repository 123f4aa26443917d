package org.jlbh.samples.quotes;

/**
 * Reading a FIX market-data snapshot's fields, for both versions of {@link QuoteParser} (the base's folder holds its
 * own copy of this class, as it holds its whole package): one pass over the bytes, nothing allocated.
 */
final class QuoteFields {
    private static final int SIDE = 269;
    private static final int PRICE = 270;
    private static final int SIZE = 271;

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
     * As {@link #read(byte[], int, Quote)}, and checks that each book entry's fields hold only digits (and a price's
     * decimal point).
     *
     * @return the quote, filled
     * @throws IllegalArgumentException when a field of a book entry is not a number
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
            int tag = 0;
            byte b;
            while ((b = message[i++]) != '=') {
                tag = tag * 10 + (b - '0');
            }
            long value = 0;
            while ((b = message[i++]) != '|') {
                if (checked && tag >= SIDE && (b < '0' || b > '9') && b != '.') {
                    throw new IllegalArgumentException("not a number in tag " + tag);
                }
                value = b == '.' ? value : value * 10 + (b - '0');
            }
            switch (tag) {
                case SIDE -> side = (int) value;
                case PRICE -> price = value;
                case SIZE -> quote.entry(side, price, value);
                default -> {
                }
            }
        }
        return quote;
    }
}
