// The SMILES grammar (OpenSMILES 1.0, as RDKit reads it): characters to a graph of atoms and bonds, each with the
// position it was written at. Anything outside the grammar is a SmilesError naming the character and its position
// (counted from 1). Chemistry (valences, hydrogens, aromatic systems) is read later (valence.ts, kekulize.ts).
import { AROMATIC, SmilesError, type Graph } from './graph.js';
import { ELEMENTS } from './valence.js';

const enum Last {
  Start,
  Atom, // an atom or a ring bond after it
  Open,
  Close,
  Bond,
  Dot,
}

const DIGIT0 = 48;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/** Aromatic symbols allowed in brackets (RDKit's; the organic subset's are b c n o p s). */
const AROMATIC_BRACKET = new Map([
  ['b', 5],
  ['c', 6],
  ['n', 7],
  ['o', 8],
  ['p', 15],
  ['s', 16],
  ['se', 34],
  ['as', 33],
  ['te', 52],
  ['si', 14],
]);

/** Atomic number by character code of a one-letter organic-subset symbol (B C N O P S F I, b c n o p s), else -1. */
const ORGANIC = new Int8Array(128).fill(-1);
for (const [sym, z] of Object.entries({ B: 5, C: 6, N: 7, O: 8, P: 15, S: 16, F: 9, I: 53, b: 5, c: 6, n: 7, o: 8, p: 15, s: 16 })) ORGANIC[sym.charCodeAt(0)] = z;

/** Chirality classes after '@' with their largest number (OpenSMILES). */
const CHIRAL_CLASSES: Record<string, number> = { TH: 2, AL: 2, SP: 3, TB: 20, OH: 30 };

