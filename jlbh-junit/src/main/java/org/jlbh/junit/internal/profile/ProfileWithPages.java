package org.jlbh.junit.internal.profile;

import java.util.List;
import java.util.Optional;

/**
 * A profile with its flame graph pages, not yet written ({@link CodeProfile#withFilesWritten}). A page is a file's name
 * in the report folder and its bytes, not copied; without them none is drawn, and an older file of that name is stale.
 *
 * @param profile the profile, naming every page's file until those written are known
 * @param pages   its pages, none where no profile was taken
 */
public record ProfileWithPages<C extends Comparison>(CodeProfile<C> profile, List<Page> pages) {

    public record Page(String file, Optional<byte[]> html) {
    }
}
