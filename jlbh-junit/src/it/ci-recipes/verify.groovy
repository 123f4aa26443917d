// Runs the workflows of docs/ci.md as the page gives them, step by step, on the consumer project in orders/: a git
// repository whose main has commons-lang3 3.14.0, a pull request "upgrade" to 3.17.0 and a pull request "docs" that
// changes no dependency. Each `run:` step runs in bash as GitHub Actions would run it (a failed step skips the steps
// after it but those `if: always()`); each `uses:` step is one of the few actions this script stands in for, and any
// other is an error: the page may give no step this test does not run.
import java.nio.file.Files
import java.util.concurrent.TimeUnit

def page = new File(docs, 'ci.md').getText('UTF-8')
def blocks = (page =~ /(?s)<!-- run by jlbh-junit\/src\/it\/ci-recipes -->\n```(\w+)\n(.*?)```/).collect { [it[1], it[2]] }
assert blocks*.get(0) == ['yaml', 'yaml', 'yaml', 'groovy'] : 'docs/ci.md: two workflows, GitLab, Jenkins'
def (pullRequest, push, gitlab, jenkins) = blocks*.get(1)

def work = new File(basedir, 'work')
work.deleteDir()
work.mkdirs()
def log = new File(basedir, 'workflows.log')
log.text = ''
def mavenBin = new File(System.getProperty('maven.home'), 'bin').path
def baseEnvironment = [
        JAVA_HOME : System.getProperty('java.home'),
        PATH      : mavenBin + File.pathSeparator + System.getenv('PATH'),
        MAVEN_OPTS: "-Dmaven.repo.local=${localRepositoryPath}".toString(),
        HOME      : System.getProperty('user.home'),
        CI        : 'true',
]

/** @return the exit code of bash -eo pipefail -c script, its output appended to the log */
def bash = { File dir, Map env, String script, String title ->
    log << "\n===== ${title} (in ${dir})\n${script}\n-----\n"
    def process = new ProcessBuilder('bash', '-eo', 'pipefail', '-c', script).directory(dir).redirectErrorStream(true)
    process.environment().putAll(baseEnvironment + env)
    long start = System.nanoTime()
    def started = process.start()
    started.inputStream.eachLine('UTF-8') { log << it << '\n' }
    assert started.waitFor(20, TimeUnit.MINUTES)
    log << String.format(Locale.ROOT, "----- exit %d after %.1f s%n", started.exitValue(), (System.nanoTime() - start) / 1e9)
    started.exitValue()
}
def git = { File dir, String command -> assert bash(dir, [:], 'git ' + command, 'git ' + command) == 0 }
/** Copies a folder's files into another, made where missing. */
def copyFolder = { File from, File to ->
    Files.walk(from.toPath()).each { path ->
        def target = to.toPath().resolve(from.toPath().relativize(path).toString())
        if (Files.isDirectory(path)) {
            Files.createDirectories(target)
        } else {
            Files.copy(path, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING)
        }
    }
}

// ---------------------------------------------------------------- the consumer's repository
def project = new File(basedir, 'orders')
def origin = new File(work, 'origin.git')
def dev = new File(work, 'dev')
git(work, "init -q --bare -b main ${origin.name}")
copyFolder(project, dev)
def pom = new File(dev, 'pom.xml')
pom.text = pom.text.replace('JLBH_VERSION', jlbhVersion).replace('JUNIT_VERSION', junitVersion)
new File(dev, 'README.md').text = 'Order ids.\n'
def identity = '-c user.name=ci -c user.email=ci@example.com'
git(dev, 'init -q -b main')
git(dev, 'add -A')
git(dev, "${identity} commit -q -m 'Order ids'")
git(dev, "remote add origin ${origin.absolutePath}")
git(dev, 'push -q origin main')
git(dev, 'checkout -q -b upgrade main')
pom.text = pom.text.replace('<version>3.14.0</version>', '<version>3.17.0</version>')
git(dev, "${identity} commit -q -am 'commons-lang3 3.17.0'")
git(dev, 'push -q origin upgrade')
git(dev, 'checkout -q -b docs main')
new File(dev, 'README.md') << 'Each id is salted.\n'
git(dev, "${identity} commit -q -am 'README'")
git(dev, 'push -q origin docs')

