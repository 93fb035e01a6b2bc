#!/usr/bin/env python3
"""Dev-time check: `chem state` recommended values vs CalebBell thermo's recommended values.

What it compares (chem's FIRST point of each property = its recommendation, against
thermo's selected method, `obj.method`, evaluated with `obj.T_dependent_property(T)`,
i.e. the saturated / low-pressure value):

  key     thermo object               unit          goal (share of rows within)
  pvap    VaporPressure               kPa           5 %    for >= 90 % of rows
  rhol    VolumeLiquid (-> MW/Vm)     kg/m3         1.5 %
  dvisc   ViscosityLiquid             Pa s          8 %
  tcondl  ThermalConductivityLiquid   W/(m K)       8 %
  tcondg  ThermalConductivityGas      W/(m K)       8 %
  cpl     HeatCapacityLiquid          J/(mol K)     5 %   (3 % also shown)
  cpg     HeatCapacityGas             J/(mol K)     3 %
  srf     SurfaceTension              N/m           5 %   (3 % also shown)
  hvapt   EnthalpyVaporization        kJ/mol        5 %   (3 % also shown)
  coverage: chem answers >= 97 % of the rows where thermo has a value.

for ~45 common compounds at 3 temperatures each (0.55, 0.65, 0.75 x Tc, moved into the
liquid range above Tm where needed); saturation temperatures at 20, 70, 200 kPa
(`chem state X --p P`, states[0].t, vs thermo VaporPressure.solve_property; goal within
0.5 K for >= 90 %); and the phase at (25 C, 1 atm) and (150 C, 1 atm).

Needs thermo + chemicals + fluids on PYTHONPATH (plus numpy, scipy, pandas), e.g.
  PYTHONPATH=/tmp/thermo-src:/tmp/chemicals-src:/tmp/fluids-src python3 bench/state-thermo.py \
      --chem bin/chem.js --db /work/db/main.db [--csv rows.csv]
Without CoolProp, thermo falls back to its tabulated correlations (mostly HEOS_FIT /
REFPROP_FIT polynomial fits of the CoolProp equations of state, then DIPPR/VDI/...).
"""
import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore")

COMPOUNDS = [  # (name passed to chem, CAS used for thermo and to check chem's record)
    ("water", "7732-18-5"), ("ethanol", "64-17-5"), ("methanol", "67-56-1"),
    ("acetone", "67-64-1"), ("benzene", "71-43-2"), ("toluene", "108-88-3"),
    ("hexane", "110-54-3"), ("heptane", "142-82-5"), ("octane", "111-65-9"),
    ("pentane", "109-66-0"), ("cyclohexane", "110-82-7"), ("acetic acid", "64-19-7"),
    ("ammonia", "7664-41-7"), ("methane", "74-82-8"), ("ethane", "74-84-0"),
    ("propane", "74-98-6"), ("butane", "106-97-8"), ("chloroform", "67-66-3"),
    ("dichloromethane", "75-09-2"), ("diethyl ether", "60-29-7"),
    ("ethyl acetate", "141-78-6"), ("1-butanol", "71-36-3"), ("2-propanol", "67-63-0"),
    ("1-propanol", "71-23-8"), ("phenol", "108-95-2"), ("aniline", "62-53-3"),
    ("pyridine", "110-86-1"), ("nitrogen", "7727-37-9"), ("oxygen", "7782-44-7"),
    ("argon", "7440-37-1"), ("carbon dioxide", "124-38-9"), ("styrene", "100-42-5"),
    ("o-xylene", "95-47-6"), ("ethylbenzene", "100-41-4"), ("naphthalene", "91-20-3"),
    ("acetonitrile", "75-05-8"), ("dimethyl sulfoxide", "67-68-5"),
    ("formic acid", "64-18-6"), ("ethylene glycol", "107-21-1"), ("glycerol", "56-81-5"),
    ("methyl ethyl ketone", "78-93-3"), ("tetrahydrofuran", "109-99-9"),
    ("carbon tetrachloride", "56-23-5"), ("chlorobenzene", "108-90-7"),
    ("1,2-dichloroethane", "107-06-2"), ("sulfur dioxide", "7446-09-5"),
]
# thermo methods that are estimation/corresponding-states methods rather than fitted data
THERMO_ESTIMATES = {"DADGOSTAR_SHAW", "LASTOVKA_SHAW", "ROWLINSON_POLING", "ROWLINSON_BONDI", "LETSOU_STIEL",
                    "PRZEDZIECKI_SRIDHAR", "SATO_RIEDEL", "GHARAGHEIZI_L", "NICOLA", "NICOLA_ORIGINAL",
                    "LAKSHMI_PRASAD", "BAHADORI_L", "SHEFFY_JOHNSON", "DIPPR_9G", "MISSENARD", "GHARAGHEIZI_G",
                    "CHUNG", "ELI_HANLEY", "EUCKEN_MOD", "EUCKEN", "BAHADORI_G", "STIEL_THODOS_DENSE",
                    "BROCK_BIRD", "PITZER_SIGMA", "SASTRI_RAO", "ZUO_STENBY", "HAKIM_STEINBERG_STIEL",
                    "MIQUEU", "ALEEM", "CLAPEYRON", "PITZER", "SIVARAMAN_MAGEE_KOBAYASHI", "MORGAN_KOBAYASHI",
                    "VELASCO", "RIEDEL", "CHEN", "LIU", "VETERE", "RACKETT", "YAMADA_GUNN", "BHIRUD_NORMAL",
                    "TOWNSEND_HALES", "CAMPBELL_THODOS", "COSTALD", "LEE_KESLER_PSAT", "AMBROSE_WALTON",
                    "EDALAT", "SANJARI", "BOILING_CRITICAL"}
