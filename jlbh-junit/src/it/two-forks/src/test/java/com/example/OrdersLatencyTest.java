package com.example;

class OrdersLatencyTest extends HashLatencyTest {
}
