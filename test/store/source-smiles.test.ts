// Source SMILES as the database build reads them (import/smiles.ts): as written, repaired by a documented rule, or
// counted as not read by the class of the strict reader's message. Hand-written cells in the sources' spellings.
import { describe, expect, it } from 'vitest';
import { sourceSmiles } from '../../src/local/store/import/smiles.js';

describe('source SMILES', () => {
  it('reads a SMILES as written', () => {
    expect(sourceSmiles('CCO')).toEqual({ smiles: 'CCO' });
  });

  it("repairs httk's cells: two SMILES joined by ',', a quoted one with its backslashes doubled", () => {
    const rule = 'a quoted cell (backslashes doubled) or two SMILES joined by ",": the first that reads';
    expect(sourceSmiles('CN(C)C(C)=NC#N,"CN(C)C(\\\\C)=N\\\\C#N"')).toEqual({ smiles: 'CN(C)C(C)=NC#N', repaired: rule });
    expect(sourceSmiles('"CN\\\\C(C)=N/C"')).toEqual({ smiles: 'CN\\C(C)=N/C', repaired: rule });
  });

  it('counts what it cannot read by class: no rule for a user typo or a dative bond written as covalent', () => {
    expect(sourceSmiles('C1CC')).toEqual({ smiles: 'C1CC', unread: 'ring closure N at position N is never closed' });
    expect(sourceSmiles('Br[Br-]Br')).toEqual({ smiles: 'Br[Br-]Br', unread: 'atom X at position N has valence N with charge -N (at most N allowed)' });
  });
});
