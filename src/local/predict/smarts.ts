// The subset of Daylight SMARTS (RDKit semantics) that the Joback and Crippen tables use: bracket atoms with
// #n, element symbols (upper case aliphatic, lower case aromatic), A, a, *, H<n> (total H), X<n> (total
// connections), R / !R / R0 (ring membership), charges, recursive $(...), the operators ! & , ; and the bonds
// - = # : ~ (no bond symbol: single or aromatic), with branches. Patterns are trees (no ring closures), matched
// with the pattern's first atom fixed on a given atom. Anything else is rejected when the table is compiled.
import { BOND_AROMATIC, BOND_DOUBLE, BOND_SINGLE, BOND_TRIPLE, type MolGraph } from './molgraph.js';

/** `explicitH`: hydrogens are atoms (Crippen) or only counts (Joback, hydrogen-suppressed). */
type AtomTest = (g: MolGraph, a: number, explicitH: boolean) => boolean;
type BondTest = (bond: number) => boolean;

/**
 * Plain comparisons every match of an expression needs (NONE: no requirement; `never`: contradictory), checked
 * before the expression's closures: most candidate atoms fail on these, so they rarely reach the closures.
 */
interface Req {
  z: number;
  arom: number;
  h: number;
  x: number;
  ring: number;
  q: number;
  never: boolean;
}
const NONE = -1000;
const FIELDS = ['z', 'arom', 'h', 'x', 'ring', 'q'] as const;
const req = (fields: Partial<Req> = {}): Req => ({ z: NONE, arom: NONE, h: NONE, x: NONE, ring: NONE, q: NONE, never: false, ...fields });

/** An atom expression, the atomic numbers it can match (null: any) for indexing patterns by element, and its Req. */
interface Expr {
  test: AtomTest;
  z: number[] | null;
  req: Req;
}

interface PatternAtom {
  test: AtomTest;
  req: Req;
  /** Index of the pattern atom this one is bonded to (-1 for the first atom). */
  parent: number;
  bond: BondTest;
}

export interface Pattern {
  smarts: string;
  atoms: PatternAtom[];
  /** Atomic numbers the first atom can have (null: any). */
  rootZ: number[] | null;
  /** Scratch mapping pattern atom -> graph node, reused between calls. */
  map: Int32Array;
}

/** A bond from a given atom to a neighbour, e.g. `=[OX1]` (used for the atoms a Joback group consumes). */
export interface NeighbourSpec {
  bond: BondTest;
  test: AtomTest;
}

const ELEMENTS: Record<string, number> = { B: 5, C: 6, N: 7, O: 8, F: 9, Si: 14, P: 15, S: 16, Cl: 17, Se: 34, Br: 35, I: 53 };
const AROMATIC_ELEMENTS: Record<string, number> = { b: 5, c: 6, n: 7, o: 8, p: 15, s: 16, se: 34 };

const BONDS: Record<string, BondTest> = {
  '-': (b) => b === BOND_SINGLE,
  '=': (b) => b === BOND_DOUBLE,
  '#': (b) => b === BOND_TRIPLE,
  ':': (b) => b === BOND_AROMATIC,
  '~': () => true,
};
const DEFAULT_BOND: BondTest = (b) => b === BOND_SINGLE || b === BOND_AROMATIC;

const and = (x: Expr, y: Expr): Expr => {
  const r = req({ never: x.req.never || y.req.never });
  for (const f of FIELDS) {
    const [u, v] = [x.req[f], y.req[f]];
    if (u !== NONE && v !== NONE && u !== v) r.never = true;
    r[f] = u !== NONE ? u : v;
  }
  return {
    test: (g, a, h) => x.test(g, a, h) && y.test(g, a, h),
    z: x.z === null ? y.z : y.z === null ? x.z : x.z.filter((z) => y.z!.includes(z)),
    req: r,
  };
};
const or = (x: Expr, y: Expr): Expr => {
  const r = req({ never: x.req.never && y.req.never });
  for (const f of FIELDS) r[f] = x.req[f] === y.req[f] ? x.req[f] : NONE;
  return {
    test: (g, a, h) => x.test(g, a, h) || y.test(g, a, h),
    z: x.z === null || y.z === null ? null : [...new Set([...x.z, ...y.z])],
    req: r,
  };
};
const not = (x: Expr): Expr => ({ test: (g, a, h) => !x.test(g, a, h), z: null, req: req() });
const leaf = (test: AtomTest, r: Partial<Req> = {}): Expr => ({ test, z: null, req: req(r) });
const element = (z: number, arom?: boolean): Expr => ({
  test: arom === undefined ? (g, a) => g.z[a] === z : (g, a) => g.z[a] === z && (g.aromatic[a] === 1) === arom,
  z: [z],
  req: req(arom === undefined ? { z } : { z, arom: arom ? 1 : 0 }),
});