export function parse(s: string): Graph {
  const g: Graph = { z: [], charge: [], isotope: [], aromatic: [], hWritten: [], symAt: [], symLen: [], a: [], b: [], order: [], bondAt: [], bondLen: [], openAt: [], stereo: false };
  const branch: number[] = []; // atoms that open branches
  const branchAt: number[] = [];
  const rings = new Map<number, { atom: number; order: number; at: number; len: number; pos: number }>();
  let prev = -1; // atom the next bond starts at
  let bond = -1; // bond order read before the next atom or ring bond (-1: none)
  let bondAt = 0;
  let last = Last.Start;
  let bondAfter = Last.Start; // what the bond symbol followed
  const n = s.length;
  const fail = (i: number): never => {
    throw new SmilesError(i < n ? `unexpected ${JSON.stringify(s[i])} at position ${i + 1}` : `unexpected end at position ${i + 1}`);
  };
  const addBond = (x: number, y: number, order: number, at: number, len: number, openAt: number) => {
    g.a.push(x);
    g.b.push(y);
    g.order.push(order);
    g.bondAt.push(at);
    g.bondLen.push(len);
    g.openAt.push(openAt);
  };
  const implicitOrder = (x: number, y: number) => (g.aromatic[x] && g.aromatic[y] ? AROMATIC : 1);
  const addAtom = (z: number, aromatic: number, symAt: number, symLen: number, at: number) => {
    const atom = g.z.length;
      g.z.push(z);
      g.charge.push(0);
      g.isotope.push(0);
      g.aromatic.push(aromatic);
      g.hWritten.push(-1);
      g.symAt.push(symAt);
      g.symLen.push(symLen);
      if (prev >= 0) addBond(prev, atom, bond >= 0 ? bond : implicitOrder(prev, atom), bond >= 0 ? bondAt : at, bond >= 0 ? at - bondAt : 0, -1);
      prev = atom;
      bond = -1;
    last = Last.Atom;
    return atom;
  };

  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    if (c === 91) {
      i = bracketAtom(i);
      continue;
    }
    if (c === 42) unspecified(i);
    if (isUpper(c) || isLower(c)) {
      const next = s.charCodeAt(i + 1);
      // organic subset: B C N O P S F Cl Br I, aromatic b c n o p s
      const len = (c === 66 && next === 114) || (c === 67 && next === 108) ? 2 : 1;
      const z = len === 2 ? (c === 66 ? 35 : 17) : ORGANIC[c];
      if (z < 0) fail(i);
      addAtom(z, isLower(c) ? 1 : 0, i, len, i);
      i += len;
      continue;
    }
    if (isDigit(c) || c === 37) {
      // ring bond: digit or %nn or %(n...)
      // after an atom (RDKit also after a branch: C(C)1CC1), or a bond that follows one
      if (last !== Last.Atom && last !== Last.Close && !(last === Last.Bond && bondAfter !== Last.Open)) fail(i);
      let num: number;
      const at = i;
      if (c === 37) {
        if (s[i + 1] === '(') {
          let j = i + 2;
          while (isDigit(s.charCodeAt(j))) j++;
          if (j === i + 2 || j - i - 2 > 5 || s[j] !== ')') fail(j);
          num = Number(s.slice(i + 2, j));
          i = j + 1;
        } else {
          if (!isDigit(s.charCodeAt(i + 1))) fail(i + 1);
          if (!isDigit(s.charCodeAt(i + 2))) fail(i + 2);
          num = (s.charCodeAt(i + 1) - DIGIT0) * 10 + s.charCodeAt(i + 2) - DIGIT0;
          i += 3;
        }
      } else {
        num = c - DIGIT0;
        i++;
      }
      const open = rings.get(num);
      const len = bond >= 0 ? at - bondAt : 0;
      if (!open) {
        rings.set(num, { atom: prev, order: bond, at: bond >= 0 ? bondAt : at, len, pos: at });
      } else {
        rings.delete(num);
        if (open.atom === prev) throw new SmilesError(`ring closure ${num} at position ${at + 1} joins an atom to itself`);
        for (let k = 0; k < g.a.length; k++) {
          if ((g.a[k] === prev && g.b[k] === open.atom) || (g.b[k] === prev && g.a[k] === open.atom)) throw new SmilesError(`ring closure ${num} at position ${at + 1} duplicates a bond`);
        }
        // the order written at the opening wins (RDKit's reading of C=1CC-1)
        const order = open.order >= 0 ? open.order : bond >= 0 ? bond : implicitOrder(open.atom, prev);
        addBond(open.atom, prev, order, bond >= 0 ? bondAt : at, len, open.len ? open.at : -1);
      }
      bond = -1;
      last = Last.Atom;
      continue;
    }
    switch (c) {
      case 40: // (
        if (last !== Last.Atom && last !== Last.Close) fail(i);
        branch.push(prev);
        branchAt.push(i);
        last = Last.Open;
        break;
      case 41: // )
        if ((last !== Last.Atom && last !== Last.Close) || !branch.length) fail(i);
        prev = branch.pop()!;
        branchAt.pop();
        last = Last.Close;
        break;
      case 46: // .
        if (last !== Last.Atom && last !== Last.Close) fail(i); // also inside a branch, as RDKit reads C(C.C)C
        prev = -1;
        last = Last.Dot;
        break;
      case 45: // -
      case 61: // =
      case 35: // #
      case 36: // $
      case 58: // :
      case 47: // /
      case 92: // \
        if (last !== Last.Atom && last !== Last.Close && last !== Last.Open) fail(i);
        bond = c === 61 ? 2 : c === 35 ? 3 : c === 36 ? 4 : c === 58 ? AROMATIC : 1;
        if (c === 47 || c === 92) g.stereo = true;
        bondAt = i;
        bondAfter = last;
        last = Last.Bond;
        break;
      default:
        fail(i);
    }
    i++;
  }
  if (branch.length) throw new SmilesError(`unclosed branch "(" at position ${branchAt[0] + 1}`);
  if (last !== Last.Atom && last !== Last.Close) fail(n);
  for (const [num, open] of rings) throw new SmilesError(`ring closure ${num} at position ${open.pos + 1} is never closed`);
  for (let k = 0; k < g.order.length; k++) {
    if (g.order[k] === AROMATIC && !(g.aromatic[g.a[k]] && g.aromatic[g.b[k]])) throw new SmilesError(`aromatic bond ":" at position ${g.bondAt[k] + 1} joins a non-aromatic atom`);
  }
  return g;

  /** '*': OpenChemLib has no atom for it (it reads a carbon), so no structure chem builds could hold it. */
  function unspecified(i: number): never {
    throw new SmilesError(`unspecified atom "*" at position ${i + 1} is not read`);
  }

  /** [isotope symbol chirality H<n> charge :class]; returns the index after ']'. */
  function bracketAtom(start: number): number {
    let j = start + 1;
    let isotope = 0;
    if (isDigit(s.charCodeAt(j))) {
      const from = j;
      while (isDigit(s.charCodeAt(j))) j++;
      if ((s[from] === '0' && j - from > 1) || j - from > 3) fail(from);
      isotope = Number(s.slice(from, j));
    }
    const symAt = j;
    let z = -1;
    let aromatic = 0;
    const c = s.charCodeAt(j);
    if (c === 42) unspecified(j);
    if (isUpper(c)) {
      const two = isLower(s.charCodeAt(j + 1)) ? ELEMENTS.get(s.slice(j, j + 2)) : undefined;
      z = two ?? ELEMENTS.get(s[j]) ?? -1;
      if (two !== undefined) j++;
    } else if (isLower(c)) {
      const two = AROMATIC_BRACKET.get(s.slice(j, j + 2));
      z = two ?? AROMATIC_BRACKET.get(s[j]) ?? -1;
      if (two !== undefined) j++;
      aromatic = 1;
    }
    if (z < 0) fail(j);
    j++;
    const symLen = j - symAt;
    if (s[j] === '@') {
      g.stereo = true;
      j++;
      if (s[j] === '@') j++;
      else {
        const cls = CHIRAL_CLASSES[s.slice(j, j + 2)];
        if (cls) {
          j += 2;
          const from = j;
          while (isDigit(s.charCodeAt(j))) j++;
          const k = Number(s.slice(from, j));
          if (s[from] === '0' || k > cls) fail(from); // no number: RDKit reads the class alone
        }
      }
    }
    let h = 0;
    if (s[j] === 'H') {
      j++;
      h = 1;
      if (isDigit(s.charCodeAt(j))) h = s.charCodeAt(j++) - DIGIT0;
    }
    let q = 0;
    const sign = s[j];
    if (sign === '+' || sign === '-') {
      j++;
      q = 1;
      if (isDigit(s.charCodeAt(j))) {
        const from = j;
        while (isDigit(s.charCodeAt(j))) j++;
        q = Number(s.slice(from, j));
        if (j - from > 1 || s[from] === '0') fail(from); // OpenChemLib reads charges up to 9
      } else {
        while (s[j] === sign && q < 9) {
          j++;
          q++;
        }
      }
      if (sign === '-') q = -q;
    }
    if (s[j] === ':') {
      j++;
      const from = j;
      while (isDigit(s.charCodeAt(j))) j++;
      if (j === from || (s[from] === '0' && j - from > 1)) fail(from);
    }
    if (s[j] !== ']') fail(j);
    const atom = addAtom(z, aromatic, symAt, symLen, start);
    g.charge[atom] = q;
    g.isotope[atom] = isotope;
    g.hWritten[atom] = h;
    return j + 1;
  }
}
