/**
 * A test module, as a project that runs its tests on the module path declares one: it reads jlbh-junit (and through
 * it JUnit Jupiter's API) as named modules, and opens itself to JUnit, which makes the test class, and to jlbh-junit,
 * which calls the test method once per iteration.
 */
open module com.example.pricing.latency {
    requires com.example.pricing;
    requires org.jlbh.junit;
}
