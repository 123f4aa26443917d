package org.jlbh.samples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Date;

/** The seed post's "relatively expensive Java operation": Java serialisation of a {@link Date}. Not thread-safe. */
final class DateSerialiser {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private final Date date = new Date();

    /** @return the serialised size, so the work cannot be optimised away */
    int serialise() {
        bytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(date);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }
}