FRACTIONS = (0.55, 0.65, 0.75)
PRESSURES_KPA = (20.0, 70.0, 200.0)
PHASE_POINTS = ((298.15, 101.325), (423.15, 101.325))
PHASE_COMPOUNDS = ("water", "ethanol")

# key -> (thermo attribute, unit factor thermo->chem unit, tolerance, extra tolerance shown)
PROPS = {
    "pvap": ("VaporPressure", 1e-3, 0.05, None),
    "rhol": ("VolumeLiquid", None, 0.015, None),
    "dvisc": ("ViscosityLiquid", 1.0, 0.08, None),
    "tcondl": ("ThermalConductivityLiquid", 1.0, 0.08, None),
    "tcondg": ("ThermalConductivityGas", 1.0, 0.08, None),
    "cpl": ("HeatCapacityLiquid", 1.0, 0.05, 0.03),
    "cpg": ("HeatCapacityGas", 1.0, 0.03, None),
    "srf": ("SurfaceTension", 1.0, 0.05, 0.03),
    "hvapt": ("EnthalpyVaporization", 1e-3, 0.05, 0.03),
}


def run_chem(args, compound, extra):
    env = dict(os.environ, CHEM_DB=args.db)
    cmd = ["node", args.chem, "state", compound, *extra, "--json"]
    for attempt in range(3):  # a crash (not a "no value" answer) is retried: the build may be mid-edit
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
        if p.returncode == 0 or "Error" not in p.stderr or "chem: error" in p.stderr:
            break
        print(f"warning: chem crashed on {compound} {' '.join(extra)}: {p.stderr.strip()[:160]}", file=sys.stderr)
        time.sleep(5)
    if p.returncode != 0 or not p.stdout.strip():
        return None, p.stderr.strip()
    try:
        return json.loads(p.stdout), p.stderr.strip()
    except json.JSONDecodeError:
        return None, "bad JSON: " + p.stdout[:200]


def resolve(args, name, cas, targs):
    """Called when the name fails or gives a record of another CAS: return (argument for chem, note)."""
    d, err = run_chem(args, name, targs)
    note = (f"name '{name}' -> {d['compound']} (expected {cas})" if d else f"name '{name}' failed: {err[:120]}")
    d, err = run_chem(args, cas, targs)
    if d and d["compound"].get("cas") == cas:
        return cas, note + "; CAS works"
    env = dict(os.environ, CHEM_DB=args.db)
    p = subprocess.run(["node", args.chem, "search", cas, "--first", "--format", "csv"],
                       capture_output=True, text=True, env=env, timeout=120)
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    if len(lines) >= 2:
        cid = lines[1].split(",")[0]
        return cid, note + f"; CAS failed, using id {cid}"
    return None, note + "; CAS and search failed"


def thermo_value(chem_obj, key, T):
    attr, factor, _, _ = PROPS[key]
    obj = getattr(chem_obj, attr)
    method = getattr(obj, "method", None)
    if method is None:
        return None, None, False
    try:
        v = obj.T_dependent_property(T)
    except Exception:
        v = None
    if v is None or not math.isfinite(v):
        return None, method, False
    lo, hi = obj.T_limits.get(method, (None, None))
    extrap = lo is not None and not (lo <= T <= hi)
    if key == "rhol":
        v = chem_obj.MW / 1000.0 / v
    else:
        v *= factor
    return v, method, extrap


def temperatures(c):
    Tc, Tm = c.Tc, c.Tm or 0.0
    ts = [f * Tc for f in FRACTIONS]
    if min(ts) < Tm + 2:  # short liquid range: spread over Tm..Tc instead
        ts = [Tm + g * (Tc - Tm) for g in (0.2, 0.4, 0.6)]
    return [round(t, 2) for t in ts]


