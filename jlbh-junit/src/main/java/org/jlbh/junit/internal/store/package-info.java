/**
 * The store room: the report folder ({@link org.jlbh.junit.internal.store.ReportFolder}: its layout, its lock, what a
 * run writes there and every test read back) and the baseline history (its typed read, append and retention), with
 * their JSON formats, written and read by a small JSON writer and reader of their own, so that users gain no
 * dependency. Nothing else in the engine reads or writes those files; a test reaches them through
 * {@link org.jlbh.junit.internal.store.TestStore}.
 */
package org.jlbh.junit.internal.store;
