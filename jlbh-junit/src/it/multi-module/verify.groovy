// Runs docs/ci.md's multi-module recipe as the page gives it, in bash, on two copies of the consumer's reactor in
// project/: the base's (work/base, where the page's worktree would be) and the pull request's (work/change), in which
// pricing's price takes 22 µs of work instead of 20. quotes' latency test, which prices with it, fails on the paired
// regression; pricing's own test, of code the pull request left alone, passes paired; both go to one suite page.
import java.nio.file.Files
import java.util.concurrent.TimeUnit

def page = new File(docs, 'ci.md').getText('UTF-8')
def block = page =~ /(?s)<!-- run by jlbh-junit\/src\/it\/multi-module -->\n```shell\n(.*?)```/
assert block.find() : 'docs/ci.md gives the multi-module recipe'
def recipe = block.group(1)

def work = new File(basedir, 'work')
work.deleteDir()
def project = new File(basedir, 'project')
def base = new File(work, 'base')
def change = new File(work, 'change')
[base, change].each { copy ->
    Files.walk(project.toPath()).each { path ->
        def target = copy.toPath().resolve(project.toPath().relativize(path).toString())
        if (Files.isDirectory(path)) {
            Files.createDirectories(target)
        } else {
            Files.copy(path, target)
        }
    }
    def pom = new File(copy, 'pom.xml')
    pom.text = pom.text.replace('JLBH_VERSION', jlbhVersion).replace('JUNIT_VERSION', junitVersion)
}
def pricing = new File(change, 'pricing/src/main/java/com/example/pricing/Pricing.java')
assert pricing.text.contains('PRICE_NANOS = 20_000')
pricing.text = pricing.text.replace('PRICE_NANOS = 20_000', 'PRICE_NANOS = 22_000')

def log = new File(basedir, 'recipe.log')
def process = new ProcessBuilder('bash', '-eo', 'pipefail', '-c', recipe).directory(change).redirectErrorStream(true)
process.environment().putAll([
        JAVA_HOME : System.getProperty('java.home'),
        PATH      : new File(System.getProperty('maven.home'), 'bin').path + File.pathSeparator + System.getenv('PATH'),
        MAVEN_OPTS: "-Dmaven.repo.local=${localRepositoryPath}".toString(),
])
def started = process.start()
log.text = started.inputStream.getText('UTF-8')
assert started.waitFor(20, TimeUnit.MINUTES)
def output = log.text
assert started.exitValue() != 0 : 'the pull request fails its latency step'

// every module's base entries found, absolute, each folder and jar once: the two modules' class-path files list the
// same 14 jars (jlbh's and JUnit's, always the change's) and quotes' lists pricing's classes too; quotes has no main
// code, so no target/classes in the base nor in the change: absent on both sides, said so
def absolute = { File root, String path -> new File(root, path).toPath().toAbsolutePath().normalize() }
def baseFolders = ['pricing/target/test-classes', 'pricing/target/classes', 'quotes/target/test-classes']
        .collect { absolute(base, it) } + ["${absolute(base, 'quotes/target/classes')} (absent on both sides, like the change's ${absolute(change, 'quotes/target/classes')})"]
def header = "=== Change against the base ${baseFolders} and 14 jars (0 shared with the change, 0 the base's own, 14 always the change's)"
assert output.count(header) == 2 : 'both modules paired with the base'
assert output.count('=== Dependencies: the same on both sides') == 2
// pricing's spread, which the pull request left alone, passes; quotes' quote, which prices, regresses 10% at p50
assert output =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: [\d.]+ s -- in com\.example\.pricing\.SpreadLatencyTest/
assert output =~ /end to end p50 on the code's own account, \d+ pairs: base 2\d\.\d{3} .s, change 2\d\.\d{3} .s in the median pair, \+\d+\.\d% \(interval \+\d+\.\d\.\.\+\d+\.\d% between either copy of each side; copy to copy: base [+-]\d+\.\d%, change [+-]\d+\.\d%\), tolerance \+5%, detectable \+\d+%: REGRESSION/
assert output =~ /Tests run: 1, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: [\d.]+ s <<< FAILURE! -- in com\.example\.quotes\.QuoteLatencyTest/
assert output =~ /=== Where the change spent more time than its base: both measured again after the verdict, in turns, [0-9.]+ s, async-profiler/
assert output.contains('BUILD FAILURE')

// one report folder at the root, one suite page of both modules' tests
def reports = new File(change, 'target/jlbh-reports')
def quote = new File(reports, 'com.example.quotes.QuoteLatencyTest.quote.json')
assert quote.isFile() && quote.text.contains('"paired": {') && quote.text.contains('"decision": "REGRESSION"')
assert new File(reports, 'com.example.pricing.SpreadLatencyTest.spread.json').isFile()
assert new File(reports, 'com.example.quotes.QuoteLatencyTest.quote.change-vs-base.html').isFile()
assert output =~ /=== jlbh report: \/.*\/work\/change\/target\/jlbh-reports\/index\.html \(2 tests in /
assert !new File(change, 'pricing/target/jlbh-reports').exists() && !new File(change, 'quotes/target/jlbh-reports').exists()
def suite = new File(reports, 'index.html').getText('UTF-8')
assert suite.contains('SpreadLatencyTest') && suite.contains('QuoteLatencyTest')
return true
