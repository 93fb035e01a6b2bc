#!/usr/bin/python3
"""Trains the chem-ml model family on the exported dataset (src/ml/dataset.ts) and writes one model file per property,
the golden predictions and the validation report. Run through `npm run train` (which exports the data first).

Model per property: an ensemble of gradient-boosted tree models (XGBoost), each member with its own seed and
row/column subsamples; for additive properties the trees learn a correction of the group-contribution estimate
(trees cannot extrapolate sums, the estimate can). Prediction = offset + mean of the members.

Uncertainty: an error member, trees that learn ln(|error| + floor) from the same features, trained on the model's
own scaffold and random cross-validation errors (so it learns which kinds of molecules the model gets wrong);
e = c * exp(error member) * max(1, unseen / ref), where unseen counts the molecule's distinct circular atom
environments (radius 0-2, unhashed) that no training compound holds: trees cannot see that a molecule is unlike
anything they were trained on, this count does. ref is the 95th percentile of unseen among the scaffold-CV compounds
(counted against each fold's training compounds), so only a molecule stranger than 95 % of them is widened on that
account: on the folds, a factor growing with unseen from the first environment on ranked the errors worse (the error
member already knows which kinds of molecules are hard). c makes COVERAGE of the scaffold-CV and random-CV errors
together fall within e, with the error member itself cross-validated on the scaffold folds.

Direct fallback: an offset model has no value for a molecule without the estimate (Joback cannot fragment it, or its
Tc is past the method's maximum), so beside it `<key>-direct` learns the value itself from all the compounds and
serves those molecules alone; its e is calibrated on them.
"""
import argparse
import base64
import csv
import gzip
import json
import math
import os
import sys
import time

# XGBoost's OpenMP threads spin while they wait for each other; on busy cores that made training 7x slower
# (measured on 2 shared cores), so they sleep instead unless the caller chose a policy.
os.environ.setdefault('OMP_WAIT_POLICY', 'PASSIVE')

import numpy as np
import scipy.sparse as sp
import xgboost as xgb
from scipy.stats import spearmanr
from sklearn.model_selection import GroupKFold, KFold

from booster import encode_booster

FAMILY = 'chem-ml'
VERSION = '1.1'
ALLOWED = ['B', 'Br', 'C', 'Cl', 'F', 'H', 'I', 'N', 'O', 'P', 'S', 'Si']
MIN_ELEMENT = 10  # an element is in a model's domain when at least this many training compounds hold it

# Per property, chosen on the scaffold cross-validation: the baseline of the report (a feature column) and its
# factor to registry units; offset: the trees learn a correction of that estimate (no estimate, no model value);
# huber: pseudo-Huber loss against heavy-tailed label noise; log: trained on ln(value); per: the trees learn the value
# divided by property `per`'s (× per_scale), from the compounds' measured `per` values, and the model's value is that
# times the `per` model's prediction (the offset is the estimate's own ratio, baseline / per_baseline).
# hvap per tb: ΔHvap at Tb over Tb is the entropy of vaporisation, near Trouton's constant for most liquids; the trees
# learn its departures from ~760 compounds and the value borrows what the tb model learnt from ~8 700. On the scaffold
# folds this took hvap's MAE from 1.95 to 1.85 kJ/mol on the database and from 2.36 to 1.87 on the CritProp folds.
# rounds: boosting rounds where they differ from ROUNDS. tb: 600 (its direct fallback too), chosen on the vapour-pressure
# hold-out (150 compounds left out of every model): scaffold MAE 12.38 -> 11.81 K, random 11.31 -> 10.71 K, and the
# estimated ln P's median error 0.231 -> 0.194 at three temperatures across each measured curve (docs/predict.md).
# form: the estimate the trees correct, transformed. tb: Stein & Brown's correction of Joback's Tb (Joback's error grows
# with the molecule: mean residual +7 K at 5-6 heavy atoms, -117 K at 20-29; -4 to -6 K corrected): on the scaffold folds
# the ln P errors of the out-of-fold Tb went median 0.187 -> 0.171, mean 0.477 -> 0.441 (other tries: docs/predict.md).
# tree: the members' tree parameters where they differ from TREE. hvap's ratio is a small, smooth correction: trees of
# depth 4 did as well as depth 7 on the database's scaffold folds and better on the CritProp folds (1.87 against
# 1.98), and a molecule's walk through them is 43 % shorter.
# af: L2 regularisation λ 20 (TREE's 2): ω's ~1 400 labels are few for depth-7 leaves; on the scaffold folds MAE
# 0.0424 -> 0.0410, on the random folds 0.0378 -> 0.0366 (pc and vc gained nothing from it: 194 -> 199 kPa, vc level).
CONFIG = {
    'tb': dict(baseline='joback_est_tb', scale=1, offset=True, huber=True, rounds=600, form='stein-brown'),
    'tf': dict(baseline='joback_est_tf', scale=1, huber=True),
    'tc': dict(baseline='joback_est_tc', scale=1, offset=True, huber=True),
    'pc': dict(baseline='joback_est_pc_bar', scale=100, offset=True, huber=True),
    'vc': dict(baseline='joback_est_vc_cm3', scale=1e-3, offset=True, huber=True),
    'af': dict(baseline='joback_est_af_lee_kesler', scale=1, offset=True, tree=dict(reg_lambda=20.0)),
    'hf': dict(baseline='joback_est_hf', scale=1, offset=True, huber=True),
    'gf': dict(baseline='joback_est_gf', scale=1, offset=True, huber=True),
    'hvap': dict(baseline='joback_est_hvap', scale=1, offset=True, huber=True, per='tb', per_baseline='joback_est_tb', per_scale=1000,
                 tree=dict(max_depth=4)),
    'hfus': dict(baseline='joback_est_hfus', scale=1, log=True),
    'log10ws': dict(baseline='joback_est_log10ws_gse', scale=1),
    'logp': dict(baseline='crippen_logp', scale=1, offset=True),
}
COL = {}  # feature name -> column, set from features.txt
MEMBERS = 2
TREE = dict(max_depth=7, eta=0.1, subsample=0.8, colsample_bytree=0.4, min_child_weight=2, reg_lambda=2.0,
            objective='reg:squarederror', tree_method='hist', nthread=2, max_bin=64)
