/** Implementation of the latency test extension. Not part of the API: anything here may change without notice. */
package org.jlbh.junit.internal;
