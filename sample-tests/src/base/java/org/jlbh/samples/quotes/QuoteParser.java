package org.jlbh.samples.quotes;

/**
 * The base's quote parser (Sample 11): the main branch's version, compiled by the sample module into a folder of its
 * own ({@code target/paired-base}) as a CI job would build the base beside the change. It reads a FIX market-data
 * snapshot's best bid and offer in one pass, without allocating.
 */
public final class QuoteParser {
    private final Quote quote = new Quote();

    /**
     * @param message a snapshot, fields {@code tag=value} each ended by {@code |}
     * @param length  its length in bytes
     * @return the best bid and offer it holds, in a quote this parser reuses
     */
    public Quote parse(byte[] message, int length) {
        return QuoteFields.read(message, length, quote);
    }
}
