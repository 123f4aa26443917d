package org.jlbh.junit.internal.run.evidence;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** Committed as a measurement has ended: once it is read from the stream, so is every pause before. Off by default. */
@Name("org.jlbh.EvidenceMark")
@Label("jlbh evidence mark")
@Category("jlbh")
@Description("Marks the end of a latency measurement, so that its JVM pauses are known to be all read")
@Enabled(false)
@StackTrace(false)
final class EvidenceMark extends Event {
    @Label("Mark")
    long mark;
}
