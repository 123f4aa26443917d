package com.example;

class QuotesLatencyTest extends HashLatencyTest {
}
