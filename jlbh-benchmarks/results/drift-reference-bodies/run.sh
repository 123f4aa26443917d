# usage: run.sh TAG N loops
cd .
TAG=$1; N=$2; LOOPS=$3
for l in $(seq 1 $LOOPS); do bash -c 'while :; do :; done' & echo $! >> loops.pid; done
for i in $(seq 1 $N); do
  rm -rf target/jlbh-reports
  mvn -B -o -q test -Dtest=DriftTest -Djlbh.mode=report -Djunit.jupiter.testmethod.order.default='org.junit.jupiter.api.MethodOrderer$MethodName' > $TAG-build-$i.log 2>&1
  mkdir -p $TAG-json/$i; cp target/jlbh-reports/*.json $TAG-json/$i/
done
[ -f loops.pid ] && kill $(cat loops.pid) && rm loops.pid
echo done > $TAG-DONE
