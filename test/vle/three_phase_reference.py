#!/usr/bin/python3
"""Independent reference for chem's three-phase points and liquid-liquid equilibria (test/vle/lle.test.ts).

Run at development time only (chem never runs Python); its printed numbers are recorded in the test
with this script's name. It shares no code with chem and solves differently:

- NRTL from ChemSep's nrtl.json as CalebBell/thermo ships it (key "CAS_i CAS_j": bij in K, tau_ij = bij/T).
- Vapour pressure: the Wagner (3, 6) equation of McGarry (1983), or Poling's Wagner (2.5, 5), read
  from CalebBell/chemicals' "Vapor Pressure" tables and written out here.
- LLE at T: direct minimisation of the Gibbs energy of mixing of an overall x1 = 0.5 split into two
  liquids (scipy Nelder-Mead over the logits of both liquids, then the isoactivity equations polished
  by scipy.optimize.fsolve), not Newton on isoactivity started from a stability test.
- The three-phase T at P: scipy brentq on ln(sum x_i gamma_i Psat_i / P) with the LLE re-minimised
  at each T, then all three unknowns (x_a, x_b, T) polished together by fsolve.

- The upper critical solution temperature (--ucst): scipy brentq on T of the least value of
  1 + x1 dln(gamma1)/dx1 over x1 (a grid of 2000, then bounded minimize_scalar).

usage: three_phase_reference.py NRTL_JSON CHEMICALS_VAPOR_PRESSURE_DIR CAS1 CAS2 [CAS1 CAS2 ...]
prints one line per pair: CAS1 CAS2 T3 y1 x1a x1b, and the LLE at 298.15 K: x1a x1b.
       three_phase_reference.py NRTL_JSON --ucst CAS1 CAS2 TLO THI
prints the critical solution temperature between TLO and THI and x1 there.
"""
import csv
import json
import math
import sys

from scipy.optimize import brentq, fsolve, minimize, minimize_scalar

P = 101325.0


def read_tsv(path):
    with open(path, newline='') as f:
        return {r['CAS']: r for r in csv.DictReader(f, delimiter='\t')}


def psat_fn(cas, tables):
    """Pa at T: McGarry's Wagner (3, 6), else Poling's Wagner (2.5, 5), Perry's DIPPR 101, Poling's
    Antoine (log10 Pa), Landolt's Antoine (ln Pa): the first table holding the compound."""
    mcgarry, poling, perry, antoine, landolt = tables
    if cas in mcgarry or cas in poling:
        r, (e1, e2, e3) = (mcgarry[cas], (1.5, 3.0, 6.0)) if cas in mcgarry else (poling[cas], (1.5, 2.5, 5.0))
        a, b, c, d, tc, pc = (float(r[k]) for k in ('A', 'B', 'C', 'D', 'Tc', 'Pc'))

        def f(T):
            tau = max(1 - T / tc, 0.0)
            return pc * math.exp((a * tau + b * tau**e1 + c * tau**e2 + d * tau**e3) / (T / tc))

        return f
    if cas in perry:
        c1, c2, c3, c4, c5 = (float(perry[cas][k]) for k in ('C1', 'C2', 'C3', 'C4', 'C5'))
        return lambda T: math.exp(c1 + c2 / T + c3 * math.log(T) + c4 * T**c5)
    if cas in antoine:
        a, b, c = (float(antoine[cas][k]) for k in 'ABC')
        return lambda T: 10 ** (a - b / (T + c))
    a, b, c = (float(landolt[cas][k]) for k in 'ABC')
    return lambda T: math.exp(a - b / (T + c))


def nrtl_fn(data, c1, c2):
    b12 = data[f'{c1} {c2}']['bij']
    b21 = data[f'{c2} {c1}']['bij']
    alpha = data[f'{c1} {c2}']['alphaij']

    def lng(x1, T):
        x2 = 1 - x1
        t12, t21 = b12 / T, b21 / T
        g12, g21 = math.exp(-alpha * t12), math.exp(-alpha * t21)
        l1 = x2**2 * (t21 * (g21 / (x1 + x2 * g21)) ** 2 + t12 * g12 / (x2 + x1 * g12) ** 2)
        l2 = x1**2 * (t12 * (g12 / (x2 + x1 * g12)) ** 2 + t21 * g21 / (x1 + x2 * g21) ** 2)
        return l1, l2

    return lng


def expit(u):
    return 1 / (1 + math.exp(-u))


