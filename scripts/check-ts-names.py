# Lists Tsify-deriving types whose Rust names collide (they must be unique: the generated
# turnkeeper.d.ts is one flat namespace, and field types are printed by Rust name).
import re,os,collections,sys
root=sys.argv[1] if len(sys.argv)>1 else 'crate/src'
names=collections.defaultdict(list)
for dp,_,files in os.walk(root):
    for f in files:
        if not f.endswith('.rs'): continue
        p=os.path.join(dp,f); s=open(p).read()
        for m in re.finditer(r'derive\(tsify::Tsify\)\)\]\s*(?:#\[[^\]]*\]\s*)*pub (?:struct|enum) (\w+)', s):
            names[m.group(1)].append(p)
bad=0
for n,ps in sorted(names.items()):
    if len(ps)>1: print(n, ps); bad+=1
sys.exit(1 if bad else 0)