ROUNDS = 200
ROUNDS_OVERRIDE = None  # CHEM_TRAIN_ROUNDS: every model's rounds (smoke runs)
# The error member: shallower, slower-learning trees (ln |error| is a noisy target); chosen on the nested scaffold CV,
# where it ranked errors better than the members' spread for every property (tf 0.11 -> 0.30, tb 0.33 -> 0.54).
ERROR_TREE = dict(TREE, max_depth=5, eta=0.05, min_child_weight=10)
ERROR_ROUNDS = 200
# The direct fallback of an offset model serves the few molecules without a group-contribution estimate: one member
# (the error member ranks its errors; a second member would double its size for a few percent).
DIRECT_MEMBERS = 1
MIN_UNCOVERED = 20  # training compounds without the estimate that a direct fallback needs (its calibration set)
NOVELTY_REF = 0.95  # quantile of the scaffold-CV compounds' unseen count beyond which e grows with it
# Share of the cross-validation errors within e. Below 0.683 on purpose: the fold models learn from 80 % of the
# compounds, the shipped model from all, so its errors on new compounds run smaller; with 0.683 on the folds, 70-84 %
# of an 800-compound hold-out's errors fell within e (the shipped model retrained without them), 70-79 % with 0.65, and
# 64-76 % with 0.63 (mean 0.69, the middle of a 68 % interval's 60-78 % goal band).
COVERAGE = 0.63


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def load(data, name, width):
    x = np.fromfile(os.path.join(data, name + '.f32'), dtype=np.float32).reshape(-1, width)
    with open(os.path.join(data, name + '.tsv')) as f:
        head = f.readline().rstrip('\n').split('\t')
        rows = [dict(zip(head, l.rstrip('\n').split('\t'))) for l in f]
    return x, rows


def load_envs(data, name):
    """Each molecule's sorted distinct environment ids (the export's <name>.env: count, then the ids), or None."""
    path = os.path.join(data, name + '.env')
    if not os.path.exists(path):
        return None
    buf = np.fromfile(path, dtype='<u4')
    out, at = [], 0
    while at < len(buf):
        n = int(buf[at])
        out.append(buf[at + 1:at + 1 + n])
        at += 1 + n
    return out


def unseen(envs, seen):
    """Per molecule, how many of its environment ids are not in the sorted array seen."""
    out = np.zeros(len(envs))
    for i, e in enumerate(envs):
        pos = np.searchsorted(seen, e)
        out[i] = len(e) - np.count_nonzero(seen[np.minimum(pos, len(seen) - 1)] == e)
    return out


def dmatrix(x, y=None):
    """Sparse input (most features are zero counts): a zero is absent, so XGBoost treats zeros and NaN alike as
    missing and sends them the learnt default way (ml.ts does the same). 4x faster than dense here."""
    return xgb.DMatrix(sp.csr_matrix(x), label=y, missing=np.nan, nthread=2)


def stein_brown(tb):  # Stein & Brown's correction of a group-contribution Tb (J. Chem. Inf. Comput. Sci. 1994, 34, 581)
    return np.where(tb <= 700, tb - 94.84 + 0.5577 * tb - 0.0007705 * tb * tb, tb + 282.7 - 0.5209 * tb)


