// RDKit's WebAssembly build (2026.09) writes the canonical SMILES of a structure with a metal otherwise than its
// Python releases of 2022 (Debian's, what peers and users compare with): the atoms bonded to a metal in brackets
// even where the organic subset says the same ("[CH3][Al]([CH3])[CH3]" for "C[Al](C)C"), and the fragments not in
// the sorted order ("[Na+].O=[Re](=O)(=O)[O-]"). The atom order is the same canonical one. asRDKit2022 writes atoms
// without their brackets where RDKit 2022 writes none: the plain symbol reads back to the same hydrogens (and no
// radical), and an atom with hydrogens has its element's first valence (RDKit writes O=[SH](=O)O in brackets).
import { readStructure } from './read.js';

/** The first (lowest) default valence of the organic-subset elements, by atomic number. */
const FIRST_VALENCE: Record<number, number> = { 5: 3, 6: 4, 7: 3, 8: 2, 9: 1, 15: 3, 16: 2, 17: 1, 35: 1, 53: 1 };

/** A bracket atom that is plain but for its hydrogens: organic-subset symbol, optional H count, nothing else. */
const PLAIN_BRACKET = /^\[(Cl|Br|[BCNOPSFI]|[bcnops])(?:H(\d?))?\]$/;

/** RDKit's canonical SMILES as RDKit 2022 writes it: needless brackets dropped, fragments in sorted order. */
export function asRDKit2022(smiles: string): string {
  const plain = withoutNeedlessBrackets(smiles);
  // a canonical SMILES has no ring bond across a '.', so each '.' separates two fragments
  return plain.includes('.') ? plain.split('.').sort().join('.') : plain;
}

/** `smiles` with every needless bracket dropped; as given when there is none, or the reading does not allow it. */
export function withoutNeedlessBrackets(smiles: string): string {
  if (!smiles.includes('[')) return smiles;
  let st;
  try {
    st = readStructure(smiles);
  } catch {
    return smiles;
  }
  const n = st.g.z.length;
  const h = Int32Array.from(st.h);
  const radical = Int32Array.from(st.radical);
  // per candidate atom: where its bracket starts and ends, and its symbol
  const spans: { atom: number; from: number; to: number; symbol: string }[] = [];
  for (let a = 0; a < n; a++) {
    const from = st.g.symAt[a]! - 1;
    if (smiles[from] !== '[' || radical[a]) continue;
    const to = smiles.indexOf(']', from) + 1;
    const m = PLAIN_BRACKET.exec(smiles.slice(from, to));
    if (!m) continue;
    let valence = h[a]!;
    for (let k = st.start[a]!; k < st.start[a + 1]!; k++) valence += st.order[st.connBond[k]!]!;
    // an aromatic atom's written hydrogens ([nH]) are what its ring's reading needs: RDKit writes them so
    if (h[a] && (st.g.aromatic[a] || valence !== FIRST_VALENCE[st.g.z[a]!])) continue;
    spans.push({ atom: a, from, to, symbol: m[1]! });
  }
  const kept = new Set<number>();
  // Dropping one bracket changes no other atom's hydrogens, except through an aromatic system's reading:
  // a candidate whose hydrogens change keeps its bracket, and the whole reading is checked again.
  for (let pass = 0; pass < 4 && spans.length > kept.size; pass++) {
    let out = '';
    let at = 0;
    for (const s of spans) {
      if (kept.has(s.atom)) continue;
      out += smiles.slice(at, s.from) + s.symbol;
      at = s.to;
    }
    out += smiles.slice(at);
    let back;
    try {
      back = readStructure(out);
    } catch {
      return smiles;
    }
    if (back.g.z.length !== n) return smiles;
    let changed = false;
    for (let a = 0; a < n; a++) {
      if (back.h[a] === h[a] && back.radical[a] === radical[a]) continue;
      if (!spans.some((s) => s.atom === a) || kept.has(a)) return smiles;
      kept.add(a);
      changed = true;
    }
    if (!changed) return out;
  }
  return smiles;
}
