// Source SMILES through the strict reader (chem/smiles/read.ts), as the build reads them: read as written, or
// repaired by one of the rules below for a spelling a source uses that is not SMILES, or counted as not read by
// the class of the reader's message (the structure then keeps its source SMILES, unread, and no formula or MW
// from it). The rules are for source files only: user input is never repaired.
import { readStructure, SmilesError } from '../../../chem/smiles/read.js';

export type SourceSmiles = { smiles: string; repaired?: string } | { smiles: string; unread: string };

/** Each rule: its name (counted in the build report) and the rewrite; applied in turn until one reads. */
const RULES: [string, (s: string) => string][] = [
  // httk's DSSTox outputs: a cell of two SMILES of the compound, the QSAR-ready and the original, joined by ','
  // (no SMILES holds one), the second quoted with its backslashes doubled: the first that reads
  ['a quoted cell (backslashes doubled) or two SMILES joined by ",": the first that reads', (s) => s.split(',').map((p) => p.replace(/^"|"$/g, '').replace(/\\\\/g, '\\')).find(reads) ?? s],
];

const reads = (s: string): boolean => {
  try {
    readStructure(s);
    return true;
  } catch (err) {
    if (err instanceof SmilesError) return false;
    throw err;
  }
};

/** The class of a reader's message: the message without its positions, atoms and numbers. */
const errorClass = (message: string) => message.replace(/"[^"]*"/g, 'X').replace(/\d+/g, 'N');

export function sourceSmiles(s: string): SourceSmiles {
  let message: string;
  try {
    readStructure(s);
    return { smiles: s };
  } catch (err) {
    if (!(err instanceof SmilesError)) throw err;
    message = err.message;
  }
  for (const [name, rule] of RULES) {
    const t = rule(s);
    if (t !== s && reads(t)) return { smiles: t, repaired: name };
  }
  return { smiles: s, unread: errorClass(message) };
}