// ---------------------------------------------------------------- a workflow, step by step
/** @return the workflow's steps, each a map of its keys (run: the script; with: a map) */
def stepsOf = { String yaml ->
    def lines = yaml.readLines()
    int at = lines.findIndexOf { it.trim() == 'steps:' }
    assert at >= 0 : 'a workflow with steps'
    int indent = lines[at + 1].indexOf('- ')
    def steps = []
    def step = null
    def block = null // the key whose indented lines follow: run | or with
    for (line in lines.drop(at + 1)) {
        if (line.trim().isEmpty()) {
            continue
        }
        int lineIndent = line.length() - line.stripLeading().length()
        if (lineIndent < indent) {
            break
        }
        def text = line.substring(Math.min(line.length(), indent + 2))
        if (lineIndent == indent && line.trim().startsWith('- ')) {
            step = [with: [:]]
            steps << step
            block = null
        } else if (block == 'run' && lineIndent > indent + 2) {
            step.run += line.substring(indent + 4) + '\n'
            continue
        } else if (block == 'with' && lineIndent > indent + 2) {
            def (key, value) = line.trim().split(/:\s*/, 2)
            step.with[key] = value
            continue
        }
        def (key, value) = text.trim().split(/:\s*/, 2) + ['']
        if (key == 'run' && value == '|') {
            step.run = ''
            block = 'run'
        } else if (key == 'with') {
            block = 'with'
        } else {
            step[key] = value
            block = null
        }
    }
    steps
}

/**
 * Runs a workflow's steps for one ref in a fresh workspace.
 *
 * @return the workspace, and each step's name and outcome
 */
def runWorkflow = { String yaml, String name, String ref, Map env, File cache ->
    def job = new File(work, name)
    def workspace = new File(job, 'workspace')
    job.mkdirs()
    def summary = new File(job, 'step-summary.md')
    def environment = env + [GITHUB_WORKSPACE: workspace.path, GITHUB_STEP_SUMMARY: summary.path,
                             GITHUB_ACTIONS  : 'true']
    boolean failed = false
    def outcomes = [:]
    long start = System.nanoTime()
    stepsOf(yaml).eachWithIndex { step, i ->
        def condition = step.if ?: 'success()'
        assert condition in ['success()', 'always()'] : "a condition this test can run: ${condition}"
        def title = step.name ?: step.uses
        if (failed && condition != 'always()') {
            outcomes[title] = 'skipped'
            return
        }
        int exit
        if (step.run != null) {
            exit = bash(workspace, environment, step.run, "${name}: ${title}")
        } else {
            exit = 0
            def action = step.uses.replaceAll(/@.*/, '')
            def with = step.with
            log << "\n===== ${name}: ${step.uses} ${with}\n"
            switch (action) {
                case 'actions/checkout':
                    // fetch-depth 0: every branch and tag, as a clone has them
                    assert with['fetch-depth'] in [null, '0']
                    git(job, "clone -q ${origin.absolutePath} ${workspace.name}")
                    git(workspace, "checkout -q ${ref}")
                    break
                case 'actions/setup-java':
                    // the JDK this build runs on stands in for the one named
                    assert with.distribution && with['java-version'] && with.cache == 'maven'
                    break
                case 'actions/upload-artifact':
                    def kept = new File(workspace, with.path)
                    assert kept.isDirectory() && kept.list().length > 0 : "nothing to keep at ${with.path}"
                    break
                case 'actions/cache/restore':
                    def prefix = with['restore-keys']
                    def newest = (cache.listFiles() ?: []).findAll { it.name.startsWith(prefix) }
                            .max { it.name.replaceAll(/\D/, '') as long }
                    if (newest) {
                        copyFolder(newest, new File(workspace, with.path))
                    }
                    break
                case 'actions/cache/save':
                    def key = with.key.replace('${{ github.run_id }}', env.GITHUB_RUN_ID)
                    copyFolder(new File(workspace, with.path), new File(cache, key))
                    break
                case 'benchmark-action/github-action-benchmark':
                    // what its jmh tool reads: benchmark, primaryMetric.score and primaryMetric.scoreUnit
                    assert with.tool == 'jmh'
                    def results = new groovy.json.JsonSlurper().parse(new File(workspace, with['output-file-path']))
                    assert results && results.every { it.benchmark && it.primaryMetric.score >= 0 && it.primaryMetric.scoreUnit }
                    break
                default:
                    assert false : "docs/ci.md uses ${step.uses}, which this test cannot run"
            }
        }
        outcomes[title] = exit == 0 ? 'success' : 'failure'
        failed |= exit != 0
    }
    [workspace: workspace, outcomes: outcomes, summary: summary, seconds: (System.nanoTime() - start) / 1e9]
}

