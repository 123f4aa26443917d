// Pastes the quick profile, as docs/configuration.md gives it, into this consumer's pom: the page is what is tested
def page = new File(docs, 'configuration.md').getText('UTF-8')
def block = (page =~ /(?s)<!-- run by jlbh-junit\/src\/it\/quick-profile -->\n```xml\n(.*?)```/)
assert block.find() : 'docs/configuration.md has no xml block run by this IT'
def pom = new File(basedir, 'pom.xml')
def marker = '<!-- the profile of docs/configuration.md -->'
assert pom.text.contains(marker)
pom.text = pom.text.replace(marker, block.group(1))
return true
