# Regenerates test/fixtures/vle/ternary-thermo.json: bubble temperatures at 101325 Pa of ternaries by
# modified Raoult's law (ideal gas, no Poynting factor, no saturation fugacity coefficients): T solves
# sum x_i gamma_i(T, x) Psat_i(T) = P (brentq, 1e-10 K) with thermo's gammas and thermo's VaporPressure, y_i = x_i gamma_i Psat_i / P.
# As a check, thermo's FlashVL(P, VF=0) with IdealGas + GibbsExcessLiquid(use_Poynting=False, use_phis_sat=False)
# where it answers (its initial guesses fail for some mixtures); the script prints how close the two are.
# - NRTL: thermo's NRTL with tau_ij = b_ij/T, alpha_ij from ChemSep/nrtl.json ("i j" is i -> j, as chem's
#   importer reads it: src/local/store/import/mixtures-thermo.ts); every pair of the ternary has a set.
# - modified UNIFAC (Dortmund): UNIFAC.from_subgroups(version=1, DOUFSG, DOUFIP2016), only triples whose every
#   main-group pair is in DOUFIP2016; groups DDBST's (thermo's "DDBST UNIFAC assignments.tsv") else thermo's SMARTS.
# Vapour pressure: chemicals' Poling Antoine rows (VaporPressure method ANTOINE_POLING, no extrapolation), only
# where every component's row covers the bubble T. The fixture holds identifiers, z and thermo's T and y only;
# the test reads the tables from the data mirror.
#   PYTHONPATH=/work/ref/thermo:/work/ref/chemicals:/work/ref/fluids /usr/bin/python3 test/vle/ternary_thermo.py
import itertools, json, os, random
import numpy as np
from scipy.optimize import brentq
import chemicals.data_reader as reader
# this checkout of chemicals lacks Misc/joback_predictions.tsv (estimates, never used here): read it as empty
_source = reader.data_source
def data_source(key):
    try:
        return _source(key)
    except FileNotFoundError:
        return _source('webbook_constants.tsv').iloc[0:0]
reader.data_source = data_source
import chemicals.miscdata
chemicals.miscdata.data_source = data_source
import thermo
from thermo import FlashVL, ChemicalConstantsPackage, PropertyCorrelationsPackage, HeatCapacityGas, VaporPressure, GibbsExcessLiquid, IdealGas
from thermo.nrtl import NRTL
from thermo import unifac as U
from thermo.group_contribution.group_contribution_base import smarts_fragment_priority
from chemicals.identifiers import search_chemical
from chemicals import Tc, Pc, omega, Tb
from chemicals.vapor_pressure import Psat_data_AntoinePoling as ANT

P = 101325.0
OUT = os.path.join(os.path.dirname(__file__), '..', 'fixtures', 'vle', 'ternary-thermo.json')
IP = os.path.join(os.path.dirname(thermo.__file__), 'Interaction Parameters', 'ChemSep', 'nrtl.json')
with open(IP) as f:
    NRTL_DATA = json.load(f)['data']
U.load_unifac_ip()
U.load_group_assignments_DDBST()
DOUFIP = U.DOUFIP2016
SMARTS = [g for g in U.DOUFSG.values() if g.smarts and g.priority is not None]

def chem(cas):
    c = search_chemical(cas)
    return dict(cas=cas, name=c.common_name, smiles=c.smiles, inchikey=c.InChI_key, mw=c.MW)

def psats(cas):
    return [VaporPressure(CASRN=c, method='ANTOINE_POLING', extrapolation=None) for c in cas]

def antoine_range(cas):
    return ANT.at[cas, 'Tmin'], ANT.at[cas, 'Tmax']

def flasher(cas, ge):
    info = [chem(c) for c in cas]
    # Tc, Pc, omega, Tb only seed FlashVL's initial guesses (no eos is used); the answer does not depend on them
    consts = ChemicalConstantsPackage(CASs=cas, MWs=[i['mw'] for i in info], names=[i['name'] for i in info],
                                      Tcs=[Tc(c) for c in cas], Pcs=[Pc(c) for c in cas], omegas=[omega(c) for c in cas], Tbs=[Tb(c) for c in cas])
    cp = [HeatCapacityGas(poly_fit=(1.0, 10000.0, [35.0])) for _ in cas]  # no bubble point depends on it
    props = PropertyCorrelationsPackage(consts, HeatCapacityGases=cp, VaporPressures=psats(cas), skip_missing=True)
    liq = GibbsExcessLiquid(VaporPressures=props.VaporPressures, HeatCapacityGases=cp, GibbsExcessModel=ge,
                            eos_pure_instances=None, use_Poynting=False, use_phis_sat=False, T=300.0, P=P, zs=[1 / 3] * 3)
    gas = IdealGas(HeatCapacityGases=cp, T=300.0, P=P, zs=[1 / 3] * 3)
    return FlashVL(consts, props, liquid=liq, gas=gas), info

def own_bubble(cas, ge, z):
    vp = psats(cas)
    def parts(T):
        g = ge.to_T_xs(T, z).gammas()
        return [zi * gi * p.T_dependent_property(T) for zi, gi, p in zip(z, g, vp)]
    lo = max(antoine_range(c)[0] for c in cas); hi = min(antoine_range(c)[1] for c in cas)
    if lo >= hi:
        raise ValueError('the Antoine ranges do not overlap')
    T = brentq(lambda T: sum(parts(T)) - P, lo + 1e-9, hi - 1e-9, xtol=1e-10)
    return T, [v / P for v in parts(T)]

