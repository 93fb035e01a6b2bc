// Names as chemists write them (src/local/store/name-case.ts): a name a source capitalised by rule gets
// its prefixes in their own case and a capital the rule put on a lower-case prefix on the name proper;
// a name the source wrote in mixed or lower case is kept. 50 names, the expected forms written by hand
// after the CRC Handbook of Chemistry and Physics (physical constants of organic compounds).
import { describe, expect, it } from 'vitest';
import { chemistCase } from '../../src/local/store/name-case.js';

// [as a source writes it, Hill formula, as chemists write it]
const NAMES: [string, string, string][] = [
  ['O-xylene', 'C8H10', 'o-Xylene'],
  ['M-xylene', 'C8H10', 'm-Xylene'],
  ['P-xylene', 'C8H10', 'p-Xylene'],
  ['N-hexane', 'C6H14', 'n-Hexane'],
  ['N-butylbenzene', 'C10H14', 'n-Butylbenzene'],
  ['N-propylbenzene', 'C9H12', 'n-Propylbenzene'],
  ['N-butyric acid', 'C4H8O2', 'n-Butyric acid'],
  ['N-propyl acetate', 'C5H10O2', 'n-Propyl acetate'],
  ['N,n-dimethylformamide', 'C3H7NO', 'N,N-dimethylformamide'],
  ['N,n-dimethylacetamide', 'C4H9NO', 'N,N-dimethylacetamide'],
  ['N-methylaniline', 'C7H9N', 'N-methylaniline'],
  ['N-methylpyrrolidone', 'C5H9NO', 'N-methylpyrrolidone'],
  ['Tert-butanol', 'C4H10O', 'tert-Butanol'],
  ['Tert-butylbenzene', 'C10H14', 'tert-Butylbenzene'],
  ['Tert-butyl ethyl ether', 'C6H14O', 'tert-Butyl ethyl ether'],
  ['Sec-butylbenzene', 'C10H14', 'sec-Butylbenzene'],
  ['Sec-butyl alcohol', 'C4H10O', 'sec-Butyl alcohol'],
  ['Cis-2-butene', 'C4H8', 'cis-2-Butene'],
  ['Trans-2-butene', 'C4H8', 'trans-2-Butene'],
  ['Cis-1,2-dimethylcyclohexane', 'C8H16', 'cis-1,2-Dimethylcyclohexane'],
  ['Trans-decahydronaphthalene', 'C10H18', 'trans-Decahydronaphthalene'],
  ['O-cresol', 'C7H8O', 'o-Cresol'],
  ['M-cresol', 'C7H8O', 'm-Cresol'],
  ['P-cresol', 'C7H8O', 'p-Cresol'],
  ['O-dichlorobenzene', 'C6H4Cl2', 'o-Dichlorobenzene'],
  ['P-nitrotoluene', 'C7H7NO2', 'p-Nitrotoluene'],
  ['O-toluidine', 'C7H9N', 'o-Toluidine'],
  ['P-cymene', 'C10H14', 'p-Cymene'],
  ['P-phenylenediamine', 'C6H8N2', 'p-Phenylenediamine'],
  ['O-methylhydroxylamine', 'CH5NO', 'O-methylhydroxylamine'],
  ['Alpha-pinene', 'C10H16', 'alpha-Pinene'],
  ['Beta-pinene', 'C10H16', 'beta-Pinene'],
  ['Alpha-methylstyrene', 'C9H10', 'alpha-Methylstyrene'],
  ['D-glucose', 'C6H12O6', 'D-glucose'],
  ['L-alanine', 'C3H7NO2', 'L-alanine'],
  ['D-limonene', 'C10H16', 'D-limonene'],
  ['(e)-2-butene', 'C4H8', '(E)-2-butene'], // a descriptor in lower case is never right; the rest is the source's
  ['(z)-9-octadecenoic acid', 'C18H34O2', '(Z)-9-octadecenoic acid'],
  ['(r)-Limonene', 'C10H16', '(R)-Limonene'],
  ['(S)-2-butanol', 'C4H10O', '(S)-2-butanol'],
  ['S-methyl thioacetate', 'C3H6OS', 'S-methyl thioacetate'],
  // kept: no prefix, a prefix inside, not a prefix, a refrigerant number, or the source's own case
  ['Ethanol', 'C2H6O', 'Ethanol'],
  ['Di-n-butyl ether', 'C8H18O', 'Di-n-butyl ether'],
  ['Helium-4', 'He', 'Helium-4'],
  ['R-22', 'CHClF2', 'R-22'],
  ['1,2-Dichloroethane', 'C2H4Cl2', '1,2-Dichloroethane'],
  ['o-Xylene', 'C8H10', 'o-Xylene'],
  ['o-xylene', 'C8H10', 'o-xylene'],
  ['N,N-Diethylaniline', 'C10H15N', 'N,N-Diethylaniline'],
  ['tert-butyl alcohol', 'C4H10O', 'tert-butyl alcohol'],
];

describe('names as chemists write them', () => {
  it('has 50 names to check', () => expect(NAMES).toHaveLength(50));
  it.each(NAMES)('%s (%s) → %s', (source, formula, written) => expect(chemistCase(source, formula)).toBe(written));
  it('without a formula, N- and O- stay element locants unless before an aromatic parent', () => {
    expect(chemistCase('N-hexane')).toBe('N-hexane');
    expect(chemistCase('O-xylene')).toBe('o-Xylene');
  });
});