/** @return the job's timeout-minutes, which the page says every workflow sets */
def timeoutMinutes = { String yaml ->
    def minutes = (yaml =~ /(?m)^    timeout-minutes: (\d+)$/)
    assert minutes.find() : "a workflow of docs/ci.md without its job's timeout-minutes:\n${yaml}"
    minutes.group(1) as int
}

def sections = { log.text.split(/\n===== /) }

// ---------------------------------------------------------------- the pull request that upgrades commons-lang3
def upgrade = runWorkflow(pullRequest, 'pull-request-upgrade', 'upgrade', [GITHUB_BASE_REF: 'main'], null)
assert upgrade.outcomes == ['actions/checkout@v4'                        : 'success',
                            'actions/setup-java@v4'                      : 'success',
                            'Build the base, and write its test class path': 'success',
                            'Latency tests, paired with the base'        : 'failure',
                            'Keep the report folder'                     : 'success']
def upgraded = sections().find { it.startsWith('pull-request-upgrade: Latency tests') }
assert upgraded.contains('=== Dependencies: org.apache.commons:commons-lang3 3.14.0 in the base, 3.17.0 in the change')
assert upgraded =~ /=== Change against the base \[\.\.\/base\/target\/test-classes, \.\.\/base\/target\/classes\] and \d+ jars \(\d+ shared with the change, 1 the base's own, \d+ always the change's\)/
assert upgraded =~ /end to end p50 on the code's own account, 60 pairs: base [\d.]+ .s, change [\d.]+ .s in the median pair, \+\d+\.\d% \(interval \+[\d.]+\.\.\+[\d.]+% between either copy of each side; copy to copy: base [+-]\d+\.\d%, change [+-]\d+\.\d%\), tolerance \+5%, detectable \+\d+%: REGRESSION/
// where the change spent its time: the library's method that took it (the profile's lines shown where it is not)
assert upgraded =~ /Where the change spent more time than its base, profiled .*: \+[\d.]+ .s a call in RandomUtils\./ :
        upgraded.readLines().findAll { it =~ /Where the change spent|Not profiled|^===    \d+\. |=== Change against|: REGRESSION/ }
                .join('\n')
assert upgraded.contains('BUILD FAILURE')
def upgradeReports = new File(upgrade.workspace, 'target/jlbh-reports')
assert new File(upgradeReports, 'index.html').isFile()
assert new File(upgradeReports, 'com.example.orders.OrderIdLatencyTest.stampOrder.change.html').isFile()
def summary = upgrade.summary.getText('UTF-8')
assert summary.contains('### Latency tests: ') && summary =~ /\| `OrderIdLatencyTest\.stampOrder` \| .*FAILED/

