// The SMARTS parser (the syntax this folder reads: pattern.ts): a pattern string to its compiled Pattern, and the
// rewrites structure search makes of one (rerooted, withRingMembership).
import { BOND_AROMATIC, BOND_DOUBLE, BOND_SINGLE, BOND_TRIPLE } from '../molgraph.js';
import { matchAt } from './match.js';
import { explicitDegree, FIELDS, implicitHs, NONE, req, type AtomTest, type BondExpr, type BondTest, type Expr, type NeighbourSpec, type Pattern, type PatternAtom, type Req } from './pattern.js';

/** Elements written without brackets (SMILES' organic subset, and Si/Se as the tables write them). */
const ELEMENTS: Record<string, number> = { B: 5, C: 6, N: 7, O: 8, F: 9, Si: 14, P: 15, S: 16, Cl: 17, Se: 34, Br: 35, I: 53 };
const AROMATIC_ELEMENTS: Record<string, number> = { b: 5, c: 6, n: 7, o: 8, p: 15, s: 16, se: 34 };
// prettier-ignore
const SYMBOLS = ['', 'H', 'He', 'Li', 'Be', 'B', 'C', 'N', 'O', 'F', 'Ne', 'Na', 'Mg', 'Al', 'Si', 'P', 'S', 'Cl', 'Ar',
  'K', 'Ca', 'Sc', 'Ti', 'V', 'Cr', 'Mn', 'Fe', 'Co', 'Ni', 'Cu', 'Zn', 'Ga', 'Ge', 'As', 'Se', 'Br', 'Kr', 'Rb', 'Sr',
  'Y', 'Zr', 'Nb', 'Mo', 'Tc', 'Ru', 'Rh', 'Pd', 'Ag', 'Cd', 'In', 'Sn', 'Sb', 'Te', 'I', 'Xe', 'Cs', 'Ba', 'La', 'Ce',
  'Pr', 'Nd', 'Pm', 'Sm', 'Eu', 'Gd', 'Tb', 'Dy', 'Ho', 'Er', 'Tm', 'Yb', 'Lu', 'Hf', 'Ta', 'W', 'Re', 'Os', 'Ir', 'Pt',
  'Au', 'Hg', 'Tl', 'Pb', 'Bi', 'Po', 'At', 'Rn', 'Fr', 'Ra', 'Ac', 'Th', 'Pa', 'U'];
/** Elements in brackets: every symbol (H is the H count there but first: bracketHydrogen), aromatic ones in lower case. */
const BRACKET_ELEMENTS: Record<string, number> = Object.fromEntries(SYMBOLS.map((s, z) => [s, z]).filter(([s]) => s && s !== 'H'));
const BRACKET_AROMATIC: Record<string, number> = { ...AROMATIC_ELEMENTS, as: 33, te: 52 };

const codeBit = (code: number) => 1 << code;
const ANY_CODES = 0b11111;
const bondOf = (code: number): BondExpr => ({ test: (g, j) => g.bond[j] === code, codes: codeBit(code), exact: true });
const BONDS: Record<string, BondExpr> = {
  '-': bondOf(BOND_SINGLE),
  '=': bondOf(BOND_DOUBLE),
  '#': bondOf(BOND_TRIPLE),
  ':': bondOf(BOND_AROMATIC),
  '~': { test: () => true, codes: ANY_CODES, exact: true },
  '@': { test: (g, j) => g.ringBond[j] === 1, codes: ANY_CODES, exact: false },
  // directional single bonds: stereo is not matched (RDKit's default)
  '/': bondOf(BOND_SINGLE),
  '\\': bondOf(BOND_SINGLE),
};
const DEFAULT_BOND: BondExpr = {
  test: (g, j) => g.bond[j] === BOND_SINGLE || g.bond[j] === BOND_AROMATIC,
  codes: codeBit(BOND_SINGLE) | codeBit(BOND_AROMATIC),
  exact: true,
};

const both = (x: AtomTest | null, y: AtomTest | null): AtomTest | null =>
  x === null ? y : y === null ? x : (g, a, h, c) => x(g, a, h, c) && y(g, a, h, c);
/** The local and rest parts of an expression `test` built from parts that are all local or not. */
const split = (test: AtomTest, local: boolean) => (local ? { local: test, rest: null } : { local: null, rest: test });

