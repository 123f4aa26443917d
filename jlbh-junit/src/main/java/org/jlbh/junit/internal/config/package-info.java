/**
 * Configuration of latency tests: the configuration parameters, read once per test run
 * ({@link org.jlbh.junit.internal.config.Configuration}), and each test's annotations combined with them and
 * validated before anything runs ({@link org.jlbh.junit.internal.config.TestSettings},
 * {@link org.jlbh.junit.internal.config.Budget}).
 */
package org.jlbh.junit.internal.config;