/** The comparisons of `r` hold for node `a` (hydrogen nodes have 0 for ring, aromatic and charge). */
function meets(r: Req, g: MolGraph, a: number): boolean {
  return (
    !r.never &&
    (r.z === NONE || g.z[a] === r.z) &&
    (r.h === NONE || g.hs[a] === r.h) &&
    (r.x === NONE || g.degree[a] === r.x) &&
    (r.ring === NONE || g.ring[a] === r.ring) &&
    (r.arom === NONE || g.aromatic[a] === r.arom) &&
    (r.q === NONE || g.charge[a] === r.q)
  );
}

class Parser {
  private pos = 0;
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new Error(`SMARTS "${this.s}": ${what} at position ${this.pos}`);
  }

  pattern(): { atoms: PatternAtom[]; rootZ: number[] | null } {
    const atoms: PatternAtom[] = [];
    const root = this.atomExpr();
    atoms.push({ test: root.test, req: root.req, parent: -1, bond: DEFAULT_BOND });
    this.rest(atoms, 0);
    if (this.pos < this.s.length) this.fail('unexpected character');
    return { atoms, rootZ: root.z };
  }

  neighbour(): NeighbourSpec {
    const bond = this.bond();
    const { test, req } = this.atomExpr();
    if (this.pos < this.s.length) this.fail('unexpected character');
    return { bond, test: (g, a, h) => meets(req, g, a) && test(g, a, h) };
  }

  private rest(atoms: PatternAtom[], prev: number): void {
    while (this.pos < this.s.length && this.s[this.pos] !== ')') {
      if (/[0-9%]/.test(this.s[this.pos])) this.fail('ring closures are not supported');
      if (this.s[this.pos] === '(') {
        this.pos++;
        this.rest(atoms, this.atom(atoms, prev, this.bond()));
        if (this.s[this.pos] !== ')') this.fail('unclosed branch');
        this.pos++;
      } else {
        prev = this.atom(atoms, prev, this.bond());
      }
    }
  }

  private bond(): BondTest {
    const b = BONDS[this.s[this.pos]];
    if (!b) return DEFAULT_BOND;
    this.pos++;
    return b;
  }

  private atom(atoms: PatternAtom[], parent: number, bond: BondTest): number {
    const { test, req } = this.atomExpr();
    atoms.push({ test, req, parent, bond });
    return atoms.length - 1;
  }

  private atomExpr(): Expr {
    const s = this.s;
    if (s[this.pos] === '[') {
      this.pos++;
      const t = this.lowAnd();
      if (s[this.pos] !== ']') this.fail('expected ]');
      this.pos++;
      return t;
    }
    const t = this.symbol();
    if (!t) this.fail('expected an atom');
    return t;
  }

  /** Element symbols, A, a and * (the forms allowed outside brackets too). */
  private symbol(): Expr | undefined {
    const s = this.s;
    const two = s.slice(this.pos, this.pos + 2);
    if (ELEMENTS[two] || AROMATIC_ELEMENTS[two]) {
      this.pos += 2;
      return ELEMENTS[two] ? element(ELEMENTS[two], false) : element(AROMATIC_ELEMENTS[two], true);
    }
    const c = s[this.pos];
    if (c === '*') return this.pos++, leaf(() => true);
    if (c === 'A') return this.pos++, leaf((g, a) => g.aromatic[a] === 0, { arom: 0 });
    if (c === 'a') return this.pos++, leaf((g, a) => g.aromatic[a] === 1, { arom: 1 });
    if (ELEMENTS[c]) return this.pos++, element(ELEMENTS[c], false);
    if (AROMATIC_ELEMENTS[c]) return this.pos++, element(AROMATIC_ELEMENTS[c], true);
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
    for (let c = this.s[this.pos]; c !== undefined && c !== ';' && c !== ',' && c !== ']'; c = this.s[this.pos]) {
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

  private primitive(): Expr {
    const s = this.s;
    const c = s[this.pos];
    if (c === '$') return this.recursive();
    if (c === '#') {
      this.pos++;
      const z = this.number() ?? this.fail('expected an atomic number');
      return element(z);
    }
    if (c === 'H') {
      this.pos++;
      const n = this.number() ?? 1;
      return leaf((g, a) => g.hs[a] === n, { h: n });
    }
    if (c === 'X') {
      this.pos++;
      const n = this.number() ?? 1;
      return leaf((g, a) => g.degree[a] === n, { x: n });
    }
    if (c === 'R') {
      this.pos++;
      const n = this.number();
      if (n !== undefined && n !== 0) this.fail('ring counts other than R0 are not supported');
      const ring = n === 0 ? 0 : 1;
      return leaf((g, a) => g.ring[a] === ring, { ring });
    }
    if (c === '+' || c === '-') {
      this.pos++;
      let n = this.number();
      if (n === undefined) for (n = 1; s[this.pos] === c; this.pos++) n++;
      const q = c === '+' ? n : -n;
      return leaf((g, a) => g.charge[a] === q, { q });
    }
    return this.symbol() ?? this.fail('unsupported primitive');
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
    const sub = compileSmarts(s.slice(this.pos + 2, end));
    this.pos = end + 1;
    return { test: (g, a, h) => matchAt(sub, g, a, h), z: sub.rootZ, req: sub.atoms[0].req };
  }
}

export function compileSmarts(smarts: string): Pattern {
  const { atoms, rootZ } = new Parser(smarts).pattern();
  return { smarts, atoms, rootZ, map: new Int32Array(atoms.length) };
}

export function compileNeighbour(spec: string): NeighbourSpec {
  return new Parser(spec).neighbour();
}

/** True when the pattern matches with its first atom on node `a`. */
export function matchAt(p: Pattern, g: MolGraph, a: number, explicitH: boolean): boolean {
  const root = p.atoms[0];
  if (!meets(root.req, g, a) || !root.test(g, a, explicitH)) return false;
  if (p.atoms.length === 1) return true;
  const map = p.map; // a pattern never recurses into itself, so its scratch map is free here
  map[0] = a;
  return extend(p, g, map, 1, explicitH);
}

function extend(p: Pattern, g: MolGraph, map: Int32Array, k: number, explicitH: boolean): boolean {
  if (k === p.atoms.length) return true;
  const pa = p.atoms[k];
  const from = map[pa.parent];
  const end = explicitH ? g.start[from + 1] : g.coreEnd[from];
  for (let j = g.start[from]; j < end; j++) {
    const b = g.nbr[j];
    if (!pa.bond(g.bond[j]) || used(map, k, b) || !meets(pa.req, g, b) || !pa.test(g, b, explicitH)) continue;
    map[k] = b;
    if (extend(p, g, map, k + 1, explicitH)) return true;
  }
  return false;
}

function used(map: Int32Array, k: number, b: number): boolean {
  for (let i = 0; i < k; i++) if (map[i] === b) return true;
  return false;
}

/** The first neighbour of `a` (hydrogen-suppressed view) that matches `spec` and is not in `taken`. */
export function findNeighbour(spec: NeighbourSpec, g: MolGraph, a: number, taken: readonly number[]): number {
  for (let j = g.start[a]; j < g.coreEnd[a]; j++) {
    const b = g.nbr[j];
    if (spec.bond(g.bond[j]) && !taken.includes(b) && spec.test(g, b, false)) return b;
  }
  return -1;
}

/** For each atomic number (0-255), the items, in order, whose pattern can match an atom of that element first. */
export function indexByRootElement<T extends { pattern: Pattern }>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let z = 0; z < 256; z++) out.push(items.filter((it) => it.pattern.rootZ === null || it.pattern.rootZ.includes(z)));
  return out;
}
