package org.jlbh.samples.quotes;

import java.nio.charset.StandardCharsets;

/** Sample 11's message: a EUR/USD book of ten entries as a FIX 4.4 market-data snapshot, its checksum right. */
public final class Snapshots {
    private Snapshots() {
    }

    /** @return the snapshot's bytes, fields ended by {@code |} */
    public static byte[] eurUsd() {
        StringBuilder message = new StringBuilder("8=FIX.4.4|9=372|35=W|49=VENUE|56=DESK|34=1287|"
                + "52=20261126-09:30:00.123|55=EUR/USD|268=10|");
        for (int level = 0; level < 5; level++) {
            message.append("269=0|270=1.0").append(8345 - level).append("|271=").append(1_000_000 * (level + 1))
                    .append('|');
            message.append("269=1|270=1.0").append(8347 + level).append("|271=").append(2_000_000 * (level + 1))
                    .append('|');
        }
        byte[] body = message.toString().getBytes(StandardCharsets.US_ASCII);
        int sum = 0;
        for (byte b : body) {
            sum += b;
        }
        String checksum = String.format("10=%03d|", sum & 0xFF); // FIX's: the bytes before it summed, modulo 256
        return (message + checksum).getBytes(StandardCharsets.US_ASCII);
    }
}