const and = (x: Expr, y: Expr): Expr => {
  const r = req({ never: x.req.never || y.req.never });
  for (const f of FIELDS) {
    const [u, v] = [x.req[f], y.req[f]];
    if (u !== NONE && v !== NONE && u !== v) r.never = true;
    r[f] = u !== NONE ? u : v;
  }
  return {
    test: (g, a, h, c) => x.test(g, a, h, c) && y.test(g, a, h, c),
    z: x.z === null ? y.z : y.z === null ? x.z : x.z.filter((z) => y.z!.includes(z)),
    req: r,
    local: both(x.local, y.local),
    rest: both(x.rest, y.rest),
  };
};
const or = (x: Expr, y: Expr): Expr => {
  const r = req({ never: x.req.never && y.req.never });
  for (const f of FIELDS) r[f] = x.req[f] === y.req[f] ? x.req[f] : NONE;
  const test: AtomTest = (g, a, h, c) => x.test(g, a, h, c) || y.test(g, a, h, c);
  return {
    test,
    z: x.z === null || y.z === null ? null : [...new Set([...x.z, ...y.z])],
    req: r,
    ...split(test, x.rest === null && y.rest === null),
  };
};
const not = (x: Expr): Expr => {
  const test: AtomTest = (g, a, h, c) => !x.test(g, a, h, c);
  return { test, z: null, req: req(), ...split(test, x.rest === null) };
};
const leaf = (test: AtomTest, r: Partial<Req> = {}): Expr => ({ test, z: null, req: req(r), local: test, rest: null });
const element = (z: number, arom?: boolean): Expr => ({
  ...leaf(arom === undefined ? (g, a) => g.z[a] === z : (g, a) => g.z[a] === z && (g.aromatic[a] === 1) === arom),
  z: [z],
  req: req(arom === undefined ? { z } : { z, arom: arom ? 1 : 0 }),
});
const ANY_ATOM: Expr = { test: () => true, z: null, req: req(), local: null, rest: null };

class Parser {
  private pos = 0;
  /** Open ring closures by number: the atom and the bond written at the opening. */
  private readonly open = new Map<number, { atom: number; bond: BondExpr | undefined; pos: number }>();
  constructor(private readonly s: string) {}

  fail(what: string, at = this.pos): never {
    throw new Error(`${what} at position ${at + 1}`);
  }

  pattern(): { atoms: PatternAtom[]; rootZ: number[] | null } {
    const atoms: PatternAtom[] = [];
    const root = this.atomExpr();
    atoms.push(patternAtom(root, -1, DEFAULT_BOND));
    this.rest(atoms, 0);
    if (this.pos < this.s.length) this.fail(this.s[this.pos] === '.' ? "disconnected patterns ('.') are not supported" : 'unexpected character');
    for (const [n, o] of this.open) this.fail(`unclosed ring ${n}`, o.pos);
    return { atoms, rootZ: root.z };
  }

  neighbour(): NeighbourSpec {
    const bond = this.bond() ?? DEFAULT_BOND;
    const atom = patternAtom(this.atomExpr(), -1, bond);
    if (this.pos < this.s.length) this.fail('unexpected character');
    return atom;
  }

  private rest(atoms: PatternAtom[], prev: number): void {
    const s = this.s;
    while (this.pos < s.length && s[this.pos] !== ')') {
      const at = this.pos;
      const bond = this.bond();
      const c = s[this.pos];
      if (c !== undefined && /[0-9%]/.test(c)) {
        this.ringClosure(atoms, prev, bond, at);
      } else if (c === '(') {
        if (bond) this.fail('bond before a branch', at);
        this.pos++;
        if (this.pos >= s.length) this.fail('unclosed branch', at);
        if (s[this.pos] === ')') this.fail('empty branch');
        this.rest(atoms, this.atom(atoms, prev, this.bond()));
        if (s[this.pos] !== ')') this.fail('unclosed branch', at);
        this.pos++;
      } else {
        if (this.pos >= s.length) this.fail('expected an atom after the bond');
        prev = this.atom(atoms, prev, bond);
      }
    }
  }