class Model:
    def __init__(self, key, seed, direct=False):
        """direct: the fallback of an offset model, for molecules without the estimate: the trees learn the value itself."""
        self.key, self.seed, self.cfg = key, seed, dict(CONFIG[key], offset=False, per=None, tree=None) if direct else CONFIG[key]
        self.members = DIRECT_MEMBERS if direct else MEMBERS

    def offset(self, x):
        """The group-contribution estimate the trees correct (additive properties), or 0."""
        if not self.cfg.get('offset'):
            return np.zeros(len(x))
        v = x[:, COL[self.cfg['baseline']]].astype(np.float64) * self.cfg['scale']
        v = stein_brown(v) if self.cfg.get('form') == 'stein-brown' else v
        if self.cfg.get('per'):
            v = v / x[:, COL[self.cfg['per_baseline']]].astype(np.float64) * self.cfg['per_scale']
        return v

    def fit(self, x, y, envs=None, per=None):
        """envs: the training compounds' environment ids (the novelty's reference), when e is to be computed;
        per: their measured values of property cfg['per'] (see CONFIG)."""
        self.seen = np.unique(np.concatenate(envs)).astype(np.uint32) if envs is not None else None
        base = self.offset(x)
        assert not (self.cfg.get('log') and self.cfg.get('offset')), 'an offset is added in linear units'
        if self.cfg.get('per'):
            y = y / per * self.cfg['per_scale']
        r = (np.log(y) if self.cfg.get('log') else y) - base
        self.base_score = float(np.float32(np.median(r)))
        self.boosters = []
        d = dmatrix(x, r)
        for m in range(self.members):
            params = dict(TREE, **(self.cfg.get('tree') or {}), seed=self.seed * 100 + m, base_score=self.base_score)
            if self.cfg.get('huber'):  # heavy-tailed label noise: pseudo-Huber loss, slope = robust spread of r
                params.update(objective='reg:pseudohubererror', huber_slope=float(1.4826 * np.median(np.abs(r - np.median(r)))) or 1.0)
            self.boosters.append(xgb.train(params, d, ROUNDS_OVERRIDE or self.cfg.get('rounds', ROUNDS)))
        return self

    def fit_error(self, x, errs, calibration=None, ref=None):
        """The error member on the compounds x's errors in each cross-validation of errs, its scaffold and random
        folds (see the module's docstring): a compound's two errors average out some of the noise of one; on the
        folds, tf's Spearman(e, |random-fold error|) went 0.27 -> 0.29 and log10ws's 0.29 -> 0.31 (scaffold: 0.30 and
        0.31 both ways)."""
        err = np.concatenate(errs)
        floor = float(0.1 * np.median(err)) or 1e-9  # keeps ln finite for the compounds the model hit exactly
        r = np.log(err + floor)
        self.error_base = float(np.float32(np.median(r)))
        d = dmatrix(np.vstack([x] * len(errs)), r)
        self.error_booster = xgb.train(dict(ERROR_TREE, seed=self.seed * 100 + 99, base_score=self.error_base), d, ERROR_ROUNDS)
        self.calibration, self.ref = calibration, ref
        return self

    def error_scale(self, x):
        """exp(error member): the expected size of the error, before calibration and novelty."""
        return np.exp(self.error_booster.predict(dmatrix(x)).astype(np.float64))

    def predict(self, x, envs=None, per=None):
        """Values, the members' spread, and e when the error member is fitted and calibrated (else NaN); per: the
        `per` model's predictions for x (see CONFIG)."""
        base = self.offset(x)
        d = dmatrix(x)
        members = np.stack([b.predict(d).astype(np.float64) for b in self.boosters])
        mean = members.mean(axis=0)
        v = np.exp(base + mean) if self.cfg.get('log') else base + mean
        spread = v * members.std(axis=0) if self.cfg.get('log') else members.std(axis=0)  # log: to the value's units, first order
        if self.cfg.get('per'):  # e's error member learnt the value's own errors: it needs no factor
            v, spread = v * per / self.cfg['per_scale'], spread * per / self.cfg['per_scale']
        e = np.full(len(x), np.nan)
        if getattr(self, 'calibration', None):
            e = self.calibration * self.error_scale(x) * np.maximum(1, unseen(envs, self.seen) / self.ref)
        return v, spread, e


def domain_mask(rows, elements):
    allowed = set(elements)
    return np.array([r['fragments'] == '1' and set(r['elements'].split()) <= allowed for r in rows])


def scaffold_groups(rows):
    """Bemis-Murcko scaffold groups; acyclic molecules (no scaffold) are each their own group."""
    ids, out = {}, []
    for i, r in enumerate(rows):
        s = r['scaffold'] or ('acyclic:%d' % i)
        out.append(ids.setdefault(s, len(ids)))
    return np.array(out)


def metrics(y, p):
    e = p - y
    mae = float(np.mean(np.abs(e)))
    rmse = float(math.sqrt(np.mean(e * e)))
    ss = float(np.sum((y - y.mean()) ** 2))
    r2 = 1 - float(np.sum(e * e)) / ss if ss > 0 else float('nan')
    return mae, rmse, r2


