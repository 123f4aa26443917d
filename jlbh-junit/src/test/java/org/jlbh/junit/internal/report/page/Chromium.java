package org.jlbh.junit.internal.report.page;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Headless Chromium for the suite page's browser tests: renders a page in a folder of its own, as a screenshot or as
 * its DOM, and reads the screenshot's pixels. Needs Chromium on the PATH ({@code apt-get install chromium}); without
 * it a test fails rather than skips. Not thread-safe per folder.
 */
final class Chromium {

    private static final long TIMEOUT_SECONDS = 60;
    private static final int COLOUR_TOLERANCE = 12;
    private static final String[] BROWSERS = {"chromium", "chromium-browser", "google-chrome"};

    private final Path dir;
    private final Path page;

    /**
     * @param dir  the folder of the page, its screenshot ({@code index.png}), DOM ({@code dom.html}) and Chromium's log
     * @param page the page
     */
    Chromium(Path dir, Path page) {
        this.dir = dir;
        this.page = page;
    }

    Path screenshot() {
        return dir.resolve("index.png");
    }

    Path dom() {
        return dir.resolve("dom.html");
    }

    Path log() {
        return dir.resolve("chromium.log");
    }

    /** Deletes what an earlier run left. */
    void clean() throws IOException {
        Files.deleteIfExists(screenshot());
        Files.deleteIfExists(dom());
        Files.deleteIfExists(log());
    }

    /** @return the page's screenshot at the given size, having checked its size */
    BufferedImage screenshot(int width, int height) throws IOException, InterruptedException {
        run("--screenshot=" + screenshot(), "--window-size=" + width + "," + height);
        assertThat(screenshot()).as("screenshot; see %s", log()).exists();
        BufferedImage image = ImageIO.read(screenshot().toFile());
        assertThat(image.getWidth()).isEqualTo(width);
        assertThat(image.getHeight()).isEqualTo(height);
        return image;
    }

    /** @return the page's DOM as Chromium parsed it */
    String dumpDom() throws IOException, InterruptedException {
        run("--dump-dom");
        return Files.readString(dom(), StandardCharsets.UTF_8);
    }

    /** @return the page's DOM as Chromium laid it out in a window of the given size, after its scripts ran */
    String dumpDom(int width, int height) throws IOException, InterruptedException {
        run("--dump-dom", "--window-size=" + width + "," + height);
        return Files.readString(dom(), StandardCharsets.UTF_8);
    }

    private void run(String... arguments) throws IOException, InterruptedException {
        Path browser = findBrowser().orElseGet(() -> fail("No Chromium on the PATH (looked for chromium, "
                + "chromium-browser and google-chrome). Install it: apt-get install chromium"));
        Path home = Files.createDirectories(dir.resolve("home"));
        List<String> command = new ArrayList<>(List.of(browser.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--hide-scrollbars", "--disable-dev-shm-usage", "--no-first-run",
                "--force-device-scale-factor=1", "--user-data-dir=" + dir.resolve("profile")));
        command.addAll(List.of(arguments));
        command.add(page.toUri().toString());

        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log().toFile()))
                .redirectOutput(List.of(arguments).contains("--dump-dom") ? ProcessBuilder.Redirect.to(dom().toFile())
                        : ProcessBuilder.Redirect.appendTo(log().toFile()));
        builder.environment().put("HOME", home.toString());
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail("Chromium did not finish within %d s: %s; see %s", TIMEOUT_SECONDS, command, log());
        }
        assertThat(process.exitValue()).as("Chromium's exit code; see %s", log()).isZero();
    }

    private static Optional<Path> findBrowser() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String name : BROWSERS) {
            Optional<Path> found = Stream.of(path.split(File.pathSeparator))
                    .filter(folder -> !folder.isEmpty())
                    .map(folder -> Path.of(folder, name))
                    .filter(Files::isExecutable)
                    .findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    // ---- pixels ------------------------------------------------------------------------------------------------

    /** Pixels within {@link #COLOUR_TOLERANCE} per channel of {@code #rrggbb} (anti-aliasing shifts edges a little). */
    static int pixelsOf(BufferedImage image, String hexColour) {
        int rgb = Integer.parseInt(hexColour.substring(1), 16);
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (close(image.getRGB(x, y), rgb)) {
                    count++;
                }
            }
        }
        return count;
    }

    /** @return {@code #rrggbb} drawn at {@code opacity} over white */
    static String blended(String hexColour, double opacity) {
        int rgb = Integer.parseInt(hexColour.substring(1), 16);
        int result = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int channel = (int) Math.round(((rgb >> shift) & 0xff) * opacity + 255 * (1 - opacity));
            result |= channel << shift;
        }
        return String.format("#%06x", result);
    }

    private static boolean close(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > COLOUR_TOLERANCE) {
                return false;
            }
        }
        return true;
    }

    static int occurrences(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            count++;
        }
        return count;
    }
}