// ---------------------------------------------------------------- a pull request that changes no dependency
def same = runWorkflow(pullRequest, 'pull-request-docs', 'docs', [GITHUB_BASE_REF: 'main'], null)
assert same.outcomes.values().every { it == 'success' } : same.outcomes
def unchanged = sections().find { it.startsWith('pull-request-docs: Latency tests') }
assert unchanged.contains('=== Dependencies: the same on both sides')
assert !unchanged.contains(': REGRESSION') && unchanged.contains('BUILD SUCCESS')

// ---------------------------------------------------------------- two pushes to main
def cache = new File(work, 'actions-cache')
cache.mkdirs()
def first = runWorkflow(push, 'main-push-1', 'main', [GITHUB_RUN_ID: '1'], cache)
def second = runWorkflow(push, 'main-push-2', 'main', [GITHUB_RUN_ID: '2'], cache)
[first, second].each { assert it.outcomes.values().every { it == 'success' } : it.outcomes }
def history = new File(cache, 'jlbh-baseline-2/com.example.orders.OrderIdLatencyTest.stampOrder.json')
assert history.isFile() : 'the second push saved a history'
assert new groovy.json.JsonSlurper().parse(history).builds.size() == 2 : 'the second push added to the first'
assert new File(second.workspace, 'target/jlbh-reports/bencher.json').isFile()

// each workflow, with its one latency test, ended well within the timeout its job sets
[[upgrade, pullRequest], [same, pullRequest], [first, push], [second, push]].each { run, yaml ->
    assert run.seconds < 60 * timeoutMinutes(yaml) / 2 : "${run.seconds} s against timeout-minutes: ${timeoutMinutes(yaml)}"
}

// ---------------------------------------------------------------- GitLab, Jenkins and the guide: the same commands
def oneLine = { String command -> command.replaceAll(/\\\n\s*/, '').trim().replaceAll(/\s+/, ' ') }
def commandsRun = stepsOf(pullRequest).findAll { it.run }.collectMany { it.run.split(/\n(?!\s)/).toList() }
        .collect(oneLine).findAll { it }
def gitlabScript = gitlab.readLines().dropWhile { !it.trim().startsWith('script:') }.drop(1)
        .takeWhile { it.trim().startsWith('- ') }.collect { it.trim().substring(2) }
def jenkinsScript = jenkins.readLines().findAll { it.trim().startsWith("sh '") }
        .collect { it.trim().replaceAll(/^sh '|'$/, '') }
// and the paired mode's own recipe, in docs/regression-gates.md
def gates = new File(docs, 'regression-gates.md').getText('UTF-8')
def shell = (gates =~ /(?s)<!-- run by jlbh-junit\/src\/it\/ci-recipes -->\n```shell\n(.*?)```/)
assert shell.find() : 'docs/regression-gates.md gives the paired recipe'
def gatesScript = shell.group(1).readLines().findAll { it.trim() }
assert gitlabScript.size() == 4 && jenkinsScript.size() == 3 && gatesScript.size() == 3
[[gitlabScript, 'CI_MERGE_REQUEST_TARGET_BRANCH_NAME'], [jenkinsScript, 'CHANGE_TARGET'],
 [gatesScript, 'regression-gates']].each { script, variable ->
    // the Maven commands are those the pull request's workflow ran above
    script.findAll { it.startsWith('mvn ') }.each { assert it in commandsRun : "${it} is not run by this test" }
    assert script.count { it.startsWith('mvn ') } == 2
    // the git commands bring the base beside a fresh clone of the pull request
    def clone = new File(work, "${variable}/workspace")
    clone.parentFile.mkdirs()
    git(clone.parentFile, "clone -q ${origin.absolutePath} workspace")
    git(clone, 'checkout -q upgrade')
    script.findAll { it.startsWith('git ') }.each {
        assert bash(clone, [(variable): 'main'], it, "${variable}: ${it}") == 0
    }
    def base = new File(clone.parentFile, 'base')
    assert new File(base, 'pom.xml').text.contains('<version>3.14.0</version>') : 'the base is main'
}
return true
