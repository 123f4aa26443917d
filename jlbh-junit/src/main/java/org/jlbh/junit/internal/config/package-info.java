/**
 * The configuration parameters, read once per test run ({@link org.jlbh.junit.internal.config.Configuration}), and
 * each test's annotations, read with them and validated before it runs
 * ({@link org.jlbh.junit.internal.config.TestSettings}).
 */
package org.jlbh.junit.internal.config;
