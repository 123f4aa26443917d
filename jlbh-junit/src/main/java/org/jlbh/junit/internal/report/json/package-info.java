/**
 * The JSON files a test leaves: its result ({@link org.jlbh.junit.internal.report.json.ResultJson}, the only class
 * that knows the format's member names, with the evidence's members in
 * {@link org.jlbh.junit.internal.report.json.EvidenceJson}), its baseline history
 * ({@link org.jlbh.junit.internal.report.json.BaselineJson}) and a test that ended without a result
 * ({@link org.jlbh.junit.internal.report.json.EndedTest}); written and read with a small JSON writer and reader of
 * their own, so that users gain no dependency.
 */
package org.jlbh.junit.internal.report.json;
