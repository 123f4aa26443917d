def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 1') : 'Surefire ran the breaching test'
assert log =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: .* in com\.example\.CheckoutLatencyIT/
def page = new File(basedir, 'target/jlbh-reports/index.html')
assert page.isFile()
def html = page.getText('UTF-8')
// every JVM's test is on the one page, the failure first
assert html.contains('3 tests: 1 FAILED, 2 PASSED') : 'the page lists the three tests of three JVMs'
def slow = html.indexOf('>SlowLatencyTest.tooSlow<')
def fast = html.indexOf('>FastLatencyTest.quick<')
def checkout = html.indexOf('>CheckoutLatencyIT.checkout<')
assert slow > 0 && fast > 0 && checkout > 0
assert slow < fast && slow < checkout : 'failures first'
// and a browser renders it: headless Chromium parses the page into one table row and one section per test
def browser = ['chromium', 'chromium-browser', 'google-chrome'].collect { name ->
    System.getenv('PATH').split(File.pathSeparator).collect { new File(it, name) }.find { it.canExecute() }
}.find { it != null }
assert browser != null : 'No Chromium on the PATH: apt-get install chromium'
def profile = new File(basedir, 'target/chromium-profile')
def process = [browser.path, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
               '--disable-background-networking', "--user-data-dir=${profile}", '--dump-dom',
               page.toURI().toString()].execute()
def dom = new StringBuilder()
process.consumeProcessOutput(dom, new StringBuilder())
assert process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) : 'Chromium did not finish within 60 s'
assert (dom =~ /<section id="test-\d">/).size() == 3 : 'one section per test in the rendered page'
assert dom.toString().contains('SlowLatencyTest.tooSlow') && dom.toString().contains('CheckoutLatencyIT.checkout')
return true