def lle(lng, T, guess=None):
    """The two liquids at T by Gibbs minimisation (an overall x1 from 0.05 to 0.95 split in two, the
    deepest drop kept: any overall x1 inside the split gives the same liquids), polished on
    isoactivity; None if every overall x1 stays one liquid."""

    def gmix(x):
        l1, l2 = lng(x, T)
        return x * (math.log(x) + l1) + (1 - x) * (math.log(1 - x) + l2)

    best, drop = None, -1e-9
    for z in [guess_z(guess)] + [i / 20 for i in range(1, 20)]:
        if z is None:
            continue
        gz = gmix(z)

        def total(v):
            xa, xb = expit(v[0]), expit(v[1])
            if not 0 < xa < z < xb < 1:
                return gz + 1
            beta = (xb - z) / (xb - xa)  # fraction of liquid a
            return beta * gmix(xa) + (1 - beta) * gmix(xb) - gz

        zu = math.log(z / (1 - z))
        for s in ([guess] if guess else []) + [(zu - 4, zu + 4), (zu - 8, zu + 2), (zu - 2, zu + 8), (zu - 1, zu + 1), (zu - 0.4, zu + 0.4)]:
            r = minimize(total, s, method='Nelder-Mead', options={'xatol': 1e-10, 'fatol': 1e-15, 'maxiter': 4000})
            if r.fun < drop:
                best, drop = r.x, r.fun
        if guess and best is not None:
            break
    if best is None:
        return None

    def iso(v):
        xa, xb = expit(v[0]), expit(v[1])
        a, b = lng(xa, T), lng(xb, T)
        return [math.log(xa) + a[0] - math.log(xb) - b[0], math.log(1 - xa) + a[1] - math.log(1 - xb) - b[1]]

    v = fsolve(iso, best, xtol=1e-13)
    return tuple(sorted(v))


def guess_z(guess):
    return None if guess is None else (expit(guess[0]) + expit(guess[1])) / 2


def three_phase(lng, ps1, ps2, T0):
    last = [None]

    def f(T):
        v = lle(lng, T, last[0])
        last[0] = v
        xa = expit(v[0])
        l1, l2 = lng(xa, T)
        return math.log(xa * math.exp(l1) * ps1(T) + (1 - xa) * math.exp(l2) * ps2(T)) - math.log(P)

    # bracket: steps from T0, growing, until the sign changes (where the liquids exist)
    def bracket():
        f0 = f(T0)
        for d in (1, -1):
            t, ft, step = T0, f0, 0.5
            while abs(t - T0) < 150:
                t1 = t + d * step
                try:
                    f1 = f(t1)
                except TypeError:  # one liquid at t1
                    break
                if ft * f1 <= 0:
                    return min(t, t1), max(t, t1)
                t, ft, step = t1, f1, step * 1.6
        raise RuntimeError('no three-phase T')

    lo, hi = bracket()
    T = brentq(f, lo, hi, xtol=1e-10)
    u, v = last[0]

    def eqs(z):
        xa, xb, T = expit(z[0]), expit(z[1]), z[2]
        a, b = lng(xa, T), lng(xb, T)
        return [
            math.log(xa) + a[0] - math.log(xb) - b[0],
            math.log(1 - xa) + a[1] - math.log(1 - xb) - b[1],
            math.log(xa * math.exp(a[0]) * ps1(T) + (1 - xa) * math.exp(a[1]) * ps2(T)) - math.log(P),
        ]

    u, v, T = fsolve(eqs, [u, v, T], xtol=1e-13)
    xa, xb = expit(u), expit(v)
    l1, _ = lng(xa, T)
    y1 = xa * math.exp(l1) * ps1(T) / P
    return T, y1, xa, xb


def margin(lng, T):
    def s(x):
        h = 1e-7
        return 1 + x * (lng(x + h, T)[0] - lng(x - h, T)[0]) / (2 * h)

    x0 = min((i / 2000 for i in range(1, 2000)), key=s)
    r = minimize_scalar(s, bounds=(max(x0 - 1e-3, 1e-6), min(x0 + 1e-3, 1 - 1e-6)), method='bounded', options={'xatol': 1e-10})
    return r.fun, r.x


def main():
    data = json.load(open(sys.argv[1]))['data']
    if sys.argv[2] == '--ucst':
        c1, c2, lo, hi = sys.argv[3], sys.argv[4], float(sys.argv[5]), float(sys.argv[6])
        lng = nrtl_fn(data, c1, c2)
        T = brentq(lambda T: margin(lng, T)[0], lo, hi, xtol=1e-8)
        print(f'{c1} {c2} UCST {T:.4f} x1 {margin(lng, T)[1]:.4f}')
        return
    names = ['Wagner Original McGarry', 'Wagner Collection Poling', 'Table 2-8 Vapor Pressure of Inorganic and Organic Liquids', 'Antoine Collection Poling', 'Landolt_antoine_V20']
    tables = [read_tsv(f'{sys.argv[2]}/{n}.tsv') for n in names]
    cas = sys.argv[3:]
    for c1, c2 in zip(cas[::2], cas[1::2]):
        lng = nrtl_fn(data, c1, c2)
        ps1, ps2 = psat_fn(c1, tables), psat_fn(c2, tables)
        # start: the one-liquid bubble T of x1 = 0.5
        def bubble(T):
            l1, l2 = lng(0.5, T)
            return 0.5 * math.exp(l1) * ps1(T) + 0.5 * math.exp(l2) * ps2(T) - P

        try:
            T0 = brentq(bubble, 150, 500)
            T, y1, xa, xb = three_phase(lng, ps1, ps2, T0)
        except (RuntimeError, ValueError, TypeError) as e:
            print(f'{c1} {c2} failed: {e}')
            continue
        l25 = lle(lng, 298.15)
        at25 = ' '.join(f'{expit(u):.6g}' for u in sorted(l25)) if l25 else 'one liquid'
        print(f'{c1} {c2} {T:.4f} {y1:.5f} {xa:.6g} {xb:.6g} | 298.15 K: {at25}')


if __name__ == '__main__':
    main()
