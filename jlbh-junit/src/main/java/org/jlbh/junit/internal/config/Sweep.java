package org.jlbh.junit.internal.config;

import org.jlbh.junit.LatencyTemplate;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rates of a throughput sweep and its capacity budget. Immutable.
 *
 * @param rates              iterations per second, strictly ascending, at least one
 * @param requiredThroughput the rate up to which every rate must meet the latency budgets; 0 for every rate
 */
public record Sweep(List<Integer> rates, int requiredThroughput) {

    /** The most rates in one sweep: each is a full measurement. */
    public static final int MAX_RATES = 100;

    public Sweep {
        rates = List.copyOf(rates);
    }

    /**
     * @return the template's sweep; empty when it declares none
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException when it is wrong
     */
    public static Optional<Sweep> of(Method method, LatencyTemplate template) {
        String where = ConfigurationError.where(method);
        if (!declared(template)) {
            if (template.requiredThroughput() != 0) {
                throw ConfigurationError.of(where, "requiredThroughput", template.requiredThroughput(),
                        "be 0 without a sweep: a capacity budget needs rates to sweep (rates = {...})");
            }
            return Optional.empty();
        }
        boolean listed = template.rates().length > 0;
        if (listed && spaced(template)) {
            throw ConfigurationError.of(where, "rates", Arrays.toString(template.rates()), "be empty when ratesFrom, "
                    + "ratesTo and rateSteps are set: a sweep's rates are listed or spaced evenly, not both");
        }
        if (template.throughput() != 0) {
            throw ConfigurationError.of(where, "throughput", template.throughput(), "be 0 in a sweep, which runs at "
                    + "its own rates: move the rate into rates = {...}");
        }
        List<Integer> rates = listed ? listed(where, template.rates()) : spaced(where, template);
        int required = template.requiredThroughput();
        if (required != 0 && !rates.contains(required)) {
            throw ConfigurationError.of(where, "requiredThroughput", required, "be one of the sweep's rates " + rates
                    + ", so that the rate the budget requires is measured: add it to the rates");
        }
        return Optional.of(new Sweep(rates, required));
    }

    /** @return whether the template declares a sweep, valid or not */
    public static boolean declared(LatencyTemplate template) {
        return template.rates().length > 0 || spaced(template);
    }

    private static boolean spaced(LatencyTemplate template) {
        return template.ratesFrom() != 0 || template.ratesTo() != 0 || template.rateSteps() != 0;
    }

    /** @return the rate of the template's invocation at a 1-based index */
    public int rate(int invocation) {
        return rates.get(invocation - 1);
    }

    /** @return whether the rate's latency budgets fail the test when they break: it is at most the required rate */
    public boolean enforced(int rate) {
        return requiredThroughput == 0 || rate <= requiredThroughput;
    }

    /** @return whether the rate is the sweep's last */
    public boolean last(int rate) {
        return rates.get(rates.size() - 1) == rate;
    }

    /** @return how an invocation at the rate is named, e.g. {@code [20,000/s]} */
    public static String label(int rate) {
        return String.format(Locale.ROOT, "[%,d/s]", rate);
    }

    private static List<Integer> listed(String where, int[] rates) {
        if (rates.length > MAX_RATES) {
            throw ConfigurationError.of(where, "rates", Arrays.toString(rates),
                    String.format(Locale.ROOT, "hold at most %d rates, each a full measurement", MAX_RATES));
        }
        for (int i = 0; i < rates.length; i++) {
            if (rates[i] <= 0 || i > 0 && rates[i] <= rates[i - 1]) {
                throw ConfigurationError.of(where, "rates", Arrays.toString(rates), "be positive and strictly "
                        + "ascending, e.g. rates = {5_000, 10_000, 20_000}: the knee is the highest rate up to which "
                        + "every rate met the budgets");
            }
        }
        return Arrays.stream(rates).boxed().toList();
    }

    private static List<Integer> spaced(String where, LatencyTemplate template) {
        int from = template.ratesFrom();
        int to = template.ratesTo();
        int steps = template.rateSteps();
        if (from <= 0) {
            throw ConfigurationError.of(where, "ratesFrom", from, "be positive, the lowest rate of the sweep");
        }
        if (to <= from) {
            throw ConfigurationError.of(where, "ratesTo", to, "be above ratesFrom (" + from + "), the highest rate");
        }
        if (steps < 2 || steps > MAX_RATES) {
            throw ConfigurationError.of(where, "rateSteps", steps, String.format(Locale.ROOT, "be from 2 to %d: how "
                    + "many evenly spaced rates, both ends included", MAX_RATES));
        }
        int[] rates = new int[steps];
        for (int i = 0; i < steps; i++) {
            rates[i] = (int) Math.round(from + (double) (to - from) * i / (steps - 1));
        }
        return listed(where, rates);
    }
}
