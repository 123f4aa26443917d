package org.jlbh.samples;

/** The code under test of Sample 0: counts the fields of a FIX-like message. Stateless. */
final class OrderFields {

    private OrderFields() {
    }

    /** @return how many {@code |}-ended fields the message has */
    static int count(byte[] message) {
        int fields = 0;
        for (byte b : message) {
            if (b == '|') {
                fields++;
            }
        }
        return fields;
    }
}