CHECKS = []  # |T(FlashVL) - T(own)| where FlashVL answers

def bubble(cas, ge, z):
    """T and y of sum x_i gamma_i Psat_i = P (thermo's gammas and Psats) within every Antoine range; None outside."""
    try:
        T, y = own_bubble(cas, ge, z)
    except ValueError:  # no sign change: the bubble T is outside some component's Antoine range
        return None
    try:
        fl, _ = flasher(cas, ge)
        res = fl.flash(P=P, VF=0, zs=z)
        CHECKS.append((abs(res.T - T), max(abs(a - b) for a, b in zip(res.gas.zs, y))))
    except Exception:
        CHECKS.append(None)  # FlashVL's guesses fail for some of these (thermo's own exception)
    return [chem(c) for c in cas], T, y

def compositions(rng):
    out = []
    for _ in range(2):
        w = [rng.uniform(0.1, 1) for _ in range(3)]
        out.append([round(v / sum(w), 4) for v in w[:2]] + [0])
        out[-1][2] = round(1 - out[-1][0] - out[-1][1], 4)
    return out

def nrtl_model(cas):
    b = [[0.0] * 3 for _ in range(3)]
    a = [[0.0] * 3 for _ in range(3)]
    for i, j in itertools.permutations(range(3), 2):
        e = NRTL_DATA[f'{cas[i]} {cas[j]}']
        b[i][j], a[i][j] = e['bij'], e['alphaij']
    return NRTL(T=300.0, xs=[1 / 3] * 3, tau_bs=b, alpha_cs=a)

def dortmund_groups(info):
    g = U.DDBST_MODIFIED_UNIFAC_assignments.get(info['inchikey'])
    if g:
        return g, 'DDBST'
    try:
        counts, _, _, ok, _ = smarts_fragment_priority(catalog=SMARTS, smi=info['smiles'])
    except Exception:  # thermo's SMARTS of some subgroups are not usable alone
        return None, None
    return (counts, 'SMARTS') if ok else (None, None)

def main_groups(groups):
    return {U.DOUFSG[k].main_group_id for k in groups}

def unifac_model(groups):
    return U.UNIFAC.from_subgroups(T=300.0, xs=[1 / 3] * 3, chemgroups=groups, subgroups=U.DOUFSG, interaction_data=DOUFIP, version=1)

def covered(mains):
    return all(n in DOUFIP.get(m, {}) and m in DOUFIP.get(n, {}) for m, n in itertools.combinations(sorted(mains), 2))

def pick(rng, pool, make, n):
    out, tried = [], set()
    pool = list(pool)
    while len(out) < n and len(tried) < len(pool):
        t = tuple(sorted(pool[rng.randrange(len(pool))]))
        if t in tried:
            continue
        tried.add(t)
        cas = list(t)
        rng.shuffle(cas)
        made = make(cas)
        if made is None:
            continue
        ge, extra = made
        pts = []
        for z in compositions(rng):
            r = bubble(cas, ge, z)
            if r is None:
                break
            info, T, y = r
            pts.append(dict(z=z, t=round(T, 6), y=[round(v, 6) for v in y]))
        if len(pts) == 2:
            out.append(dict(components=[dict(cas=i['cas'], name=i['name'], smiles=i['smiles']) for i in info], **extra, points=pts))
    return out

def main():
    rng = random.Random(47)
    ant = set(ANT.index)
    # NRTL: triangles of the pair graph among compounds with a Poling Antoine row
    pairs = {frozenset(k.split(' ')) for k in NRTL_DATA}
    nodes = sorted({c for p in pairs for c in p if c in ant})
    adj = {c: {d for d in nodes if d != c and frozenset((c, d)) in pairs} for c in nodes}
    tris = sorted({tuple(sorted((a, b, c))) for a in nodes for b in adj[a] for c in adj[a] & adj[b]})
    print(f'{len(tris)} NRTL triangles among {len(nodes)} compounds')
    nrtl = pick(rng, tris, lambda cas: (nrtl_model(cas), {}), 15)
    # Dortmund: compounds with groups whose main groups are pairwise in DOUFIP2016
    groups = {}
    for c in sorted(ant):
        try:
            info = chem(c)
        except Exception:
            continue
        if not info['smiles']:
            continue
        g, how = dortmund_groups(info)
        if g:
            groups[c] = (g, how)
    cands = sorted(groups)
    def make_unifac(cas):
        gs = [groups[c][0] for c in cas]
        if not covered(set().union(*map(main_groups, gs))):
            return None
        return unifac_model(gs), dict(assigned=[groups[c][1] for c in cas])
    triples = (rng.sample(cands, 3) for _ in range(20000))
    dortmund = pick(rng, list(triples), make_unifac, 15)
    for name, sets in (('nrtl', nrtl), ('dortmund', dortmund)):
        for s in sets:
            print(name, ' / '.join(c['name'] for c in s['components']), [p['t'] for p in s['points']])
    done = [c for c in CHECKS if c]
    print(f'FlashVL answered {len(done)} of {len(CHECKS)} bubble points; max |dT| to the own solve {max(c[0] for c in done):.2e} K, max |dy| {max(c[1] for c in done):.2e}')
    with open(OUT, 'w') as f:
        json.dump(dict(p=101.325, psat='chemicals Antoine Collection Poling', nrtl=nrtl, dortmund=dortmund), f, indent=1)
        f.write('\n')

if __name__ == '__main__':
    main()
