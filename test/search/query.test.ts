// The query language parser: pure, no database. Expected values are hand-worked (CAS check digits by
// the published rule, Hill order by its definition) or taken from PubChem (InChIKeys, CAS numbers).
import { describe, expect, it } from 'vitest';
import { parseQuery, classify, RANGE_KEYS } from '../../src/local/store/search/query.js';
import { normalizeText } from '../../src/util/text.js';
import { hillOf } from '../../src/local/store/formula.js';
import { ChemError } from '../../src/api/errors.js';
import { compoundIdFor } from '../../src/api/ids.js';

const kinds = (q: string) => classify(q).map((t) => t.kind);

function usage(fn: () => unknown): ChemError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ChemError);
    expect((e as ChemError).status).toBe(400);
    return e as ChemError;
  }
  throw new Error('expected a usage error');
}

describe('classification of the text', () => {
  it('plain names, also multi-word and accented, are text only', () => {
    expect(kinds('benzene')).toEqual(['text']);
    expect(kinds('acetic acid')).toEqual(['text']);
    expect(kinds('1-butanol')).toEqual(['text']);
    expect(kinds('ETHANOL')).toEqual(['text']);
    expect(classify('Ácido  Acético')[0]).toEqual({ kind: 'text', text: 'Ácido  Acético', norm: 'acido acetico' });
  });

  it('CAS numbers: dashed, undashed with a valid check digit, and a wrong check digit', () => {
    // Ethanol 64-17-5: digits 6417 weighted from the right: 7*1 + 1*2 + 4*3 + 6*4 = 45 → check digit 5.
    expect(classify('64-17-5')).toEqual([{ kind: 'cas', cas: '64-17-5' }]);
    expect(classify('7732185')).toEqual([{ kind: 'cas', cas: '7732-18-5' }]);
    expect(classify('64-17-4')).toEqual([{ kind: 'badcas', cas: '64-17-4', corrected: '64-17-5' }]);
    expect(kinds('7732184')).toEqual(['text']); // undashed with a wrong check digit is not taken as CAS
  });

  it('compound ids are told apart from CAS numbers by the three-digit middle group', () => {
    const id = compoundIdFor('LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
    expect(classify(id)).toEqual([{ kind: 'cid', id }]);
  });

  it('InChIKeys, full and first block, and InChI', () => {
    expect(classify('LFQSCWFLJHTTHZ-UHFFFAOYSA-N')).toEqual([{ kind: 'inchikey', key: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' }]);
    expect(kinds('LFQSCWFLJHTTHZ')).toEqual(['inchikey-block', 'text']);
    expect(classify('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3')).toEqual([{ kind: 'inchi', inchi: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' }]);
  });

  it('formulas in any element order become Hill formulas; ambiguous tokens keep the other readings', () => {
    expect(classify('C2H6O')[0]).toEqual({ kind: 'formula', hill: 'C2H6O', forms: ['C2H6O'] });
    expect(classify('OH2')[0]).toEqual({ kind: 'formula', hill: 'H2O', forms: ['H2O'] });
    expect(classify('H6C2O')[0]).toMatchObject({ kind: 'formula', hill: 'C2H6O' });
    expect(classify('CH3CH2OH')[0]).toMatchObject({ kind: 'formula', hill: 'C2H6O' });
    expect(classify('NaCl')[0]).toEqual({ kind: 'formula', hill: 'ClNa', forms: ['ClNa'] });
    // Carbon-free: strict Hill (alphabetical) and the H-second form OpenChemLib writes.
    expect(classify('HCl')[0]).toEqual({ kind: 'formula', hill: 'ClH', forms: ['ClH', 'HCl'] });
    expect(kinds('CO')).toEqual(['formula', 'smiles', 'text']);
  });

  it('SMILES: bonds, rings, brackets, or organic-subset atoms with a capital', () => {
    expect(kinds('CCO')).toEqual(['smiles', 'text']);
    expect(kinds('c1ccccc1')).toEqual(['smiles', 'text']);
    expect(kinds('C[C@H](N)C(=O)O')).toEqual(['smiles', 'text']);
    expect(kinds('O=C=O')).toEqual(['smiles', 'text']);
  });
});

describe('control characters', () => {
  it('NUL, ESC and the like make a query invalid (400); tabs and line breaks separate words', () => {
    expect(usage(() => parseQuery('benz\0ene')).message).toBe('invalid search query "benz\\u0000ene": control character U+0000 at position 5');
    expect(usage(() => parseQuery('\u001b[31mbenzene')).message).toMatch(/control character U\+001B at position 1$/);
    expect(parseQuery('acetic\tacid\n').terms).toEqual(parseQuery('acetic acid').terms);
  });
});

describe('Hill formulas', () => {
  it('orders C, H, then alphabetically; without carbon all alphabetically; expands parentheses', () => {
    expect(hillOf('Ca(OH)2')).toBe('CaH2O2');
    expect(hillOf('CH3COOH')).toBe('C2H4O2');
    expect(hillOf('ClCH3')).toBe('CH3Cl');
    expect(hillOf('H2SO4')).toBe('H2O4S');
    expect(hillOf('C6H5(CH3)')).toBe('C7H8');
    expect(hillOf('NaOH', { hSecond: true })).toBe('HNaO');
    expect(hillOf('AlH3')).toBe('AlH3');
    expect(hillOf('AlH3', { hSecond: true })).toBe('H3Al');
    expect(hillOf('Xx2')).toBeUndefined();
    expect(hillOf('C2H6O)')).toBeUndefined();
    // The build reads a table's plain formulas only.
    expect(hillOf('H2 C O', { groups: false })).toBe('CH2O');
    expect(hillOf('Ca(OH)2', { groups: false })).toBeUndefined();
  });
});

describe('filters', () => {
  it('ranges, bounds and comparisons in registry units', () => {
    expect(parseQuery('tb:300..400').filters).toEqual([{ kind: 'range', key: 'tb', lo: 300, hi: 400, loOpen: false, hiOpen: false }]);
    expect(parseQuery('tc>500').filters).toEqual([{ kind: 'range', key: 'tc', lo: 500, hi: Infinity, loOpen: true, hiOpen: false }]);
    expect(parseQuery('mw<100').filters).toEqual([{ kind: 'range', key: 'mw', lo: -Infinity, hi: 100, loOpen: false, hiOpen: true }]);
    expect(parseQuery('tf<=273.15').filters[0]).toMatchObject({ hi: 273.15, hiOpen: false });
    expect(parseQuery('tb:350..').filters[0]).toMatchObject({ lo: 350, hi: Infinity });
    expect(parseQuery('has:hfus').filters).toEqual([{ kind: 'has', key: 'hfus' }]);
  });

  it('temperatures and pressures may carry a unit (25 °C = 298.15 K, 1 MPa = 1000 kPa, 1 atm = 101.325 kPa by definition)', () => {
    expect(parseQuery('tb<25C').filters).toEqual([{ kind: 'range', key: 'tb', lo: -Infinity, hi: 298.15, loOpen: false, hiOpen: true }]);
    expect(parseQuery('pc:3MPa..5MPa').filters[0]).toMatchObject({ lo: 3000, hi: 5000 });
    expect(parseQuery('pc>=1atm').filters[0]).toMatchObject({ lo: 101.325, loOpen: false });
    expect(parseQuery('tf>32F').filters[0]).toMatchObject({ lo: 273.15 });
    // 78C: the values that round to 78 °C, 350.65 <= T < 351.65 K
    expect(parseQuery('tb:78C').filters[0]).toMatchObject({ lo: 350.65, hi: 351.65 });
    expect(usage(() => parseQuery('mw<25C')).message).toContain('invalid filter "mw<25C"');
    expect(usage(() => parseQuery('tb<25MPa')).message).toContain('or with a unit: 25C, 77F');
  });

  it('a single value means the values that round to it at the precision written', () => {
    expect(parseQuery('tb:351').filters[0]).toMatchObject({ lo: 350.5, hi: 351.5, hiOpen: true });
    const f = parseQuery('mw:46.07').filters[0] as { lo: number; hi: number };
    expect(f.lo).toBeCloseTo(46.065, 10);
    expect(f.hi).toBeCloseTo(46.075, 10);
  });

  it('combine with text, in any position', () => {
    const q = parseQuery('tb>300 acetic acid has:hfus');
    expect(q.terms).toEqual([{ kind: 'text', text: 'acetic acid', norm: 'acetic acid' }]);
    expect(q.filters.map((f) => f.key)).toEqual(['tb', 'hfus']);
    expect(parseQuery('tb:350..351').terms).toEqual([]);
  });

  it('an unknown key is a usage error listing the valid keys', () => {
    const e = usage(() => parseQuery('bp:300..400'));
    expect(e.message).toContain('unknown search key "bp"');
    for (const k of ['tb', 'tf', 'tc', 'pc', 'mw', 'hfus']) expect(e.message).toContain(k);
    expect(RANGE_KEYS).not.toContain('cpg');
    expect(usage(() => parseQuery('has:boiling')).message).toContain('unknown property "boiling"');
    expect(usage(() => parseQuery('cpg>30')).message).toContain('depends on temperature');
    expect(usage(() => parseQuery('tb:abc')).message).toContain('invalid filter');
    expect(usage(() => parseQuery('tb:400..300')).message).toContain('empty range');
    usage(() => parseQuery('   '));
  });
});

describe('explicit prefixes', () => {
  it('force a reading', () => {
    expect(parseQuery('smiles:CO').terms).toEqual([{ kind: 'smiles', smiles: 'CO' }]);
    expect(parseQuery('formula:CO').terms).toEqual([{ kind: 'formula', hill: 'CO', forms: ['CO'] }]);
    expect(parseQuery('name:"acetic acid" tb>300').terms).toEqual([{ kind: 'text', text: 'acetic acid', norm: 'acetic acid' }]);
    expect(parseQuery('inchikey:lfqscwfljhtthz').terms).toEqual([{ kind: 'inchikey-block', block: 'LFQSCWFLJHTTHZ' }]);
    usage(() => parseQuery('formula:benzene'));
  });

  it('SMILES and InChI with "=" are not filters', () => {
    expect(parseQuery('InChI=1S/CH4/h1H4').terms[0]!.kind).toBe('inchi');
    expect(parseQuery('C=C').terms[0]!.kind).toBe('smiles');
  });
});

describe('normalizeText', () => {
  it('folds case, accents and spaces', () => {
    expect(normalizeText('  Pyridine-N-Oxide ')).toBe('pyridine n oxide');
    expect(normalizeText('Naïve\tCafé')).toBe('naive cafe');
  });
  it('drops zero-width spaces and soft hyphens (a table writes "1,\u200b2-\u200bBenzenediol")', () => {
    expect(normalizeText('1,\u200b2-\u200bBenzenediol')).toBe('1 2 benzenediol');
    expect(normalizeText('ethylene-glycol')).toBe(normalizeText('Ethylene glycol'));
    expect(normalizeText('1,1,2-trichloroethane')).not.toBe(normalizeText('1,12-trichloroethane'));
    expect(normalizeText('Benz\u00adaldehyde\ufeff')).toBe('benzaldehyde');
  });
});
