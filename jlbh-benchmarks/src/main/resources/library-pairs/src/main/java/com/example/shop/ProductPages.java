package com.example.shop;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/** Reads the product snippets suppliers send as HTML fragments, with jsoup. Thread-safe. */
public final class ProductPages {

    /** @return the fragment's visible text, its markup stripped and its white space normalised */
    public String text(String fragment) {
        Document page = Jsoup.parseBodyFragment(fragment);
        return page.body().text();
    }
}
