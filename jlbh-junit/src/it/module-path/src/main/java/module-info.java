/** The code under test: a module of its own, as a modular project's is. */
module com.example.pricing {
    exports com.example.pricing;
}