def cross_validate(key, x, y, envs, groups, seed, kind, direct=False, per=None):
    """Out-of-fold predictions, spreads and unseen-environment counts (to the fold's training set), and the folds.
    per: (measured values, out-of-fold predictions of this kind) of property cfg['per'], for a model built on it."""
    pred, spread, nov = np.zeros(len(y)), np.zeros(len(y)), np.zeros(len(y))
    if kind == 'random':
        splits = list(KFold(5, shuffle=True, random_state=seed).split(x))
    else:
        # GroupKFold is deterministic; shuffle group labels with the seed so folds do not follow scaffold order.
        perm = np.random.RandomState(seed).permutation(groups.max() + 1)
        splits = list(GroupKFold(5).split(x, groups=perm[groups]))
    for tr, te in splits:
        m = Model(key, seed, direct).fit(x[tr], y[tr], [envs[i] for i in tr], per[0][tr] if per else None)
        pred[te], spread[te], _ = m.predict(x[te], per=per[1][te] if per else None)
        nov[te] = unseen([envs[i] for i in te], m.seen)
    return pred, spread, nov, splits


def calibrate_error(key, x, err, nov, splits, seed, err_random, direct=False, served=None):
    """The error member cross-validated on the scaffold folds that gave err (unseen counts nov): the novelty ref and
    the calibration c that puts COVERAGE of the scaffold and random-fold errors (err_random) together within e, for
    a molecule of a new scaffold and a close analogue alike (a direct fallback: of the compounds it serves, `served`);
    returns (c, ref, e)."""
    scale = np.zeros(len(err))
    for tr, te in splits:
        scale[te] = Model(key, seed, direct).fit_error(x[tr], [err[tr], err_random[tr]]).error_scale(x[te])
    ref = max(1.0, float(np.quantile(nov, NOVELTY_REF)))
    s = scale * np.maximum(1, nov / ref)
    on = np.ones(len(err), bool) if served is None else served
    c = float(np.quantile(np.concatenate([err[on] / s[on], err_random[on] / s[on]]), COVERAGE))
    return c, ref, c * s


def write_model(out, key, model, elements, max_heavy, beta, first, n, cv, features):
    """Without an error member (--no-cv), e is the members' spread (calibration 1)."""
    err = getattr(model, 'calibration', None) is not None
    doc = dict(key=key, family=FAMILY, version=VERSION, beta=beta, first=first, features=features['version'],
               n_features=features['n'], trained_on=n, calibration=model.calibration if err else 1.0, cv=cv,
               domain=dict(elements=elements, max_heavy=max_heavy),
               base_score=model.base_score, members=[encode_booster(b) for b in model.boosters])
    if err:  # the error member is the last member
        doc['members'].append(encode_booster(model.error_booster))
        doc['error'] = dict(base_score=model.error_base)
        doc['novelty'] = dict(ref=model.ref, seen=base64.b64encode(model.seen.astype('<u4').tobytes()).decode())
    if model.cfg.get('log'):
        doc['transform'] = 'log'
    if model.cfg.get('offset'):
        form = {'form': model.cfg['form']} if model.cfg.get('form') else {}
        doc['offset'] = dict(index=COL[model.cfg['baseline']], scale=model.cfg['scale'], **form)
    if model.cfg.get('per'):  # value = (offset + trees) × the per model's value × scale; offset = scale × x[index] / x[over]
        doc['offset'].update(over=COL[model.cfg['per_baseline']], scale=model.cfg['scale'] * model.cfg['per_scale'])
        doc['per'] = dict(key=model.cfg['per'], scale=1 / model.cfg['per_scale'])
    # mtime 0: a retrain that changes nothing writes the same bytes (and git sees no change)
    with open(os.path.join(out, key + '.json.gz'), 'wb') as raw, gzip.GzipFile(fileobj=raw, mode='wb', compresslevel=9, mtime=0) as z:
        z.write(json.dumps(doc, separators=(',', ':')).encode())


def read_csv(path):
    with open(path) as f:
        return list(csv.DictReader(f))


# CritProp fold columns → registry units (the same conversions as src/local/store/import/critprop.ts).
CRITPROP_COLS = {'tc': ('Tc', 1), 'pc': ('Pc', 100), 'vc': ('rhoc', None), 'af': ('omega', 1), 'tb': ('Tb', 1),
                 'tf': ('Tm', 1), 'hvap': ('dHvap', 1), 'hfus': ('dHfus', 1)}


def critprop_value(row, key):
    col, f = CRITPROP_COLS[key]
    v = row.get(col, '')
    if v == '':
        return None
    v = float(v)
    return 1 / v if f is None else v * f


