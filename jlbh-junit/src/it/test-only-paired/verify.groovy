// Runs docs/ci.md's single-module pull-request steps as the page gives them, in bash, on the consumer in project/,
// which holds only tests: its base is built by the page's base step in a worktree at ../base, then its latency step
// names the base's target/classes, which neither side has. That folder, absent on both sides alike, is no error: the
// test is paired with the base, the build passes, and the comparison's header says the folder was absent on both.
import java.nio.file.Files
import java.util.concurrent.TimeUnit

def page = new File(docs, 'ci.md').getText('UTF-8')
def workflow = page =~ /(?s)<!-- run by jlbh-junit\/src\/it\/ci-recipes -->\n```yaml\n(name: Latency \(pull request\)\n.*?)```/
assert workflow.find() : "docs/ci.md gives the pull request's workflow"
def pullRequest = workflow.group(1)
assert pullRequest =~ /uses: actions\/checkout@v4\n\s+with:\n\s+fetch-depth: 0/ : 'the checkout stood in for below'

/** @return the script of the workflow's step of that name: the lines under its {@code run: |}, unindented */
def runOf = { String name ->
    def lines = pullRequest.readLines()
    int at = lines.findIndexOf { it.trim() == "- name: ${name}".toString() }
    assert at >= 0 && lines[at + 1].trim() == 'run: |' : "docs/ci.md's pull request runs '${name}'"
    def indent = ' ' * (lines[at + 1].indexOf('run:') + 2)
    lines.drop(at + 2).takeWhile { it.startsWith(indent) }.collect { it.substring(indent.length()) }.join('\n')
}
def buildTheBase = runOf('Build the base, and write its test class path')
def latency = runOf('Latency tests, paired with the base')
assert latency.contains('-Djlbh.paired.base=../base/target/test-classes:../base/target/classes:')

def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def log = new File(basedir, 'recipe.log')
log.text = ''
/** @return the exit code of bash -eo pipefail -c script, run as a GitHub Actions step is, its output appended to the log */
def bash = { File dir, String script ->
    log << "\n===== ${script}\n"
    def process = new ProcessBuilder('bash', '-eo', 'pipefail', '-c', script).directory(dir).redirectErrorStream(true)
    process.environment().putAll([
            JAVA_HOME      : System.getProperty('java.home'),
            PATH           : new File(System.getProperty('maven.home'), 'bin').path + File.pathSeparator
                    + System.getenv('PATH'),
            MAVEN_OPTS     : "-Dmaven.repo.local=${localRepositoryPath}".toString(),
            GITHUB_BASE_REF: 'main',
    ])
    def started = process.start()
    started.inputStream.eachLine('UTF-8') { log << it << '\n' }
    assert started.waitFor(20, TimeUnit.MINUTES)
    log << "----- exit ${started.exitValue()}\n"
    started.exitValue()
}
def git = { File dir, String command -> assert bash(dir, 'git -c user.name=ci -c user.email=ci@example.com ' + command) == 0 }

// the consumer's repository: main, and a pull request that changes no code (so the same code on both sides)
def dev = new File(work, 'dev')
def project = new File(basedir, 'project')
Files.walk(project.toPath()).each { path ->
    def target = dev.toPath().resolve(project.toPath().relativize(path).toString())
    Files.isDirectory(path) ? Files.createDirectories(target) : Files.copy(path, target)
}
def pom = new File(dev, 'pom.xml')
pom.text = pom.text.replace('JLBH_VERSION', jlbhVersion).replace('JUNIT_VERSION', junitVersion)
new File(dev, 'README.md').text = 'Latency tests of the text library we use.\n'
git(work, 'init -q --bare -b main origin.git')
git(dev, 'init -q -b main')
git(dev, 'add -A')
git(dev, "commit -q -m 'Latency tests'")
git(dev, "remote add origin ${new File(work, 'origin.git').absolutePath}")
git(dev, 'push -q origin main')
git(dev, 'checkout -q -b readme')
new File(dev, 'README.md') << 'Run them with -Dgroups=latency.\n'
git(dev, "commit -q -am 'README'")
git(dev, 'push -q origin readme')

// actions/checkout with fetch-depth 0: a clone of the pull request, every branch fetched; then the page's two steps
def workspace = new File(work, 'job/workspace')
git(work, "clone -q origin.git ${work.toPath().relativize(workspace.toPath())}")
git(workspace, 'checkout -q readme')
assert bash(workspace, buildTheBase) == 0 : 'the base step passes'
def base = new File(workspace, '../base').canonicalFile
assert new File(base, 'target/test-classes').isDirectory() && !new File(base, 'target/classes').exists() : 'a test-only base has no target/classes'
int latencyExit = bash(workspace, latency)
def output = log.text.split(/\n===== /).last()
assert latencyExit == 0 : 'the latency step passes: ' + output.readLines().findAll { it.contains('Configuration error') }.take(1)
assert !new File(workspace, 'target/classes').exists() : 'nor has the change'

// paired with the base, the base's target/classes said to be absent on both sides
def changeClasses = new File(workspace, 'target/classes').absolutePath
assert output.contains("=== Change against the base [../base/target/test-classes, ../base/target/classes (absent on both sides, like the change's ${changeClasses})] and ")
assert output.contains('=== Dependencies: the same on both sides')
assert output =~ /end to end p50 [^,]*, 16 pairs: base [\d.]+ .s, change [\d.]+ .s in the median pair, [+-][\d.]+% \(interval /
assert output =~ /Tests run: 1, Failures: 0, Errors: 0, Skipped: \d, Time elapsed: [\d.]+ s -- in com\.example\.latency\.PadLatencyTest/
assert output.contains('BUILD SUCCESS')
def result = new groovy.json.JsonSlurper().parse(new File(workspace, 'target/jlbh-reports/com.example.latency.PadLatencyTest.pad.json'))
assert result.paired.pairs == 16 && result.paired.rows.any { it.probe == 'end to end' && it.percentile == '50' }
return true
