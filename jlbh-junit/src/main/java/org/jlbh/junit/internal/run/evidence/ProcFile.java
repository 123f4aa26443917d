package org.jlbh.junit.internal.run.evidence;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.Arrays;

/** A file of {@code /proc} read afresh into its own buffer, its numbers parsed in turn, allocating nothing. */
final class ProcFile implements AutoCloseable {
    private final RandomAccessFile file;
    private final byte[] buffer = new byte[4_096];
    private int length;
    private int at;

    ProcFile(String path) throws IOException {
        file = new RandomAccessFile(path, "r");
    }

    /** @return this, read afresh: its numbers are parsed from its start */
    ProcFile reread() throws IOException {
        file.seek(0);
        length = 0;
        at = 0;
        for (int n; length < buffer.length && (n = file.read(buffer, length, buffer.length - length)) > 0; ) {
            length += n;
        }
        return this;
    }

    /** @return whether the text is in what is left to parse; if so, the numbers after it are parsed next */
    boolean skipPast(byte[] text) {
        for (int from = at; from + text.length < length; from++) {
            if (Arrays.equals(buffer, from, from + text.length, text, 0, text.length)) {
                at = from + text.length;
                return true;
            }
        }
        return false;
    }

    /** @return the next number, past what is not a digit; -1 when there is none */
    long next() {
        while (at < length && !digitAt(at)) {
            at++;
        }
        if (at >= length) {
            return -1;
        }
        long value = 0;
        while (at < length && digitAt(at)) {
            value = value * 10 + buffer[at++] - '0';
        }
        return value;
    }

    private boolean digitAt(int i) {
        return buffer[i] >= '0' && buffer[i] <= '9';
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }
}