def pct(n, d):
    return f"{100.0 * n / d:5.1f}" if d else "  n/a"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chem", default=os.path.join(os.path.dirname(__file__), "..", "bin", "chem.js"))
    ap.add_argument("--db", default=os.environ.get("CHEM_DB", "/work/db/main.db"))
    ap.add_argument("--csv", help="write every compared row here")
    ap.add_argument("--only", help="comma-separated subset of compound names")
    args = ap.parse_args()

    from thermo import Chemical  # needs thermo on PYTHONPATH
    try:
        import CoolProp  # noqa: F401
        print("note: CoolProp is installed")
    except ImportError:
        print("note: CoolProp not installed: thermo uses its tabulated correlations")

    comps = COMPOUNDS
    if args.only:
        want = set(args.only.split(","))
        comps = [c for c in COMPOUNDS if c[0] in want]

    rows, sat_rows, phase_rows, notes = [], [], [], []
    for name, cas in comps:
        c = Chemical(cas)
        Ts = temperatures(c)
        targs = ["--t", ",".join(str(t) for t in Ts)]
        arg, d = name, run_chem(args, name, targs)[0]
        if not d or d["compound"].get("cas") != cas:
            arg, note = resolve(args, name, cas, targs)
            notes.append(note)
            d = run_chem(args, arg, targs)[0] if arg else None
        states = {round(s["t"], 2): s for s in d["states"]} if d else {}
        for T in Ts:
            st = states.get(round(T, 2), {"props": {}})
            for key in PROPS:
                tv, tm, tx = thermo_value(c, key, T)
                pts = st["props"].get(key) or []
                p0 = pts[0] if pts else None
                cv = p0["v"] if p0 else None
                rel = (cv - tv) / tv if (cv is not None and tv) else None
                # best chem point (any source) — tells ranking problems from data problems
                best = min((abs(p["v"] - tv) / abs(tv) for p in pts), default=None) if tv else None
                flags = "".join(f for f, k in (("i", "interpolated"), ("x", "extrapolated"), ("c", "calc")) if p0 and p0.get(k))
                rows.append(dict(compound=name, cas=cas, T=T, Tr=round(T / c.Tc, 3), key=key,
                                 thermo=tv, thermo_method=tm, thermo_extrap=tx,
                                 thermo_estimate=tm in THERMO_ESTIMATES,
                                 all_pts=json.dumps([[p["s"], p["v"]] for p in pts]),
                                 chem=cv, chem_s=p0 and p0.get("s"), chem_c=p0 and p0.get("c"),
                                 chem_flags=flags, n_chem_pts=len(pts), rel=rel, best_rel=best))
        # saturation temperatures
        try:
            Ptrip = c.VaporPressure.T_dependent_property(c.Tm) if c.Tm else 0.0
        except Exception:
            Ptrip = 0.0
        for P in PRESSURES_KPA:
            if Ptrip and P * 1e3 < Ptrip or P * 1e3 > (c.Pc or 1e12):
                continue
            try:
                tT = c.VaporPressure.solve_property(P * 1e3)
            except Exception:
                tT = None
            cT, cnote = None, ""
            if arg:
                ds, err = run_chem(args, arg, ["--p", f"{P}kPa", "--prop", "pvap"])
                if ds and ds["states"] and ds["states"][0].get("saturation"):
                    cT = ds["states"][0]["t"]
                    cnote = "; ".join(ds.get("notices", []))[:110]
                else:
                    cnote = (err or "no saturation state")[:110]
            sat_rows.append(dict(compound=name, P=P, thermo=tT, thermo_method=c.VaporPressure.method,
                                 chem=cT, diff=(cT - tT) if (cT is not None and tT) else None, note=cnote))
        # phases
        if name in PHASE_COMPOUNDS:
            for T, P in PHASE_POINTS:
                tp = Chemical(cas, T=T, P=P * 1e3).phase
                cp = None
                if arg:
                    dp, _ = run_chem(args, arg, ["--t", str(T), "--p", f"{P}kPa", "--prop", "pvap"])
                    cp = dp["states"][0].get("phase") if dp and dp["states"] else None
                phase_rows.append((name, T, P, tp, cp))
        print(f"  done {name}", file=sys.stderr)

    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)

    print("\nName resolution problems:" if notes else "\nAll names resolved to the expected CAS.")
    for n in notes:
        print("  " + n)

    print("\n== Properties: chem's first point vs thermo's selected method ==")
    hdr = f"{'key':7s} {'tol':>5s} {'rows':>5s} {'answ':>5s} {'answ%':>6s} {'within%':>8s} {'in(3%)':>7s} {'median|d|%':>11s} {'w/o th.extrap/est within%':>26s} {'any chem pt within%':>20s}"
    print(hdr)
    for key, (_, _, tol, tol2) in PROPS.items():
        rs = [r for r in rows if r["key"] == key and r["thermo"] is not None]
        ans = [r for r in rs if r["chem"] is not None]
        ok = [r for r in ans if abs(r["rel"]) <= tol]
        ok2 = [r for r in ans if tol2 and abs(r["rel"]) <= tol2]
        ni = [r for r in ans if not r["thermo_extrap"] and not r["thermo_estimate"]]
        oki = [r for r in ni if abs(r["rel"]) <= tol]
        okb = [r for r in ans if r["best_rel"] is not None and r["best_rel"] <= tol]
        med = statistics.median(abs(r["rel"]) for r in ans) * 100 if ans else float("nan")
        print(f"{key:7s} {tol*100:4.1f}% {len(rs):5d} {len(ans):5d} {pct(len(ans), len(rs)):>6s} "
              f"{pct(len(ok), len(ans)):>8s} {pct(len(ok2), len(ans)) if tol2 else '':>7s} {med:11.2f} "
              f"{pct(len(oki), len(ni)) + f' (n={len(ni)})':>26s} {pct(len(okb), len(ans)):>20s}")
    allr = [r for r in rows if r["thermo"] is not None]
    print(f"overall: chem answers {sum(r['chem'] is not None for r in allr)}/{len(allr)} "
          f"= {pct(sum(r['chem'] is not None for r in allr), len(allr))} % of rows where thermo has a value")

    for key, (_, _, tol, _) in PROPS.items():
        rs = [r for r in rows if r["key"] == key and r["thermo"] is not None]
        bad = sorted((r for r in rs if r["chem"] is not None), key=lambda r: -abs(r["rel"]))[:10]
        miss = [r for r in rs if r["chem"] is None]
        print(f"\n-- {key}: worst 10 (rel = chem/thermo - 1; flags i=interpolated x=extrapolated c=calc; "
              f"th* = thermo extrapolated its method, th~ = thermo's method is an estimate) --")
        for r in bad:
            print(f"  {r['compound'][:18]:18s} T={r['T']:7.2f} Tr={r['Tr']:.2f} chem={r['chem']:.5g} "
                  f"thermo={r['thermo']:.5g} rel={r['rel']*100:+7.1f}% best={r['best_rel']*100:5.1f}% "
                  f"[{r['chem_s']}{'/' + r['chem_flags'] if r['chem_flags'] else ''}: {(r['chem_c'] or '')[:60]}] "
                  f"thermo={r['thermo_method']}{'*' if r['thermo_extrap'] else ''}{'~' if r['thermo_estimate'] else ''}")
        if miss:
            print(f"  not answered by chem ({len(miss)}): " +
                  ", ".join(f"{r['compound']}@{r['T']:.0f}K(th:{r['thermo_method']}{'*' if r['thermo_extrap'] else ''})"
                            for r in miss))

    print("\n== Saturation temperature at P: chem `--p` vs thermo VaporPressure.solve_property ==")
    cmp_ = [r for r in sat_rows if r["thermo"] is not None]
    ans = [r for r in cmp_ if r["chem"] is not None]
    ok = [r for r in ans if abs(r["diff"]) <= 0.5]
    med = statistics.median(abs(r["diff"]) for r in ans) if ans else float("nan")
    print(f"rows {len(cmp_)}, answered {len(ans)} ({pct(len(ans), len(cmp_))} %), within 0.5 K "
          f"{pct(len(ok), len(ans))} %, median |dT| {med:.3f} K")
    for r in sorted(ans, key=lambda r: -abs(r["diff"]))[:10]:
        print(f"  {r['compound'][:18]:18s} P={r['P']:5.0f} kPa chem={r['chem']:.2f} thermo={r['thermo']:.2f} "
              f"dT={r['diff']:+.2f} K thermo={r['thermo_method']} | {r['note']}")
    for r in cmp_:
        if r["chem"] is None:
            print(f"  not answered: {r['compound']} at {r['P']} kPa: {r['note']}")

    print("\n== Phase ==")
    for name, T, P, tp, cp in phase_rows:
        ok = {"l": "liquid", "g": "gas", "s": "solid"}.get(tp, tp) == cp
        print(f"  {name:10s} {T:.2f} K {P} kPa  thermo={tp} chem={cp} {'OK' if ok else 'MISMATCH'}")


if __name__ == "__main__":
    main()
