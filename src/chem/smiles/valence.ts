// Valences by RDKit's default model (2022.09, what Debian ships): each element's allowed valences and outer
// electrons from RDKit's periodic table; a charge shifts them as RDKit's Atom::calcExplicitValence and
// calcImplicitValence do. Organic-subset atoms get the hydrogens that fill the smallest allowed valence; a
// bracket atom has exactly the hydrogens it writes and must not exceed the largest.
import { AROMATIC, SmilesError, type Graph } from './graph.js';

// symbol, allowed valences (x: any, RDKit's -1), outer electrons; Z = position + 1
const TABLE =
  'H 1 1 He 0 2 Li 1 1 Be 2 2 B 3 3 C 4 4 N 3 5 O 2 6 F 1 7 Ne 0 8 Na 1 1 Mg 2,x 2 Al 3,6 3 Si 4,6 4 P 3,5,7 5 S 2,4,6 6 ' +
  'Cl 1 7 Ar 0 8 K 1 1 Ca 2,x 2 Sc x 3 Ti x 4 V x 5 Cr x 6 Mn x 7 Fe x 8 Co x 9 Ni x 10 Cu x 11 Zn x 2 Ga 3 3 Ge 4 4 ' +
  'As 3,5,7 5 Se 2,4,6 6 Br 1 7 Kr 0 8 Rb 1 1 Sr 2,x 2 Y x 3 Zr x 4 Nb x 5 Mo x 6 Tc x 7 Ru x 8 Rh x 9 Pd x 10 Ag x 11 ' +
  'Cd x 2 In 3 3 Sn 2,4 4 Sb 3,5,7 5 Te 2,4,6 6 I 1,3,5 7 Xe 0,2,4,6 8 Cs 1 1 Ba 2,x 2 La x 3 Ce x 4 Pr x 3 Nd x 4 ' +
  'Pm x 5 Sm x 6 Eu x 7 Gd x 8 Tb x 9 Dy x 10 Ho x 11 Er x 12 Tm x 13 Yb x 14 Lu x 15 Hf x 4 Ta x 5 W x 6 Re x 7 ' +
  'Os x 8 Ir x 9 Pt x 10 Au x 11 Hg x 2 Tl 3 3 Pb 2,4 4 Bi 3,5,7 5 Po 2,4,6 6 At 1,3,5 7 Rn 0 8 Fr 1 1 Ra 2,x 2 Ac x 3 ' +
  'Th x 4 Pa x 3 U x 4 Np x 5 Pu x 6 Am x 7 Cm x 8 Bk x 9 Cf x 10 Es x 11 Fm x 12 Md x 13 No x 14 Lr x 15 Rf x 2 ' +
  'Db x 2 Sg x 2 Bh x 2 Hs x 2 Mt x 2 Ds x 2 Rg x 2 Cn x 2 Nh x 2 Fl x 2 Mc x 2 Lv x 2 Ts x 2 Og x 2';

/** Element symbols to atomic numbers. */
export const ELEMENTS = new Map<string, number>();
export const SYMBOLS: string[] = [''];
/** Allowed valences per atomic number, ascending; -1 last: any valence above. */
export const VALENCES: number[][] = [[]];
const OUTER: number[] = [0];
{
  const t = TABLE.split(' ');
  for (let i = 0; i < t.length; i += 3) {
    const z = i / 3 + 1;
    ELEMENTS.set(t[i], z);
    SYMBOLS[z] = t[i];
    VALENCES[z] = t[i + 1].split(',').map((v) => (v === 'x' ? -1 : Number(v)));
    OUTER[z] = Number(t[i + 2]);
  }
}

/** RDKit's isEarlyAtom: a charge adds to the valence of groups 1-13 instead of taking from it (B- is four-valent). */
const isEarly = (z: number) => OUTER[z] < 4 && z > 2 && VALENCES[z][0] !== -1;

/** The charge as RDKit shifts allowed valences by it: N+ 4, O- 1, B- 4, C+ and C- 3. */
export function chargeShift(z: number, q: number): number {
  if (isEarly(z)) q = -q;
  return z === 6 && q > 0 ? -q : q;
}

/** Default (first) allowed valence, -1 when any. */
export const defaultValence = (z: number) => VALENCES[z][0];

const label = (g: Graph, s: string, a: number) => `"${s.slice(g.symAt[a], g.symAt[a] + g.symLen[a])}" at position ${g.symAt[a] + 1}`;

/**
 * RDKit's cleanUp, before valences are read: an uncharged nitrogen of valence 5 with a double bond to a terminal
 * oxygen is written charge-separated (N(=O)=O as [N+](=O)[O-]), as OpenChemLib also reads it (halogen oxides:
 * halogenOxide). Changes `g` in place.
 */
export function cleanUp(g: Graph, start: Int32Array, conn: Int32Array, connBond: Int32Array): void {
  for (let a = 0; a < g.z.length; a++) {
    const z = g.z[a];
    if (z !== 7 || g.charge[a] || g.aromatic[a]) continue;
    let valence = Math.max(g.hWritten[a], 0);
    for (let k = start[a]; k < start[a + 1]; k++) valence += g.order[connBond[k]] || 1.5;
    if (valence !== 5) continue;
    for (let k = start[a]; k < start[a + 1]; k++) {
      const o = conn[k];
      if (g.z[o] === 8 && g.order[connBond[k]] === 2 && !g.charge[o] && start[o + 1] - start[o] === 1 && g.hWritten[o] <= 0) {
        g.order[connBond[k]] = 1;
        g.charge[o] = -1;
        g.charge[a] = 1;
        break;
      }
    }
  }
}

