#!/usr/bin/env python3
"""Warm TP flash of the 9-component natural gas by CalebBell/thermo's FlashVL (PRMIX), for bench/flash.js:
the system of test/vle/pr_thermo.py (chemicals' Tc, Pc, omega; kij ChemSep else E-PPR78 else 0), the
flash repeated N times after one warm-up; prints one JSON line {"ms": per flash, "vf": ...}.
  PYTHONPATH=/work/ref/thermo:/work/ref/chemicals:/work/ref/fluids /usr/bin/python3 bench/flash-thermo.py [N]
"""
import importlib.util, json, os, sys, time

spec = importlib.util.spec_from_file_location('pr_thermo', os.path.join(os.path.dirname(__file__), '../test/vle/pr_thermo.py'))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
names, z, T, P = ref.MIXTURES[0][1:]
flasher, comps, kij = ref.system(names)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
r = flasher.flash(T=T, P=P * 1000, zs=z)
t0 = time.perf_counter()
for _ in range(n):
    flasher.flash(T=T, P=P * 1000, zs=z)
print(json.dumps({'ms': (time.perf_counter() - t0) / n * 1000, 'vf': r.VF, 'components': comps, 'kij': kij, 'z': z, 't': T, 'p': P}))
