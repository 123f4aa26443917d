package com.example;

class TradesLatencyTest extends HashLatencyTest {
}
