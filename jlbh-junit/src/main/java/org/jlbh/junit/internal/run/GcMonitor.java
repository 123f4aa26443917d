package org.jlbh.junit.internal.run;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Keeps the garbage collections the JVM reports while a latency test measures, each with its collector's sequence
 * number: a run that began when a collector had done {@code a} collections and ended when it had done {@code b} holds
 * its collections {@code a+1 … b} ({@link #collectionCounts(long[])}), as the JVM's GC times are not on the nanoTime
 * line. Concurrent cycles are marked apart from pauses. Thread-safe.
 */
public final class GcMonitor implements NotificationListener {
    private static final long REPORT_WAIT_MILLIS = 500;

    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();

    private final List<GcEvent> collections = Collections.synchronizedList(new ArrayList<>());
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final long countAtStart;

    private GcMonitor() {
        countAtStart = collectorCount();
    }

    /** @return the JVM's garbage collectors, in a fixed order */
    public static List<GarbageCollectorMXBean> collectors() {
        return COLLECTORS;
    }

    /** @param into each {@link #collectors() collector}'s count of collections so far; allocates nothing */
    public static void collectionCounts(long[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = COLLECTORS.get(i).getCollectionCount();
        }
    }

    /** @return a monitor listening from now until {@link #stop()} */
    public static GcMonitor start() {
        GcMonitor monitor = new GcMonitor();
        for (GarbageCollectorMXBean collector : COLLECTORS) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(monitor, null, null);
                monitor.emitters.add(emitter);
            }
        }
        return monitor;
    }

    /** @return every collection since {@link #start()}, in order, waiting up to 0.5 s for those not yet reported */
    public List<GcEvent> stop() {
        long deadline = System.nanoTime() + REPORT_WAIT_MILLIS * 1_000_000;
        while (collections.size() < collectorCount() - countAtStart && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
        return List.copyOf(collections);
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        String name = info.getGcName();
        int index = IntStream.range(0, COLLECTORS.size()).filter(i -> COLLECTORS.get(i).getName().equals(name))
                .findFirst().orElse(-1);
        boolean concurrent = name.contains("Concurrent") || name.contains("Cycles");
        collections.add(new GcEvent(index, name, info.getGcInfo().getId(), info.getGcAction(), info.getGcCause(),
                info.getGcInfo().getDuration(), concurrent));
    }

    private static long collectorCount() {
        return COLLECTORS.stream().mapToLong(collector -> Math.max(0, collector.getCollectionCount())).sum();
    }
}
