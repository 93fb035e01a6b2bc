#!/usr/bin/python3
"""Draws the vapour-pressure hold-out of models/REPORT.md: organic compounds of the built database with at least three
measured vapour-pressure temperatures between 1e-3 and 1e4 kPa, and writes the exclusion file that leaves every
(InChIKey, key) pair the estimate reads or is checked against out of the models' training:

  /usr/bin/python3 ml/holdout.py --db PATH [--n 150] [--seed 48048] [--sources poling,perry,vdi,mcgarry] > holdout.txt
  npm run train -- --db PATH --exclude holdout.txt --out DIR
  CHEM_MODELS=DIR node bench/estimates.js --db PATH --compounds holdout.txt --spread 0.25,0.5,0.75

--sources: only compounds whose measured points come from these sources (the handbook correlations: small, common
compounds, where Joback does best), else any source.
"""
import argparse
import random
import re
import sqlite3
import sys

KEYS = 'tb tf tc pc vc af hf gf hvap hfus log10ws logp pvap rhol hvapt cpl srf tcondl'.split()

ap = argparse.ArgumentParser()
ap.add_argument('--db', required=True)
ap.add_argument('--n', type=int, default=150)
ap.add_argument('--seed', type=int, default=48048)
ap.add_argument('--sources', default='')
a = ap.parse_args()
db = sqlite3.connect(a.db)
sources = [s for s in a.sources.split(',') if s]
where = f"and p.s in ({','.join('?' * len(sources))})" if sources else ''
rows = db.execute(
    f"""select c.inchikey, c.smiles from compounds c join points p on p.compound_id = c.id
        where p.key = 'pvap' and p.calc = 0 and p.o = 0 and p.t is not null and p.v between 1e-3 and 1e4 {where}
          and c.smiles is not null and c.type = 'C' and c.inchikey is not null
        group by c.id having count(distinct p.t) >= 3 order by c.inchikey""", sources).fetchall()
organic = sorted({ik for ik, smi in rows if re.search('[Cc]', smi) and '.' not in smi})
random.seed(a.seed)
print(f'{min(a.n, len(organic))} of {len(organic)} compounds', file=sys.stderr)
for ik in sorted(random.sample(organic, min(a.n, len(organic)))):
    for k in KEYS:
        print(f'{ik}\t{k}')
