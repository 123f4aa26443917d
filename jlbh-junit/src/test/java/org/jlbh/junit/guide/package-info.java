/**
 * The guide's Java examples ({@code docs/*.md}), compiled with the tests so that a snippet the guide shows is code
 * that builds: {@code DocsSnippetsTest} fails when a {@code java} block of the README or the guide is in no compiled
 * source. The classes are named so that Surefire does not run them: they show how, the samples and the tests measure.
 */
package org.jlbh.junit.guide;
