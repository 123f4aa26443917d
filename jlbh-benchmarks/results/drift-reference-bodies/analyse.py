import json,glob,sys,statistics as st
tag=sys.argv[1]
rows=[]
for d in sorted(glob.glob(f'./{tag}-json/*'), key=lambda x:int(x.split('/')[-1])):
    r={}
    for f in glob.glob(d+'/*.json'):
        j=json.load(open(f)); name=j['test']['method']
        runs=[x['percentilesNanos'] for x in j['probes'][0]['runs']]
        for pc in ('50','90'):
            v=sorted(x[pc] for x in runs); r[name+pc]=v[len(v)//2]
        r[name+'min']=sorted(x['minNanos'] for x in j['probes'][0]['runs'])[1]
    rows.append(r)
def corr(a,b):
    ma,mb=st.mean(a),st.mean(b)
    return sum((x-ma)*(y-mb) for x,y in zip(a,b))/ (sum((x-ma)**2 for x in a)*sum((y-mb)**2 for y in b))**.5
print('build', ' '.join(f"{k:>10}" for k in ['hash50','alu50','mem50','hash90','alu90','hashmin','alumin']))
for i,r in enumerate(rows):
    print(f"{i+1:5}", ' '.join(f"{r.get(k,0):>10}" for k in ['a_hash50','b_alu50','c_memory50','a_hash90','b_alu90','a_hashmin','b_alumin']))
def spread(v): return f"min {min(v)} max {max(v)} max/min {max(v)/min(v):.3f} cv {st.pstdev(v)/st.mean(v)*100:.1f}%"
for pc in ('50','90','min'):
    h=[r['a_hash'+pc] for r in rows]; a=[r['b_alu'+pc] for r in rows]; m=[r['c_memory'+pc] for r in rows]
    print(f"p{pc} hash {spread(h)}; alu {spread(a)}; mem {spread(m)}")
    print(f"   corr hash-alu {corr(h,a):.2f} hash-mem {corr(h,m):.2f}")
    ha=[x/y for x,y in zip(h,a)]; hm=[x/y for x,y in zip(h,m)]
    print(f"   hash/alu max/min {max(ha)/min(ha):.3f} cv {st.pstdev(ha)/st.mean(ha)*100:.1f}%;  hash/mem max/min {max(hm)/min(hm):.3f} cv {st.pstdev(hm)/st.mean(hm)*100:.1f}%")
