package com.example;

class FillsLatencyTest extends HashLatencyTest {
}
