// Parsing of each mixture file format, from the hand-written fixtures in test/fixtures/mixtures/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compoundIdFor, isMixtureId } from '../../src/api/ids.js';
import { Tally } from '../../src/local/store/import/context.js';
import { COMPOSITIONS_FILE, parseCompositions } from '../../src/local/store/import/mixtures-compositions.js';
import { MODELS, withForms } from '../../src/local/store/import/mixtures-models.js';
import { assembleMixtures, type CompoundRef } from '../../src/local/store/import/mixtures-assemble.js';
import { parseThermoFile, THERMO_FILES, THERMO_IP, type PairSet } from '../../src/local/store/import/mixtures-thermo.js';

const FIX = join(import.meta.dirname, '../fixtures/mixtures');
const read = (rel: string) => readFileSync(join(FIX, rel), 'utf8');

function parse(file: string): { sets: PairSet[]; t: Tally } {
  const def = THERMO_FILES.find((f) => f.file === file)!;
  const t = new Tally(file, def.s);
  return { sets: parseThermoFile(def, read(`${THERMO_IP}/${file}`), t), t };
}

const pair = (sets: PairSet[], a: string, b: string) => sets.filter((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));

describe('thermo interaction-parameter JSON', () => {
  it('NRTL: the two directed entries make one set, b_12 read from a to b', () => {
    const { sets, t } = parse('ChemSep/nrtl.json');
    expect(sets).toHaveLength(2); // ethanol/water and methanol/water; methanol/ethanol has one direction only
    const [ew] = pair(sets, '64-17-5', '7732-18-5');
    const fwd = ew!.a === '64-17-5';
    expect(ew!.set.params).toEqual(fwd ? { b_12: -30, b_21: 620, alpha_12: 0.3 } : { b_12: 620, b_21: -30, alpha_12: 0.3 });
    expect(ew!.set.s).toBe('chemsep-ipd');
    expect(ew!.set.r).toMatch(/DECHEMA/);
    const log = t.log();
    expect(log.rows).toBe(6);
    expect(log.accepted).toBe(4);
    expect(log.rejected).toEqual({ 'reverse entry missing': 1, 'CAS check digit wrong': 1 });
  });

  it('UNIQUAC and Wilson keep b (K) and a per direction', () => {
    const [u] = parse('ChemSep/uniquac.json').sets;
    expect(u!.a === '64-17-5' ? u!.set.params : null).toEqual({ b_12: -90, b_21: -50 });
    const [w] = parse('ChemSep/wilson.json').sets;
    expect(w!.set.params).toEqual({ b_12: -200, b_21: -500, a_12: -1, a_21: 1 });
  });

  it('PR kij: symmetric, Tmin and the DECHEMA page kept', () => {
    const { sets } = parse('ChemSep/pr.json');
    const [m] = pair(sets, '74-82-8', '124-38-9');
    expect(m!.set).toMatchObject({ model: 'PR kij', params: { k_12: 0.1 }, tmin: 250 });
    expect(m!.set.r).toMatch(/\(p200\)$/);
  });

  it('Henry: solute then solvent; zero coefficients dropped; Sander constants at 298.15 K; PR Henry calc', () => {
    const chemsep = parse('ChemSep/henry.json').sets[0]!;
    expect(chemsep.set).toMatchObject({ solute: '124-38-9', solvent: '7732-18-5', params: { A: 140, B: -7400, C: -17 } });
    const sander = parse('Sander_henry_const.json').sets;
    expect(sander[0]!.set.params).toEqual({ A: 18.9 });
    expect(sander[0]!.set.t).toBe(298.15);
    expect(parse('Sander_henry_T_dep.json').sets[0]!.set.params).toEqual({ A: 27, B: -2400 });
    const pr = parse('PRTranslated_best_henry_T_dep.json');
    expect(pr.sets).toHaveLength(2); // both directions of ethanol/water; ethanol in itself rejected
    expect(pr.sets.every((p) => p.set.calc === true)).toBe(true);
    expect(pr.sets[0]!.set.params).toEqual({ A: 20, B: -4600, C: 1.5, D: -0.009, E: 1 });
    expect(pr.t.log().rejected).toEqual({ 'same compound twice': 1 });
  });

  it('E-PPR78 kij: file without metadata, calc, at 298.15 K', () => {
    const { sets, t } = parse('eppr78_common.json');
    expect(sets).toHaveLength(3);
    expect(sets.every((p) => p.set.calc && p.set.t === 298.15 && p.set.model === 'E-PPR78 kij')).toBe(true);
    expect(t.log().rejected).toEqual({ 'same compound twice': 1 });
  });
});

describe('Mixtures Compositions.tsv', () => {
  it('reads names, CAS, mass and mole fractions and synonyms; refuses fractions that do not sum to 1', () => {
    const t = new Tally(COMPOSITIONS_FILE, 'mixture-compositions');
    const rows = parseCompositions(read(COMPOSITIONS_FILE), t);
    expect(rows.map((r) => r.name)).toEqual(['Dry Air', 'Lean Gas']);
    const air = rows[0]!;
    expect(air.ref).toBe('REFPROP manual');
    expect(air.synonyms).toEqual(['atmosphere']);
    expect(air.components).toEqual([
      { cas: '7727-37-9', name: 'Nitrogen', w: 0.75559, x: 0.78084 },
      { cas: '7440-37-1', name: 'Argon', w: 0.01289, x: 0.00934 },
      { cas: '7782-44-7', name: 'Oxygen', w: 0.23152, x: 0.20946 },
    ]);
    expect(rows[1]!.synonyms).toEqual(['natural gas', 'NG']);
    // Test Gas: its mole fractions 0.6 + 0.6 sum to 1.2.
    expect(t.log().rejected).toEqual({ 'fractions do not sum to 1': 1 });
  });
});

