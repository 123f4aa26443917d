/**
 * The JSON files a test leaves: its result ({@link org.jlbh.junit.internal.store.ResultJson}, the only class
 * that knows the format's member names, with the evidence's members in
 * {@link org.jlbh.junit.internal.store.EvidenceJson}), its baseline history
 * ({@link org.jlbh.junit.internal.store.BaselineJson}) and a test that ended without a result
 * ({@link org.jlbh.junit.internal.report.result.EndedTest}); written and read with a small JSON writer and reader of
 * their own, so that users gain no dependency.
 */
package org.jlbh.junit.internal.store;