  private ringClosure(atoms: PatternAtom[], atom: number, bond: BondExpr | undefined, at: number): void {
    const s = this.s;
    let n: number;
    if (s[this.pos] === '%') {
      const m = /^\d\d/.exec(s.slice(this.pos + 1));
      if (!m) this.fail('expected two digits after %');
      n = Number(m[0]);
      this.pos += 3;
    } else {
      n = Number(s[this.pos++]);
    }
    const o = this.open.get(n);
    if (!o) {
      this.open.set(n, { atom, bond, pos: at });
      return;
    }
    this.open.delete(n);
    if (o.atom === atom) this.fail(`ring ${n} closes on its own atom`, at);
    if (atoms[atom].parent === o.atom || atoms[o.atom].parent === atom || atoms[atom].closures.some((c) => c.to === o.atom)) this.fail(`ring ${n} duplicates a bond`, at);
    const b = bond ?? o.bond ?? DEFAULT_BOND;
    atoms[atom].closures.push({ to: o.atom, bond: b.test, codes: b.codes, exact: b.exact });
  }

  /** A bond expression, or undefined when none is written. */
  private bond(): BondExpr | undefined {
    if (!this.isBondStart()) return undefined;
    return this.bondLowAnd();
  }

  private isBondStart(): boolean {
    const c = this.s[this.pos];
    return c !== undefined && (c in BONDS || (c === '!' && this.s[this.pos + 1] in BONDS));
  }

  private bondLowAnd(): BondExpr {
    let t = this.bondOr();
    while (this.s[this.pos] === ';') {
      this.pos++;
      t = bondAnd(t, this.bondOr());
    }
    return t;
  }

  private bondOr(): BondExpr {
    let t = this.bondHighAnd();
    while (this.s[this.pos] === ',') {
      this.pos++;
      const u = this.bondHighAnd();
      const x = t;
      t = { test: (g, j) => x.test(g, j) || u.test(g, j), codes: x.codes | u.codes, exact: x.exact && u.exact };
    }
    return t;
  }

  private bondHighAnd(): BondExpr {
    let t = this.bondUnary();
    for (;;) {
      if (this.s[this.pos] === '&') this.pos++;
      else if (!this.isBondStart()) return t;
      t = bondAnd(t, this.bondUnary());
    }
  }

  private bondUnary(): BondExpr {
    const c = this.s[this.pos];
    if (c === '!') {
      this.pos++;
      const x = this.bondUnary();
      return { test: (g, j) => !x.test(g, j), codes: ANY_CODES, exact: false };
    }
    const b = c === undefined ? undefined : BONDS[c];
    if (!b) this.fail('expected a bond');
    this.pos++;
    return b;
  }

  private atom(atoms: PatternAtom[], parent: number, bond: BondExpr | undefined): number {
    atoms.push(patternAtom(this.atomExpr(), parent, bond ?? DEFAULT_BOND));
    return atoms.length - 1;
  }

  private atomExpr(): Expr {
    const s = this.s;
    if (s[this.pos] === '[') {
      this.pos++;
      const t = this.bracketHydrogen() ?? this.lowAnd();
      if (s[this.pos] === ':') {
        this.pos++; // atom map number: not matched
        if (this.number() === undefined) this.fail('expected an atom map number');
      }
      if (s[this.pos] !== ']') this.fail(this.pos >= s.length ? 'unclosed [' : 'unsupported primitive');
      this.pos++;
      return t;
    }
    const t = this.symbol(ELEMENTS, AROMATIC_ELEMENTS);
    if (!t) this.fail(this.pos >= s.length ? 'expected an atom' : s[this.pos] === '.' ? "disconnected patterns ('.') are not supported" : 'expected an atom');
    return t;
  }

