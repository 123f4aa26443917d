package org.jlbh.junit.internal.run.paired;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The artifact a jar is a version of: from its {@code META-INF/maven/.../pom.properties}, else its place in Gradle's
 * cache ({@code group/name/version/hash/file}), else its file name ({@code name-version.jar}, no group). Immutable.
 *
 * @param group   the group, e.g. {@code org.apache.commons}; empty when the jar does not say
 * @param name    the artifact's name, e.g. {@code commons-lang3}
 * @param version its version, e.g. {@code 3.17.0}
 */
record JarArtifact(String group, String name, String version) {
    private static final Pattern NAME_AND_VERSION = Pattern.compile("(.+?)-(\\d[^-]*(?:-.*)?)\\.jar");
    private static final Pattern POM_PROPERTIES = Pattern.compile("META-INF/maven/[^/]+/[^/]+/pom\\.properties");

    /** @return what the jar is a version of, when its metadata, place or name says */
    static Optional<JarArtifact> of(Path jar) {
        String file = jar.getFileName().toString();
        List<JarArtifact> declared = declared(jar);
        if (declared.size() == 1) {
            return Optional.of(declared.get(0));
        }
        // a jar that bundles others' metadata: the one its file is named after
        return declared.stream().filter(artifact -> file.startsWith(artifact.name() + "-" + artifact.version()))
                .findFirst().or(() -> inGradlesCache(jar, file)).or(() -> {
                    Matcher nameAndVersion = NAME_AND_VERSION.matcher(file);
                    return nameAndVersion.matches()
                            ? Optional.of(new JarArtifact("", nameAndVersion.group(1), nameAndVersion.group(2)))
                            : Optional.empty();
                });
    }

    /** @return {@code group:name}, or the name alone when the group is not known */
    String key() {
        return group.isEmpty() ? name : group + ":" + name;
    }

    private static List<JarArtifact> declared(Path jar) {
        List<JarArtifact> declared = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                if (POM_PROPERTIES.matcher(entry.getName()).matches()) {
                    Properties properties = new Properties();
                    try (InputStream in = zip.getInputStream(entry)) {
                        properties.load(in);
                    }
                    String group = properties.getProperty("groupId");
                    String name = properties.getProperty("artifactId");
                    String version = properties.getProperty("version");
                    if (group != null && name != null && version != null) {
                        declared.add(new JarArtifact(group.trim(), name.trim(), version.trim()));
                    }
                }
            }
        } catch (IOException notAZip) {
            // told by its place or name instead
        }
        return declared;
    }

    /** @return the artifact of a jar in Gradle's cache: {@code .../group/name/version/hash/name-version.jar} */
    private static Optional<JarArtifact> inGradlesCache(Path jar, String file) {
        Path hash = jar.getParent();
        Path version = hash == null ? null : hash.getParent();
        Path name = version == null ? null : version.getParent();
        Path group = name == null ? null : name.getParent();
        if (group == null || !file.startsWith(name.getFileName() + "-" + version.getFileName())) {
            return Optional.empty();
        }
        return Optional.of(new JarArtifact(group.getFileName().toString(), name.getFileName().toString(),
                version.getFileName().toString()));
    }
}