def critprop_benchmark(args, keys, db_x, db_rows, names, seed):
    """The published CritProp folds: our models trained (a) on each fold's training file only and (b) on the
    database with the fold's test compounds removed; tested on the fold's test file against the paper's D-MPNN
    and Joback, on the test compounds that Joback covers and that are in our domain."""
    splits = os.path.join(args.data_dir, 'critprop/data_splits_and_model_predictions')
    if not args.data_dir or not os.path.isdir(splits):
        return None
    cp_x, cp_rows = load(args.data, 'critprop', len(names))
    by_smiles = {r['smiles']: i for i, r in enumerate(cp_rows)}
    col = {n: i for i, n in enumerate(names)}
    db_id = np.array([r['idcode'] for r in db_rows])
    db_y = lambda key: np.array([float(r[key]) if r[key] else np.nan for r in db_rows])
    result, fold_models = {}, {}  # fold_models[kind, fold, key]: (ours fold, ours database), for the models built on them
    for kind, folds in (('scaffold', 3), ('random', 5)):
        if kind == 'random' and not args.random_folds:
            continue
        for key in keys:
            if key not in CRITPROP_COLS:
                continue
            acc = dict(n=0, ours_fold=0.0, ours_db=0.0, dmpnn=0.0, joback=0.0)
            for fold in range(folds):
                d = os.path.join(splits, '%s_split' % kind, 'fold%d' % fold)
                train = read_csv(os.path.join(d, 'critprop_expt_data_train_%s_fold%d.csv' % (kind, fold)))
                test = read_csv(os.path.join(d, 'critprop_expt_data_test_%s_fold%d.csv' % (kind, fold)))
                dmpnn = read_csv(os.path.join(d, 'critprop_model_pred_test_%s_fold%d.csv' % (kind, fold)))
                per = CONFIG[key].get('per')  # a model built on another's: trained on the compounds with both values
                tr = [(by_smiles[r['smiles']], critprop_value(r, key), critprop_value(r, per) if per else 0) for r in train if r['smiles'] in by_smiles]
                tr = [(i, v, w) for i, v, w in tr if v is not None and w is not None and cp_rows[i]['fragments'] == '1'
                      and not (CONFIG[key].get('offset') and np.isnan(cp_x[i, col[CONFIG[key]['baseline']]]))]
                xi = np.array([i for i, _, _ in tr]); yi = np.array([v for _, v, _ in tr])
                m_fold = Model(key, seed).fit(cp_x[xi], yi, per=np.array([w for _, _, w in tr]) if per else None)
                m_db = None
                if args.critprop_db:  # (b): the database without the fold's test compounds
                    test_ids = {cp_rows[by_smiles[r['smiles']]]['idcode'] for r in test if r['smiles'] in by_smiles}
                    y_db, y_per = db_y(key), db_y(per) if per else None
                    keep = ~np.isnan(y_db) & domain_mask(db_rows, ALLOWED) & ~np.isin(db_id, list(test_ids))
                    if CONFIG[key].get('offset'):
                        keep &= ~np.isnan(db_x[:, col[CONFIG[key]['baseline']]])
                    if per:
                        keep &= ~np.isnan(y_per)
                    m_db = Model(key, seed).fit(db_x[keep], y_db[keep], per=y_per[keep] if per else None)
                fold_models[kind, fold, key] = (m_fold, m_db)
                sel, ys, dm = [], [], []
                for r, p in zip(test, dmpnn):
                    v, pv = critprop_value(r, key), critprop_value(p, key)
                    i = by_smiles.get(r['smiles'])
                    if v is None or pv is None or i is None:
                        continue
                    if cp_rows[i]['fragments'] != '1' or not set(cp_rows[i]['elements'].split()) <= set(ALLOWED):
                        continue
                    jb = cp_x[i, col[CONFIG[key]['baseline']]]
                    if np.isnan(jb):
                        continue
                    sel.append(i); ys.append(v); dm.append(pv)
                if not sel:
                    continue
                sel, ys, dm = np.array(sel), np.array(ys), np.array(dm)
                jb = cp_x[sel, col[CONFIG[key]['baseline']]].astype(np.float64) * CONFIG[key]['scale']
                acc['n'] += len(sel)
                # the per model's prediction from the same training data (its key comes first in CONFIG)
                per_fold, per_db = [m.predict(cp_x[sel])[0] if m else None for m in fold_models[kind, fold, per]] if per else (None, None)
                acc['ours_fold'] += float(np.sum(np.abs(m_fold.predict(cp_x[sel], per=per_fold)[0] - ys)))
                acc['ours_db'] += float(np.sum(np.abs(m_db.predict(cp_x[sel], per=per_db)[0] - ys))) if m_db else float('nan')
                acc['dmpnn'] += float(np.sum(np.abs(dm - ys)))
                acc['joback'] += float(np.sum(np.abs(jb - ys)))
            if acc['n']:
                for k in ('ours_fold', 'ours_db', 'dmpnn', 'joback'):
                    acc[k] /= acc['n']
                result['%s:%s' % (kind, key)] = acc
                log('critprop %s %s n=%d ours(fold)=%.3f ours(db)=%.3f dmpnn=%.3f joback=%.3f' % (
                    kind, key, acc['n'], acc['ours_fold'], acc['ours_db'], acc['dmpnn'], acc['joback']))
    return result