  /** `[H]`, `[2H]`, `[H+]`: a hydrogen atom (RDKit reads H as the element only first in brackets, without a count). */
  private bracketHydrogen(): Expr | undefined {
    const m = /^(\d*)H(?![0-9a-z])([-+]\d*|[-+]+)?(?=[\]:;,&])/.exec(this.s.slice(this.pos));
    if (!m) return undefined;
    this.pos += m[0].length;
    let t = element(1);
    if (m[1]) {
      const mass = Number(m[1]);
      t = and(t, leaf((g, a) => g.mass[a] === mass));
    }
    if (m[2]) {
      const sign = m[2][0] === '+' ? 1 : -1;
      const q = sign * (m[2].length > 1 && /\d/.test(m[2][1]) ? Number(m[2].slice(1)) : m[2].length);
      t = and(t, leaf((g, a) => g.charge[a] === q, { q }));
    }
    return this.s[this.pos] === ']' || this.s[this.pos] === ':' ? t : this.continueAnd(t);
  }

  /** The rest of a bracket expression after a first primitive `t` (`[H;!R]`). */
  private continueAnd(t: Expr): Expr {
    if (this.s[this.pos] === ';') {
      this.pos++;
      return and(t, this.lowAnd());
    }
    if (this.s[this.pos] === ',') {
      this.pos++;
      return or(t, this.lowAnd());
    }
    if (this.s[this.pos] === '&') this.pos++;
    return and(t, this.lowAnd());
  }

  /** Element symbols, A, a and * (two-letter symbols first). */
  private symbol(upper: Record<string, number>, lower: Record<string, number>): Expr | undefined {
    const s = this.s;
    const two = s.slice(this.pos, this.pos + 2);
    if (upper[two] || lower[two]) {
      this.pos += 2;
      return upper[two] ? element(upper[two], false) : element(lower[two], true);
    }
    const c = s[this.pos];
    if (c === '*') return this.pos++, ANY_ATOM;
    if (c === 'A') return this.pos++, leaf((g, a) => g.aromatic[a] === 0, { arom: 0 });
    if (c === 'a') return this.pos++, leaf((g, a) => g.aromatic[a] === 1, { arom: 1 });
    if (upper[c]) return this.pos++, element(upper[c], false);
    if (lower[c]) return this.pos++, element(lower[c], true);
    return undefined;
  }

  private lowAnd(): Expr {
    let t = this.or();
    while (this.s[this.pos] === ';') {
      this.pos++;
      t = and(t, this.or());
    }
    return t;
  }

  private or(): Expr {
    let t = this.highAnd();
    while (this.s[this.pos] === ',') {
      this.pos++;
      t = or(t, this.highAnd());
    }
    return t;
  }

  private highAnd(): Expr {
    let t = this.unary();
    for (let c = this.s[this.pos]; c !== undefined && c !== ';' && c !== ',' && c !== ']' && c !== ':'; c = this.s[this.pos]) {
      if (c === '&') this.pos++;
      t = and(t, this.unary());
    }
    return t;
  }

  private unary(): Expr {
    if (this.s[this.pos] === '!') {
      this.pos++;
      return not(this.unary());
    }
    return this.primitive();
  }

  private number(): number | undefined {
    const m = /^\d+/.exec(this.s.slice(this.pos));
    if (!m) return undefined;
    this.pos += m[0].length;
    return Number(m[0]);
  }

  /** A count primitive (`X2`, `R`): the number, or `bare` when none is written. */
  private count(bare: number): number {
    this.pos++;
    return this.number() ?? bare;
  }

  private primitive(): Expr {
    const s = this.s;
    const c = s[this.pos];
    if (c === undefined) this.fail('unclosed [');
    if (c === '$') return this.recursive();
    if (c >= '0' && c <= '9') {
      const mass = this.number()!;
      return leaf((g, a) => g.mass[a] === mass);
    }
    if (c === '#') {
      this.pos++;
      const z = this.number() ?? this.fail('expected an atomic number');
      return element(z);
    }
    // two-letter symbols before the one-letter primitives they start with (Hg before H, Cl before C)
    const el = this.symbol(BRACKET_ELEMENTS, BRACKET_AROMATIC);
    if (el) return el;
    if (c === 'H') {
      const n = this.count(1);
      return leaf((g, a) => g.hs[a] === n, { h: n });
    }
    if (c === 'h') {
      const n = this.count(1);
      return leaf((g, a) => implicitHs(g, a) === n);
    }
    if (c === 'X') {
      const n = this.count(1);
      return leaf((g, a) => g.degree[a] === n, { x: n });
    }
    if (c === 'D') {
      const n = this.count(1);
      return leaf((g, a, h) => explicitDegree(g, a, h) === n);
    }
    if (c === 'v') {
      const n = this.count(1);
      return leaf((g, a) => g.valence[a] === n);
    }
    if (c === 'R') {
      const n = this.count(-1);
      if (n < 0) return leaf((g, a) => g.ring[a] === 1, { ring: 1 });
      if (n === 0) return leaf((g, a) => g.ring[a] === 0, { ring: 0 });
      return leaf((g, a) => g.rings[a] === n, { ring: 1 });
    }
    if (c === 'r') {
      const n = this.count(-1);
      if (n < 0) return leaf((g, a) => g.ring[a] === 1, { ring: 1 });
      if (n === 0) return leaf((g, a) => g.ring[a] === 0, { ring: 0 });
      return leaf((g, a) => g.minRing[a] === n, { ring: 1 });
    }
    if (c === 'x') {
      const n = this.count(-1);
      if (n < 0) return leaf((g, a) => g.ringBonds[a] > 0, { ring: 1 });
      return leaf((g, a) => g.ringBonds[a] === n, n ? { ring: 1 } : {});
    }
    if (c === '+' || c === '-') {
      this.pos++;
      let n = this.number();
      if (n === undefined) for (n = 1; s[this.pos] === c; this.pos++) n++;
      const q = c === '+' ? n : -n;
      return leaf((g, a) => g.charge[a] === q, { q });
    }
    if (c === '@') {
      // chirality (@, @@, @TH1, @SP2, ...; '?' for "or unspecified"): read, not matched
      this.pos++;
      if (s[this.pos] === '@') this.pos++;
      else if (/^(TH|AL|SP|TB|OH)\d+/.test(s.slice(this.pos))) this.pos += /^(TH|AL|SP|TB|OH)\d+/.exec(s.slice(this.pos))![0].length;
      if (s[this.pos] === '?') this.pos++;
      return ANY_ATOM;
    }
    return this.fail('unsupported primitive');
  }

  private recursive(): Expr {
    const s = this.s;
    if (s[this.pos + 1] !== '(') this.fail('expected $(');
    let depth = 0;
    let end = this.pos + 1;
    for (; end < s.length; end++) {
      if (s[end] === '(') depth++;
      else if (s[end] === ')' && --depth === 0) break;
    }
    if (end >= s.length) this.fail('unclosed $(');
    let sub: Pattern;
    try {
      sub = compileSmarts(s.slice(this.pos + 2, end));
    } catch (err) {
      // positions inside the recursive pattern, as positions of the whole one
      const m = / at position (\d+)$/.exec((err as Error).message);
      if (!m) throw err;
      this.fail((err as Error).message.slice(0, m.index), this.pos + 1 + Number(m[1]));
    }
    this.pos = end + 1;
    const test: AtomTest = (g, a, h, c) => matchAt(sub, g, a, h, c);
    return { test, z: sub.rootZ, req: sub.atoms[0].req, local: null, rest: test };
  }
}

