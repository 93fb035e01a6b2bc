# Regenerates test/fixtures/vle/pr-thermo.json: Peng-Robinson bubble pressures of binaries and TP
# flashes of 3-9 component mixtures by CalebBell/thermo (FlashVL with CEOSGas/CEOSLiquid(PRMIX)),
# with the inputs it was given: Tc, Pc, omega and MW from chemicals' defaults (an ideal-gas Cp that no result here depends on), kij ChemSep's where
# thermo's file has the pair, else E-PPR78's (eppr78_common.json), else 0 (the rule of chem flash).
#   PYTHONPATH=/work/ref/thermo:/work/ref/chemicals:/work/ref/fluids /usr/bin/python3 test/vle/pr_thermo.py
import json, os, time
import pandas as pd
import chemicals.data_reader as reader
# this checkout of chemicals lacks Misc/joback_predictions.tsv (estimates, never a default here): read it as empty
_source = reader.data_source
def data_source(key):
    try:
        return _source(key)
    except FileNotFoundError:
        return _source('webbook_constants.tsv').iloc[0:0]  # same columns, no rows
reader.data_source = data_source
import chemicals.miscdata
chemicals.miscdata.data_source = data_source
from thermo import ChemicalConstantsPackage, PropertyCorrelationsPackage, HeatCapacityGas, CEOSGas, CEOSLiquid, PRMIX, FlashVL
from chemicals import Tc, Pc, omega
from chemicals.identifiers import search_chemical
import thermo

IP = os.path.join(os.path.dirname(thermo.__file__), 'Interaction Parameters')
def table(path):
    with open(os.path.join(IP, path)) as f:
        return {frozenset(k.split(' ')): v['kij'] for k, v in json.load(f)['data'].items()}
CHEMSEP, EPPR78 = table('ChemSep/pr.json'), table('eppr78_common.json')

def kij_matrix(cas):
    n = len(cas)
    k = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            key = frozenset((cas[i], cas[j]))
            k[i][j] = k[j][i] = CHEMSEP.get(key, EPPR78.get(key, 0.0))
    return k

def system(names):
    cas = [search_chemical(n).CASs for n in names]
    c = ChemicalConstantsPackage(CASs=cas, names=names, MWs=[search_chemical(n).MW for n in names],
                                 Tcs=[Tc(x) for x in cas], Pcs=[Pc(x) for x in cas], omegas=[omega(x) for x in cas])
    # a flat ideal-gas heat capacity: TP flashes and bubble points do not depend on it
    cp = [HeatCapacityGas(poly_fit=(1.0, 10000.0, [35.0])) for _ in names]
    p = PropertyCorrelationsPackage(c, HeatCapacityGases=cp, skip_missing=True)
    kij = kij_matrix(c.CASs)
    kw = dict(Tcs=c.Tcs, Pcs=c.Pcs, omegas=c.omegas, kijs=kij)
    gas = CEOSGas(PRMIX, eos_kwargs=kw, HeatCapacityGases=p.HeatCapacityGases)
    liq = CEOSLiquid(PRMIX, eos_kwargs=kw, HeatCapacityGases=p.HeatCapacityGases)
    comps = [dict(name=n, cas=cas, tc=tc, pc=pc / 1000, omega=w, mw=mw) for n, cas, tc, pc, w, mw in zip(names, c.CASs, c.Tcs, c.Pcs, c.omegas, c.MWs)]
    return FlashVL(c, p, liquid=liq, gas=gas), comps, kij

BINARIES = [  # (component 1, component 2, T K)
    ('methane', 'ethane', 200), ('methane', 'propane', 250), ('methane', 'n-butane', 300), ('ethane', 'propane', 280),
    ('propane', 'n-butane', 320), ('nitrogen', 'methane', 150), ('nitrogen', 'ethane', 200), ('carbon dioxide', 'ethane', 250),
    ('carbon dioxide', 'propane', 300), ('carbon dioxide', 'n-butane', 320), ('hydrogen sulfide', 'propane', 300),
    ('hydrogen sulfide', 'methane', 250), ('ethylene', 'ethane', 250), ('propylene', 'propane', 300), ('benzene', 'toluene', 380),
    ('n-hexane', 'n-heptane', 350), ('carbon dioxide', 'toluene', 400), ('hydrogen', 'propane', 300), ('ethylene', 'propylene', 280),
    ('benzene', 'cyclohexane', 350), ('methane', 'n-decane', 400), ('carbon dioxide', 'methane', 230), ('nitrogen', 'carbon dioxide', 270),
    ('ethane', 'n-butane', 330), ('nitrogen', 'propane', 250), ('propane', 'benzene', 400), ('ethylene', 'n-butane', 330),
    ('carbon dioxide', 'benzene', 400), ('hydrogen sulfide', 'n-pentane', 380),
]
X1 = [0.05, 0.2, 0.4, 0.6, 0.8]