def golden_points(model, golden, elements, max_heavy, estimate, per=None):
    """[value, e] of each golden molecule the model gives a point for, else None: in its domain and, when `estimate`
    is True / False, with / without its property's group-contribution estimate (and, for a model built on another's,
    with a value of that model: per, its golden points). Without an error member (--no-cv), e is the members' spread."""
    gx, grows, genvs = golden
    per_v = None if per is None else np.array([np.nan if q is None else q[0] for q in per])
    p, spread, e = model.predict(gx, genvs, per_v)
    if getattr(model, 'calibration', None) is None:
        e = spread
    inside = domain_mask(grows, elements) & np.array([float(r['heavy']) <= max_heavy for r in grows])
    if estimate is not None:
        has = ~np.isnan(gx[:, COL[CONFIG[model.key]['baseline']]])
        inside &= has if estimate else ~has
    if per_v is not None:
        inside &= ~np.isnan(per_v)
    return [[float(a), float(b)] if ok else None for a, b, ok in zip(p, e, inside)]


def train_direct(args, key, x, rows, envs, mask, elements, features, golden, golden_out, y):
    """The direct fallback of offset model `key` (see the module's docstring), trained on the compounds of mask;
    returns its report entry, or None when too few training compounds lack the estimate to calibrate its e."""
    t0 = time.time()
    name = key + '-direct'
    base = x[:, COL[CONFIG[key]['baseline']]]
    idx = np.flatnonzero(mask)
    served = np.isnan(base[idx])
    if served.sum() < MIN_UNCOVERED:
        return None
    xs, ys, sub_envs = x[idx], y[idx], [envs[i] for i in idx]
    sub_rows = [rows[i] for i in idx]
    groups = scaffold_groups(sub_rows)
    entry = dict(n=len(idx), n_served=int(served.sum()))
    pred, _, _, _ = cross_validate(key, xs, ys, sub_envs, groups, args.seed, 'random', direct=True)
    err_random = np.abs(pred - ys)
    pred, _, nov, splits = cross_validate(key, xs, ys, sub_envs, groups, args.seed, 'scaffold', direct=True)
    err = np.abs(pred - ys)
    calib, ref, e = calibrate_error(key, xs, err, nov, splits, args.seed, err_random, direct=True, served=served)
    entry.update(scaffold=metrics(ys[served], pred[served]), random_mae=float(err_random[served].mean()),
                 coverage_68=float(np.mean(err[served] <= e[served])), coverage_68_random=float(np.mean(err_random[served] <= e[served])),
                 spearman=float(spearmanr(e[served], err[served])[0]), calibration=calib, novelty_ref=ref)
    model = Model(key, args.seed, direct=True).fit(xs, ys, sub_envs).fit_error(xs, [err, err_random], calib, ref)
    max_heavy = int(max(float(r['heavy']) for r in sub_rows))
    cv = dict(scaffold=dict(mae=entry['scaffold'][0], n=int(served.sum())), random=dict(mae=entry['random_mae'], n=int(served.sum())))
    write_model(args.out, name, model, elements, max_heavy, True, False, len(ys), cv, features)
    entry['bytes'] = os.path.getsize(os.path.join(args.out, name + '.json.gz'))
    entry['seconds'] = round(time.time() - t0, 1)
    if golden is not None:  # the molecules it serves: in its domain and without the estimate
        golden_out['predictions'][name] = golden_points(model, golden, elements, max_heavy, estimate=False)
    log('%s: n=%d (%d without the estimate): scaffold MAE on those %.4g, random %.4g, within e %.2f, Spearman %.2f, %.1f s' % (
        name, len(ys), served.sum(), entry['scaffold'][0], entry['random_mae'], entry['coverage_68'], entry['spearman'], entry['seconds']))
    return entry


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True, help='directory written by the export')
    ap.add_argument('--out', required=True, help='directory for the model files')
    ap.add_argument('--report', help='write the validation report (Markdown) here')
    ap.add_argument('--data-dir', default='', help='data mirror (for the CritProp folds)')
    ap.add_argument('--only', default='', help='these keys, comma-separated (and the models they are built on: hvap also trains tb)')
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--min-element', type=int, default=MIN_ELEMENT, help='compounds an element needs to be in the domain')
    ap.add_argument('--no-cv', action='store_true', help='skip cross-validation and benchmarks (smoke runs)')
    ap.add_argument('--critprop-only', action='store_true', help='only the CritProp fold benchmark; no model files')
    ap.add_argument('--critprop-db', action='store_true', help='also train on the database minus each CritProp test fold')
    ap.add_argument('--random-folds', action='store_true', help='also run the 5 random CritProp folds')
    ap.add_argument("--tb-curves", default="replace", choices=('measured', 'augment', 'replace'), help="tb labels from the measured curves' Tb (curves.py)")
    ap.add_argument('--curves-cv', action='store_true', help='compare the --tb-curves ways on the scaffold folds (curves.py)')
    args = ap.parse_args()
    global ROUNDS_OVERRIDE
    if os.environ.get('CHEM_TRAIN_ROUNDS'):
        ROUNDS_OVERRIDE = int(os.environ['CHEM_TRAIN_ROUNDS'])

    names = open(os.path.join(args.data, 'features.txt')).read().split()
    fmeta = json.load(open(os.path.join(args.data, 'export.json')))
    features = dict(version=fmeta['featuresVersion'], n=len(names))
    x, rows = load(args.data, 'db', len(names))
    envs = load_envs(args.data, 'db')
    col = {n: i for i, n in enumerate(names)}
    COL.update(col)
    only = set(args.only.split(',')) if args.only else set(CONFIG)
    if only - set(CONFIG):
        ap.error('--only: unknown key(s) %s (known: %s)' % (', '.join(sorted(only - set(CONFIG))), ' '.join(CONFIG)))
    only |= {CONFIG[k]['per'] for k in only if CONFIG[k].get('per')}  # a model built on another's needs that one (trained first)
    keys = [k for k in CONFIG if k in only]
    os.makedirs(args.out, exist_ok=True)
    report = dict(family=FAMILY, version=VERSION, seed=args.seed, coverage=COVERAGE, export=fmeta, properties={})
    golden = None
    if os.path.exists(os.path.join(args.data, 'golden.f32')):
        golden = load(args.data, 'golden', len(names)) + (load_envs(args.data, 'golden'),)
        golden_out = dict(smiles=[r['smiles'] for r in golden[1]], predictions={})

    # The CritProp folds first: their scaffold comparison with the baseline is part of the release rule below.
    critprop = None if args.no_cv else critprop_benchmark(args, keys, x, rows, names, args.seed)
    report['critprop'] = critprop
    trained = {}  # key: its compounds (rows) and out-of-fold predictions, for the models built on it
    override = {}  # key: its labels where they are not the rows' own (tb: with the curves' Tb, curves.py)
    if 'tb' in keys and os.path.exists(os.path.join(args.data, 'curves.tsv')):
        import curves as vp
        cur = vp.read_curves(os.path.join(args.data, 'curves.tsv'))
        placed = vp.prepare(rows, cur)
        base = domain_mask(rows, ALLOWED) & ~np.isnan(x[:, col['joback_est_tb']])
        if args.curves_cv:
            report['tb_curves_cv'] = vp.cross_validate_positions(Model, x, rows, cur, base, scaffold_groups, args.seed)
            log('tb labels on the scaffold folds, ln P errors at three T of each curve:', json.dumps(report['tb_curves_cv']))
        override['tb'], used = vp.labels(rows, cur, args.tb_curves)
        report['tb_curves'] = dict(mode=args.tb_curves, curves=len(cur), placed=placed, used=used)
    for key in ([] if args.critprop_only else keys):
        t0 = time.time()
        cfg = CONFIG[key]
        y_all = override.get(key, np.array([float(r[key]) if r[key] else np.nan for r in rows]))
        has = ~np.isnan(y_all)
        cand = has & domain_mask(rows, ALLOWED)
        per = cfg.get('per')
        if per and per not in trained:
            log('%s: no %s model to build on, no model' % (key, per))
            continue
        per_ok = np.ones(len(rows), bool)
        if per:  # trained on the compounds with a measured value of both, validated with the per model's out-of-fold values
            y_per = np.array([float(r[per]) if r[per] else np.nan for r in rows])
            per_ok = ~np.isnan(y_per) & np.isin(np.arange(len(rows)), trained[per]['idx'])
        def domain_elements(m):
            seen = {}
            for r in (rows[i] for i in np.flatnonzero(m)):
                for e in r['elements'].split():
                    seen[e] = seen.get(e, 0) + 1
            return sorted(e for e, n in seen.items() if n >= args.min_element or e in ('C', 'H'))
        elements = domain_elements(cand & per_ok)  # of the compounds it trains on
        mask = cand & per_ok & domain_mask(rows, elements)
        if cfg.get('offset'):  # the trees correct the estimate: no estimate, no model value
            mask &= ~np.isnan(x[:, col[cfg['baseline']]])
        idx = np.flatnonzero(mask)
        if len(idx) < 3:
            log('%s: %d training compounds, no model' % (key, len(idx)))
            continue
        trained[key] = dict(idx=idx)  # and, below, its out-of-fold predictions of each kind
        xs, ys, sub_envs = x[idx], y_all[idx], [envs[i] for i in idx]
        sub_rows = [rows[i] for i in idx]
        max_heavy = int(max(float(r['heavy']) for r in sub_rows))
        no_per = int((has & ~per_ok).sum())
        entry = dict(n=len(idx), dropped_outside_domain=int(has.sum() - len(idx)) - no_per, elements=elements)
        if per:
            entry.update(per=per, dropped_no_per=no_per)
        beta, first = True, False  # beta and behind its baseline unless the cross-validation below says otherwise
        oof = None  # ([scaffold-CV, random-CV errors], calibration, novelty ref): what the error member is trained and scaled with
        if not args.no_cv:
            base = xs[:, col[cfg['baseline']]].astype(np.float64) * cfg['scale']
            ok = ~np.isnan(base)
            for kind in ('random', 'scaffold'):
                groups = scaffold_groups(sub_rows)
                per_cv = None
                if per:
                    at = {r: i for i, r in enumerate(trained[per]['idx'])}
                    per_cv = (y_per[idx], trained[per][kind][[at[r] for r in idx]])
                pred, spread, nov, splits = cross_validate(key, xs, ys, sub_envs, groups, args.seed, kind, per=per_cv)
                trained[key][kind] = pred
                entry[kind] = dict(model=metrics(ys, pred), model_on_baseline=metrics(ys[ok], pred[ok]),
                                   baseline=metrics(ys[ok], base[ok]), n_baseline=int(ok.sum()))
                if kind == 'random':
                    err_random = np.abs(pred - ys)
                if kind == 'scaffold':
                    err = np.abs(pred - ys)
                    calib, ref, e = calibrate_error(key, xs, err, nov, splits, args.seed, err_random)
                    oof = ([err, err_random], calib, ref)
                    entry['coverage_68'] = float(np.mean(err <= e))
                    entry['coverage_68_random'] = float(np.mean(err_random <= e))
                    entry['spearman'] = dict(e=float(spearmanr(e, err)[0]), e_random=float(spearmanr(e, err_random)[0]),
                                             spread=float(spearmanr(spread, err)[0]))
                    beta = not (entry[kind]['model_on_baseline'][0] * 2 <= entry[kind]['baseline'][0])
                    first = entry[kind]['model_on_baseline'][0] < entry[kind]['baseline'][0]
                log('%s %s: model MAE %.3f (on baseline set %.3f) vs baseline %.3f, n=%d' % (
                    key, kind, entry[kind]['model'][0], entry[kind]['model_on_baseline'][0], entry[kind]['baseline'][0], len(ys)))
        cv = {k: dict(mae=entry[k]['model'][0], n=len(ys), mae_baseline_set=entry[k]['model_on_baseline'][0],
                      baseline_mae=entry[k]['baseline'][0], n_baseline=entry[k]['n_baseline'])
              for k in ('random', 'scaffold') if k in entry}
        cp = (critprop or {}).get('scaffold:' + key)
        if cp:  # the paper's scaffold folds, trained the way the shipped model is (database minus the test fold)
            cv['critprop_scaffold'] = dict(mae=cp['ours_db'], baseline_mae=cp['joback'], n=cp['n'])
            first = first and cp['ours_db'] < cp['joback']
        if not first:
            beta = True  # behind its baseline somewhere: the baseline point comes first, this one follows as beta
        entry['beta'], entry['first'] = beta, first
        model = Model(key, args.seed).fit(xs, ys, sub_envs, y_per[idx] if per else None)
        if oof:
            model.fit_error(xs, *oof)
            entry['calibration'], entry['novelty_ref'] = oof[1], oof[2]
        write_model(args.out, key, model, elements, max_heavy, beta, first, len(ys), cv, features)
        entry['seconds'] = round(time.time() - t0, 1)
        entry['bytes'] = os.path.getsize(os.path.join(args.out, key + '.json.gz'))
        report['properties'][key] = entry
        if cfg.get('offset') and not args.no_cv:
            direct_elements = domain_elements(cand)  # the fallback needs no per value: it learns from all the compounds
            entry['direct'] = train_direct(args, key, x, rows, envs, cand & domain_mask(rows, direct_elements), direct_elements, features, golden, golden_out if golden else None, y_all)
        if golden is not None:
            golden_out['predictions'][key] = golden_points(model, golden, elements, max_heavy, estimate=True if cfg.get('offset') else None,
                                                           per=golden_out['predictions'][per] if per else None)
        log('%s: n=%d, %.1f s, %d bytes%s' % (key, len(ys), entry['seconds'], entry['bytes'], ' (beta)' if beta else ''))

    if golden is not None and not args.critprop_only:
        with open(os.path.join(args.out, 'golden.json'), 'w') as f:
            json.dump(golden_out, f, separators=(',', ':'))
    if args.report:
        with open(args.report, 'w') as f:
            json.dump(report, f, indent=1)


if __name__ == '__main__':
    main()