// Compound ids from the InChIKeys of the fixture compounds (PubChem).
const KEYS: Record<string, [string, string]> = {
  '64-17-5': ['LFQSCWFLJHTTHZ-UHFFFAOYSA-N', 'ethanol'],
  '7732-18-5': ['XLYOFNOQVPJJNP-UHFFFAOYSA-N', 'water'],
  '67-56-1': ['OKKJLVBELUTLKV-UHFFFAOYSA-N', 'methanol'],
  '124-38-9': ['CURLTUGMZLYLDI-UHFFFAOYSA-N', 'carbon dioxide'],
};
const resolve = (cas: string): CompoundRef =>
  KEYS[cas] ? { cid: compoundIdFor(KEYS[cas]![0]), name: KEYS[cas]![1] } : { cid: compoundIdFor(`CAS:${cas}`), name: cas };

function allSets(): PairSet[] {
  return THERMO_FILES.flatMap((def) => parse(def.file).sets);
}

describe('assembly into mixtures', () => {
  it('one binary mixture per pair with every set, parameters oriented to the sorted components', () => {
    const { mixtures } = assembleMixtures(allSets(), [], resolve);
    const ethanol = resolve('64-17-5').cid;
    const water = resolve('7732-18-5').cid;
    const ew = mixtures.find((m) => m.components.some((c) => c.cid === ethanol) && m.components.some((c) => c.cid === water))!;
    expect(ew.kind).toBe('binary');
    expect(ew.components.map((c) => c.cid)).toEqual([ethanol, water].sort());
    expect(ew.params.map((p) => p.model)).toEqual(['NRTL', 'UNIQUAC', 'Wilson', 'E-PPR78 kij', 'Henry', 'Henry', 'Henry']);
    const nrtl = ew.params[0]!.params;
    // The file's ethanol->water entry is -30 K: it is b_12 when ethanol comes first.
    expect(ethanol < water ? nrtl.b_12 : nrtl.b_21).toBe(-30);
    expect(nrtl.alpha_12).toBe(0.3);
    // Henry in both directions: solute/solvent per set, no role on the components.
    const henry = ew.params.filter((p) => p.model === 'Henry');
    expect(new Set(henry.map((p) => p.solute))).toEqual(new Set([ethanol, water]));
    expect(ew.components.every((c) => c.role === undefined)).toBe(true);
    const full = withForms(ew);
    expect(Object.keys(full.src)).toEqual(['chemsep-ipd', 'eppr78', 'sander', 'thermo-pr-henry']);
    expect(full.params.every((p) => p.s in full.src && typeof p.r === 'string' && p.r.length > 0)).toBe(true);
  });

  it('Henry-only pairs read one way give the components their roles', () => {
    const { mixtures } = assembleMixtures(allSets(), [], resolve);
    const co2 = mixtures.find((m) => m.components.some((c) => c.cas === '124-38-9') && m.components.some((c) => c.cas === '7732-18-5'))!;
    expect(co2.components.find((c) => c.cas === '124-38-9')!.role).toBe('solute');
    expect(co2.components.find((c) => c.cas === '7732-18-5')!.role).toBe('solvent');
    expect(co2.params.map((p) => p.s)).toEqual(['chemsep-ipd', 'sander', 'sander']);
  });

  it('ids are mixture ids, independent of input order, and differ by kind', () => {
    const comps = parseCompositions(read(COMPOSITIONS_FILE), new Tally('c', 'mixture-compositions'));
    const a = assembleMixtures(allSets(), comps, resolve).mixtures;
    const b = assembleMixtures([...allSets()].reverse(), [...comps].reverse(), resolve).mixtures;
    expect(a.every((m) => isMixtureId(m.id))).toBe(true);
    const ids = (ms: typeof a) => new Map(ms.map((m) => [m.name, m.id]));
    expect(ids(b)).toEqual(ids(a));
    expect(new Set(a.map((m) => m.id)).size).toBe(a.length);
    // Lean Gas (methane + nitrogen) and the methane/nitrogen kij pair are two mixtures.
    const ch4n2 = a.filter((m) => m.components.length === 2 && m.components.some((c) => c.cas === '74-82-8') && m.components.some((c) => c.cas === '7727-37-9'));
    expect(ch4n2.map((m) => m.kind).sort()).toEqual(['binary', 'composition']);
  });

  it('withForms adds the model text and the units of the parameters present', () => {
    const { mixtures } = assembleMixtures(allSets(), [], resolve);
    const mix = withForms(mixtures.find((m) => m.params.some((p) => p.model === 'Henry' && p.params.B === undefined))!);
    const constant = mix.params.find((p) => p.model === 'Henry' && p.params.B === undefined)!;
    expect(constant.form).toBe(MODELS.Henry!.form);
    expect(constant.units).toEqual({ A: 'ln(Pa)' });
  });
});