def real_bubble(f, T, P, x1, y1):
    # near and beyond a mixture's critical point FlashVL can return a spurious bubble point (an incipient
    # phase close to the feed, or one whose pressure falls back): kept only where a TP flash 0.01 % below
    # it splits into a gas of that y1 over a liquid of the feed's composition
    try:
        r = f.flash(T=T, P=P * 0.9999, zs=[x1, 1 - x1])
    except Exception:
        return False
    return r.gas is not None and len(r.liquids) == 1 and abs(r.liquids[0].zs[0] - x1) < 0.002 and abs(r.gas.zs[0] - y1) < 0.01 and abs(y1 - x1) > 1e-3

def binaries():
    out = []
    for a, b, T in BINARIES:
        f, comps, kij = system([a, b])
        pts = []
        for x1 in X1:
            try:
                r = f.flash(T=T, VF=0, zs=[x1, 1 - x1])
            except Exception as e:  # beyond the critical line: no bubble point
                continue
            y = r.gas.zs if r.gas is not None else None
            if y is None or not real_bubble(f, T, r.P, x1, y[0]):
                continue
            pts.append(dict(x1=x1, p=r.P / 1000, y1=y[0]))
        out.append(dict(components=comps, kij=kij, t=T, points=pts))
    return out

MIXTURES = [  # (what, names, z, T K, P kPa)
    ('natural gas', ['methane', 'ethane', 'propane', 'n-butane', 'isobutane', 'n-pentane', 'nitrogen', 'carbon dioxide', 'n-hexane'],
     [0.80, 0.07, 0.04, 0.015, 0.01, 0.01, 0.02, 0.025, 0.01], 230, 4000),
    ('natural gas', ['methane', 'ethane', 'propane', 'n-butane', 'isobutane', 'n-pentane', 'nitrogen', 'carbon dioxide', 'n-hexane'],
     [0.80, 0.07, 0.04, 0.015, 0.01, 0.01, 0.02, 0.025, 0.01], 210, 2000),
    ('C1/C3/nC10', ['methane', 'propane', 'n-decane'], [0.5, 0.3, 0.2], 350, 5000),
    ('C1/C3/nC10', ['methane', 'propane', 'n-decane'], [0.3, 0.3, 0.4], 450, 3000),
    ('LPG', ['propane', 'n-butane', 'isobutane', 'propylene'], [0.5, 0.25, 0.15, 0.1], 320, 1200),
    ('LPG', ['propane', 'n-butane', 'isobutane', 'ethane'], [0.6, 0.2, 0.15, 0.05], 300, 800),
    ('CO2 with alkanes', ['carbon dioxide', 'methane', 'n-butane', 'n-hexane'], [0.4, 0.3, 0.2, 0.1], 320, 5000),
    ('CO2 with alkanes', ['carbon dioxide', 'propane', 'n-pentane'], [0.5, 0.3, 0.2], 340, 3000),
    ('C1-C10 oil', ['methane', 'ethane', 'propane', 'n-butane', 'n-pentane', 'n-hexane', 'n-heptane', 'n-octane', 'n-decane'],
     [0.35, 0.08, 0.07, 0.06, 0.06, 0.08, 0.1, 0.1, 0.1], 360, 4000),
    ('C1-C10 oil', ['methane', 'ethane', 'propane', 'n-butane', 'n-pentane', 'n-hexane', 'n-heptane', 'n-octane', 'n-decane'],
     [0.35, 0.08, 0.07, 0.06, 0.06, 0.08, 0.1, 0.1, 0.1], 400, 10000),
]

def flashes():
    out = []
    for what, names, z, T, P in MIXTURES:
        f, comps, kij = system(names)
        r = f.flash(T=T, P=P * 1000, zs=z)
        f.flash(T=T, P=P * 1000, zs=z)
        n = 200
        t0 = time.perf_counter()
        for _ in range(n):
            f.flash(T=T, P=P * 1000, zs=z)
        ms = (time.perf_counter() - t0) / n * 1000
        phases = []
        for ph, kind in [(r.gas, 'gas')] + [(l, 'liquid') for l in r.liquids]:
            if ph is None:
                continue
            frac = r.betas[r.phases.index(ph)]
            phases.append(dict(phase=kind, fraction=frac, x=list(ph.zs), rho=ph.rho_mass()))
        out.append(dict(what=what, components=comps, kij=kij, z=z, t=T, p=P, vf=r.VF, phases=phases, thermo_ms=round(ms, 3)))
    return out

if __name__ == '__main__':
  json.dump(dict(made='test/vle/pr_thermo.py: CalebBell/thermo FlashVL, CEOSGas/CEOSLiquid(PRMIX), chemicals\' Tc, Pc, omega, MW; kij ChemSep else E-PPR78 else 0; p kPa, rho kg/m3',
                 binaries=binaries(), flashes=flashes()), open(os.path.join(os.path.dirname(__file__), '../fixtures/vle/pr-thermo.json'), 'w'), indent=1)
