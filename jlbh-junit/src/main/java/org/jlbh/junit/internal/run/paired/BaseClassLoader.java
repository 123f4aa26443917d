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
 * Loads a copy of a paired test's classes apart from the test's own, child first: the base build's (for the base's
 * copy and the control) or the change's (for its second copy). A class or resource in its folders and own jars
 * ({@link BaseClassPath#loaded()}) is loaded from there; everything else, and always the packages both sides share (the
 * JDK, JUnit, jlbh and its dependencies), from the change's class loader, the parent. Thread-safe.
 */
public final class BaseClassLoader extends URLClassLoader {
    /** Packages always loaded from the parent: the types both sides pass between them and the harness. */
    private static final List<String> SHARED = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "org.junit.",
            "org.opentest4j.", "org.apiguardian.", "org.jlbh.core.", "org.jlbh.junit.", "net.openhft.",
            "org.HdrHistogram.", "org.assertj.", "one.profiler.", "one.convert.", "one.jfr.",
            "junit.", "org.hamcrest."); // JUnit 4 and its Hamcrest, which the ConsoleLauncher's standalone jar holds

    static {
        registerAsParallelCapable();
    }

    private final BaseClassPath classPath;

    private BaseClassLoader(String name, BaseClassPath classPath, URL[] urls, ClassLoader parent) {
        super(name, urls, parent);
        this.classPath = classPath;
    }

    /**
     * @param parent the change's class loader: the test class's
     * @return a loader of the base's classes
     * @throws IllegalArgumentException when a path the base's side loads is neither a folder nor a jar
     */
    public static BaseClassLoader of(BaseClassPath classPath, ClassLoader parent) {
        return of("jlbh-paired-base", classPath, parent);
    }

    /**
     * @param name   the loader's name, as stack traces show it
     * @param parent the change's class loader: the test class's
     * @return a loader of the classes in the class path's folders and own jars, child first
     * @throws IllegalArgumentException when a path it loads is neither a folder nor a jar
     */
    public static BaseClassLoader of(String name, BaseClassPath classPath, ClassLoader parent) {
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
        return new BaseClassLoader(name, classPath, urls, parent);
    }

    /** @return the base's folders and jars, and which of them its side loads */
    public BaseClassPath classPath() {
        return classPath;
    }

    /** @return whether the binary name's class is the base's when the base's paths hold it */
    private static boolean ownedByTheBase(String name) {
        return SHARED.stream().noneMatch(name::startsWith);
    }

    /** @return whether every class of the jar is in a package the sides share (so for none); false for no jar */
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