function patternAtom(e: Expr, parent: number, b: BondExpr): PatternAtom {
  const { test, req, z, local, rest } = e;
  return { test, req, local, rest, memo: new Uint8Array(0), z, zMask: zMask(z), parent, bond: b.test, codes: b.codes, exact: b.exact, closures: [] };
}

function zMask(z: number[] | null): Uint8Array | null {
  if (!z) return null;
  const m = new Uint8Array(256);
  for (const x of z) if (x < 256) m[x] = 1;
  return m;
}

const bondAnd = (x: BondExpr, y: BondExpr): BondExpr => ({ test: (g, j) => x.test(g, j) && y.test(g, j), codes: x.codes & y.codes, exact: x.exact && y.exact });

/** Compiles a SMARTS pattern; a syntax error throws an Error whose message ends "at position N" (1-based). */
export function compileSmarts(smarts: string): Pattern {
  if (!smarts) throw new Error('empty pattern at position 1');
  const { atoms, rootZ } = new Parser(smarts).pattern();
  return { smarts, atoms, rootZ, map: new Int32Array(atoms.length), budget: Infinity };
}

/**
 * How far from its first atom a match of `p` looks: the depth of its pattern tree, or Infinity when it reads more than
 * the atoms' classes (atomClasses) and the bonds' codes (recursion, ring closures, ring-bond tests). Whether a pattern
 * of reach 1 matches at a node follows from the node's star (star()).
 */
