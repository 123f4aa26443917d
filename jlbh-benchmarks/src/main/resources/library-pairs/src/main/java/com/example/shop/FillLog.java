package com.example.shop;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.util.Unbox;

/**
 * The shop's log of fills, through Log4j 2 in its garbage-free style: one parameterised message per fill, its numbers
 * boxed into Log4j's reusable thread-local boxes. Where the lines go is the logging configuration's. Thread-safe.
 */
public final class FillLog {
    private static final Logger LOG = LogManager.getLogger(FillLog.class);

    /** Logs that the order was filled, at INFO. */
    public void filled(Order order) {
        LOG.info("Filled order {}: {} {} {} at {}", Unbox.box(order.id()), order.side(), Unbox.box(order.quantity()),
                order.symbol(), Unbox.box(order.priceTicks()));
    }
}