/**
 * An uncharged Cl, Br or I of valence 3, 5 or 7 bonded to oxygen only (chlorate, perchlorate, iodate): RDKit's
 * cleanUp reads it charge-separated ([Cl+3]([O-])...), the same atoms and hydrogens; chem keeps it as written,
 * the form its models were trained on.
 */
function halogenOxide(g: Graph, a: number, ev: number, start: Int32Array, connBond: Int32Array): boolean {
  const z = g.z[a];
  if ((z !== 17 && z !== 35 && z !== 53) || g.charge[a] || (ev !== 3 && ev !== 5 && ev !== 7)) return false;
  for (let k = start[a]; k < start[a + 1]; k++) {
    const b = connBond[k];
    if (g.z[g.a[b] === a ? g.b[b] : g.a[b]] !== 8) return false;
  }
  return true;
}

/**
 * Hydrogens of every atom (written or implicit) and the explicit valence RDKit computes (aromatic bonds count 1.5,
 * an aromatic atom's sum rounds to an allowed valence). Throws where an atom exceeds what its element allows.
 */
export function hydrogens(g: Graph, s: string, start: Int32Array, connBond: Int32Array, ring: Int32Array): { h: Int32Array; ev: Int32Array } {
  const n = g.z.length;
  const h = new Int32Array(n);
  const evs = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const z = g.z[a];
    let accum = 0;
    let aromatic = false; // lowercase with an aromatic ring bond; else read as RDKit reads it, as non-aromatic
    for (let k = start[a]; k < start[a + 1]; k++) {
      const o = g.order[connBond[k]];
      accum += o === AROMATIC ? 1.5 : o;
      if (o === AROMATIC && ring[connBond[k]]) aromatic = true;
    }
    const written = g.hWritten[a];
    if (written > 0) accum += written;
    const valences = VALENCES[z];
    const dv = valences[0];
    const shift = chargeShift(z, g.charge[a]);
    if (aromatic && dv >= 0 && accum > dv + shift) {
      // RDKit: an aromatic atom over its default valence takes the allowed valence just below, if within 1.5
      let p = dv + shift;
      for (const v of valences) {
        if (v < 0 || v + shift > accum) break;
        p = v + shift;
      }
      if (accum - p <= 1.5) accum = p;
    }
    const ev = Math.round(accum + 0.1);
    evs[a] = ev;
    if (halogenOxide(g, a, ev, start, connBond)) {
      h[a] = Math.max(written, 0);
      continue;
    }
    const max = valences[valences.length - 1];
    if (max > 0) {
      // RDKit's strict check: the valence less the charge (plus it for groups 1-3), hydrogen cations excepted
      const q = g.charge[a];
      const effective = (OUTER[z] >= 4 || (z === 1 && q > 0)) ? ev - q : ev + q;
      if (effective > max) throw new SmilesError(`atom ${label(g, s, a)} has valence ${ev}${q ? ` with charge ${q > 0 ? '+' : ''}${q}` : ''} (at most ${max - (effective - ev)} allowed)`);
    }
    if (written >= 0 || dv < 0) {
      h[a] = Math.max(written, 0);
      continue;
    }
    if (aromatic) {
      if (ev <= dv + shift) h[a] = dv + shift - ev;
      else if (!valences.some((v) => v > 0 && v + shift === ev)) throw new SmilesError(`aromatic atom ${label(g, s, a)} has valence ${ev}, not one its element allows`);
      continue;
    }
    const v = valences.find((v) => v >= 0 && v + shift >= ev);
    if (v === undefined) throw new SmilesError(`atom ${label(g, s, a)} has valence ${ev} (at most ${max} allowed)`);
    h[a] = v + shift - ev;
  }
  return { h, ev: evs };
}

/**
 * Radical electrons of bracket atoms, as RDKit's assignRadicals counts them on the Kekulé structure (valence: sum
 * of bond orders plus written hydrogens); organic-subset atoms have none.
 */
export function radicals(g: Graph, order: Int32Array, start: Int32Array, connBond: Int32Array, h: Int32Array): Int32Array {
  const n = g.z.length;
  const r = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const z = g.z[a];
    if (g.hWritten[a] < 0) continue;
    const valences = VALENCES[z];
    if (valences.length === 1 && valences[0] === -1) continue;
    let total = h[a];
    for (let k = start[a]; k < start[a + 1]; k++) total += order[connBond[k]];
    const q = g.charge[a];
    let count = (z <= 2 ? 2 : 8) - OUTER[z] - total + q;
    if (count < 0) {
      count = 0;
      if (valences.length > 1) {
        for (const v of valences) {
          if (v - total + q >= 0) {
            count = v - total + q;
            break;
          }
        }
      }
    }
    const early = OUTER[z] - total - q;
    if (early >= 0) count = Math.min(count, early);
    r[a] = count;
  }
  return r;
}
