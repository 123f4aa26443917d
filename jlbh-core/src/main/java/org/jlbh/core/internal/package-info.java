/**
 * Implementation of the harness. Not part of the API: anything here may change without notice.
 */
package org.jlbh.core.internal;
