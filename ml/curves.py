"""The position of the vapour-pressure curve: the Tb that the database's measured vapour pressures imply (train.py).

chem's estimate of a vapour pressure (src/local/predict/estimates.ts) is the Lee-Kesler curve through (Tb, 101.325
kPa) with Tc, its acentric factor the one that gives it the slope of dHvap(Tb) (Clausius-Clapeyron with
Haggenmacher's dZ, Pc). Its shape is good; its position, the predicted Tb, carries most of its error. Every measured
curve (curves.tsv: the points, the predicted Tc, Pc, dHvap of the compound) gives the Tb that puts that curve on its
points (least absolute deviations of ln P, dHvap / Tb held at the predicted one): the `curve Tb`. The tb model can
learn from it where a compound has no measured Tb, or in place of the measured one; cross_validate_positions()
measures each way on the scaffold folds by the ln P errors at three temperatures of each curve.
"""
import math

import numpy as np
from scipy.optimize import minimize_scalar

R = 8.31446261815324
P_ATM = 101.325


def f0(tr):
    return 5.92714 - 6.09648 / tr - 1.28862 * np.log(tr) + 0.169347 * tr ** 6


def f1(tr):
    return 15.2518 - 15.6875 / tr - 13.4721 * np.log(tr) + 0.43577 * tr ** 6


def f0d(tr):
    return 6.09648 / (tr * tr) - 1.28862 / tr + 6 * 0.169347 * tr ** 5


def f1d(tr):
    return 15.6875 / (tr * tr) - 13.4721 / tr + 6 * 0.43577 * tr ** 5


def ln_p(t, tb, c):
    """ln P (kPa) at t of the estimate through (tb, 1 atm) with the compound's predicted Tc, Pc and dHvap/Tb (c)."""
    tc, pc, ratio = c['tc'], c['pc'], c['ratio']
    trb = tb / tc
    pr = P_ATM / pc if pc > 0 else 0.0
    dz = math.sqrt(max(1 - pr / trb ** 3, 0.05))
    omega = ((ratio * tb * tc) / (R * tb * tb * dz) - f0d(trb)) / f1d(trb)
    tr = np.asarray(t) / tc
    return math.log(P_ATM) + f0(tr) - f0(trb) + omega * (f1(tr) - f1(trb))


def read_curves(path):
    """inchikey -> dict(tb, tc, pc, ratio (dHvap/Tb, J/(mol K)), t, lnp arrays); compounds without dHvap are left out."""
    out = {}
    with open(path) as f:
        head = f.readline().rstrip('\n').split('\t')
        for line in f:
            r = dict(zip(head, line.rstrip('\n').split('\t')))
            if not r['hvap']:
                continue
            pts = [p.split(':') for p in r['points'].split()]
            t = np.array([float(a) for a, _ in pts])
            lnp = np.log([float(b) for _, b in pts])
            tb = float(r['tb'])
            out[r['inchikey']] = dict(tb=tb, tc=float(r['tc']), pc=float(r['pc'] or 0), ratio=float(r['hvap']) / tb, t=t, lnp=lnp)
    return out


def curve_tb(c):
    """The Tb that puts the estimate on the measured points (least absolute deviations of ln P), or None."""
    hi = 0.95 * c['tc']
    lo = max(0.3 * c['tc'], c['tb'] - 200)
    if not lo < hi:
        return None
    r = minimize_scalar(lambda tb: float(np.sum(np.abs(ln_p(c['t'], tb, c) - c['lnp']))), bounds=(lo, hi), method='bounded',
                        options=dict(xatol=0.01))
    tb = float(r.x)
    return None if tb - lo < 0.5 or hi - tb < 0.5 else tb  # at a bound: the shape cannot place this curve


def three(c):
    """The lowest, middle and highest measured temperatures of a curve (bench/estimates.js's rows) and their ln P."""
    n = len(c['t'])
    idx = sorted({0, n >> 1, n - 1})
    return c['t'][idx], c['lnp'][idx]


def labels(rows, curves, mode):
    """The tb labels of each row under `mode`: 'measured' (the rows' own), 'augment' (the curve Tb where a row has no
    measured one), 'replace' (the curve Tb wherever a row has one); and the count of curve Tbs used."""
    y = np.array([float(r['tb']) if r['tb'] else np.nan for r in rows])
    used = 0
    if mode == 'measured':
        return y, used
    for i, r in enumerate(rows):
        c = curves.get(r['inchikey'])
        if c is None or c.get('curve_tb') is None:
            continue
        if mode == 'replace' or np.isnan(y[i]):
            y[i] = c['curve_tb']
            used += 1
    return y, used


def prepare(rows, curves):
    for c in curves.values():
        c['curve_tb'] = curve_tb(c)
    return sum(c['curve_tb'] is not None for c in curves.values())


def cross_validate_positions(model_cls, x, rows, curves, base_mask, groups_of, seed, modes=('measured', 'augment', 'replace')):
    """Scaffold folds over the compounds with a measured Tb or a curve Tb (base_mask: in the tb model's domain, with
    the estimate it corrects); for each mode, a model per fold trained on that mode's labels of the fold's training
    compounds, then the ln P errors of its out-of-fold Tb at three temperatures of every curve (with the compound's
    predicted shape). Returns {mode: dict(n_rows, median, mean, tb_mae on measured labels)}."""
    from sklearn.model_selection import GroupKFold
    ys = {m: labels(rows, curves, m)[0] for m in modes}
    union = base_mask & ~np.all([np.isnan(ys[m]) for m in modes], axis=0)
    idx = np.flatnonzero(union)
    groups = groups_of([rows[i] for i in idx])
    perm = np.random.RandomState(seed).permutation(groups.max() + 1)
    splits = list(GroupKFold(5).split(idx, groups=perm[groups]))
    measured = labels(rows, curves, 'measured')[0][idx]
    out = {}
    for mode in modes:
        y = ys[mode][idx]
        pred = np.full(len(idx), np.nan)
        for tr, te in splits:
            tr = tr[~np.isnan(y[tr])]
            m = model_cls('tb', seed).fit(x[idx[tr]], y[tr])
            pred[te] = m.predict(x[idx[te]])[0]
        errs = []
        for j, i in enumerate(idx):
            c = curves.get(rows[i]['inchikey'])
            if c is None:
                continue
            t, lnp = three(c)
            if not pred[j] < 0.95 * c['tc']:
                continue
            errs.extend(np.abs(ln_p(t, pred[j], c) - lnp))
        ok = ~np.isnan(measured)
        errs = np.array(errs)
        out[mode] = dict(n_rows=len(errs), median=float(np.median(errs)), mean=float(np.mean(errs)),
                         tb_mae=float(np.mean(np.abs(pred[ok] - measured[ok]))))
    return out