export function reach(p: Pattern): number {
  const depth: number[] = [];
  for (const [k, pa] of p.atoms.entries()) {
    if (pa.rest !== null || pa.closures.length || (k > 0 && !pa.exact)) return Infinity;
    depth.push(k === 0 ? 0 : depth[pa.parent] + 1);
  }
  return Math.max(...depth);
}

/**
 * The same pattern with atom `root` first (the matcher anchors the first atom, so a rare one is cheaper), its
 * atoms in depth-first order from there: every bond test is symmetric, so any spanning tree of the pattern's
 * bonds matches the same, the other bonds becoming ring closures.
 */
export function rerooted(p: Pattern, root: number): Pattern {
  const edges: { u: number; v: number; bond: BondTest; codes: number; exact: boolean }[] = [];
  p.atoms.forEach((a, i) => {
    if (a.parent >= 0) edges.push({ u: i, v: a.parent, bond: a.bond, codes: a.codes, exact: a.exact });
    for (const c of a.closures) edges.push({ u: i, v: c.to, bond: c.bond, codes: c.codes, exact: c.exact });
  });
  const incident: number[][] = p.atoms.map(() => []);
  edges.forEach((e, k) => (incident[e.u].push(k), incident[e.v].push(k)));
  const index = new Int32Array(p.atoms.length).fill(-1);
  const atoms: PatternAtom[] = [];
  const tree = new Uint8Array(edges.length);
  const visit = (old: number, parent: number, edge: number) => {
    index[old] = atoms.length;
    const e = edges[edge] ?? { bond: DEFAULT_BOND.test, codes: DEFAULT_BOND.codes, exact: DEFAULT_BOND.exact };
    atoms.push({ ...p.atoms[old], parent, bond: e.bond, codes: e.codes, exact: e.exact, closures: [] });
    for (const k of incident[old]) {
      const next = edges[k].u === old ? edges[k].v : edges[k].u;
      if (index[next] >= 0) continue;
      tree[k] = 1;
      visit(next, index[old], k);
    }
  };
  visit(root, -1, -1);
  edges.forEach((e, k) => {
    if (tree[k]) return;
    const [x, y] = [index[e.u], index[e.v]];
    atoms[Math.max(x, y)].closures.push({ to: Math.min(x, y), bond: e.bond, codes: e.codes, exact: e.exact });
  });
  return { smarts: p.smarts, atoms, rootZ: atoms[0].z, map: new Int32Array(atoms.length), budget: p.budget };
}

/**
 * The pattern with what its own rings imply: an atom or bond on a cycle of the pattern can only match a ring atom
 * or ring bond (a match is injective, so it maps a cycle onto a cycle). Testing that first prunes the search
 * without changing its hits.
 */
export function withRingMembership(p: Pattern): Pattern {
  const n = p.atoms.length;
  const depth = new Int32Array(n);
  for (let i = 1; i < n; i++) depth[i] = depth[p.atoms[i].parent] + 1; // parents come before their children
  const atomInRing = new Uint8Array(n);
  const parentBondInRing = new Uint8Array(n);
  p.atoms.forEach((a, u) => {
    for (const c of a.closures) {
      // the closure u–c.to and the tree path between them form a cycle
      let [x, y] = [u, c.to];
      while (x !== y) {
        const deeper = depth[x] >= depth[y] ? x : y;
        atomInRing[deeper] = parentBondInRing[deeper] = 1;
        if (deeper === x) x = p.atoms[x].parent;
        else y = p.atoms[y].parent;
      }
      atomInRing[x] = 1;
    }
  });
  const ringBond = (b: BondTest): BondTest => (g, j) => g.ringBond[j] === 1 && b(g, j);
  const atoms = p.atoms.map((a, i) => ({
    ...a,
    req: atomInRing[i] ? { ...a.req, ring: 1, never: a.req.never || a.req.ring === 0 } : a.req,
    memo: new Uint8Array(0), // it caches req
    bond: parentBondInRing[i] ? ringBond(a.bond) : a.bond,
    exact: a.exact && !parentBondInRing[i],
    closures: a.closures.map((c) => ({ ...c, bond: ringBond(c.bond), exact: false })),
  }));
  return { ...p, atoms, map: new Int32Array(n) };
}

export function compileNeighbour(spec: string): NeighbourSpec {
  return new Parser(spec).neighbour();
}
