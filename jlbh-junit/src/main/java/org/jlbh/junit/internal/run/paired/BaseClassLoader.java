package org.jlbh.junit.internal.run.paired;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Loads the base build's classes, the other side of a paired test: a class or resource found in the base's folders
 * and its own jars ({@link BaseClassPath#loaded()}) is loaded from there, before the change's (child first), so the
 * base's test class, the code it tests and the library versions only the base names are the base's; everything else
 * comes from the change's class loader, the parent: the JDK, JUnit, jlbh and its dependencies (whose types the two
 * sides must share: the annotations, a probe's {@code NanoSampler}), and every library both sides name alike.
 * Thread-safe, as {@link URLClassLoader} is.
 */
public final class BaseClassLoader extends URLClassLoader {
    /**
     * Packages always loaded from the parent, even if a base folder held a copy: the types both sides pass between
     * them and the harness, and the JDK's own.
     */
    private static final List<String> SHARED = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.junit.",
            "org.opentest4j.", "org.apiguardian.", "org.jlbh.core.", "org.jlbh.junit.", "net.openhft.",
            "org.HdrHistogram.", "org.assertj.", "one.profiler.", "one.convert.", "one.jfr.",
            "junit.", "org.hamcrest."); // JUnit 4 and its Hamcrest, which the ConsoleLauncher's standalone jar holds

    static {
        registerAsParallelCapable();
    }

    private final BaseClassPath classPath;

    private BaseClassLoader(BaseClassPath classPath, URL[] urls, ClassLoader parent) {
        super("jlbh-paired-base", urls, parent);
        this.classPath = classPath;
    }

    /**
     * @param classPath the base build's class folders and jars, and which of them its side loads
     * @param parent    the change's class loader: the test class's
     * @return a loader of the base's classes
     * @throws IllegalArgumentException when a path the base's side loads does not exist, or is neither a folder nor a
     *                                  jar
     */
    public static BaseClassLoader of(BaseClassPath classPath, ClassLoader parent) {
        List<Path> paths = classPath.loaded();
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no base folder or jar given");
        }
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            Path path = paths.get(i).toAbsolutePath().normalize();
            if (!Files.isDirectory(path) && !(Files.isRegularFile(path) && path.toString().endsWith(".jar"))) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s is %s: the base's classes are "
                        + "given as folders of compiled classes or jars", path,
                        Files.exists(path) ? "neither a folder nor a jar" : "not there"));
            }
            try {
                urls[i] = path.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("cannot read " + path + " as a URL", e);
            }
        }
        return new BaseClassLoader(classPath, urls, parent);
    }

    /** @return the base's folders and jars, and which of them its side loads */
    public BaseClassPath classPath() {
        return classPath;
    }

    /**
     * @param name a binary class name
     * @return whether the class is loaded from the base's folders and jars when they hold it (its package is not
     *         one the two sides share)
     */
    static boolean ownedByTheBase(String name) {
        return SHARED.stream().noneMatch(name::startsWith);
    }

    /**
     * @param jar a jar
     * @return whether every class it holds is in a package the two sides share (none loads from the base), true for a
     *         jar of no classes; false for a file that cannot be read as a jar
     */
    static boolean sharesEveryClassOf(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(ZipEntry::getName)
                    .filter(entry -> entry.endsWith(".class") && !entry.startsWith("META-INF/")
                            && !entry.endsWith("module-info.class"))
                    .noneMatch(entry -> ownedByTheBase(entry.substring(0, entry.length() - ".class".length())
                            .replace('/', '.')));
        } catch (IOException notAJar) {
            return false;
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!ownedByTheBase(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                try {
                    loaded = findClass(name);
                } catch (ClassNotFoundException notInTheBase) {
                    loaded = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>();
        findResources(name).asIterator().forEachRemaining(all::add);
        getParent().getResources(name).asIterator().forEachRemaining(all::add);
        return java.util.Collections.enumeration(all);
    }

    /** Closes the base's jars; a class loaded already stays usable. */
    @Override
    public void close() {
        try {
            super.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
