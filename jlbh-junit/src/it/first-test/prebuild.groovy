// The README's pom is this project's: written over pom.xml before the build, so that what a user copies is built
def readme = new File(docs, '../README.md').getText('UTF-8')
def block = (readme =~ /(?s)<!-- run by jlbh-junit\/src\/it\/first-test -->\n```xml\n(.*?)```/)
assert block.find() : 'README.md has no pom run by this IT'
def pom = block.group(1)
assert pom.contains("<version>${jlbhVersion}</version>") : "the README's pom names jlbh-junit ${jlbhVersion}, this build's"
assert pom.contains("<version>${junitVersion}</version>") : "the README's pom names JUnit ${junitVersion}, this build's"
new File(basedir, 'pom.xml').text = pom
return true
