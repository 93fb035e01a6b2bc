// Every source a data point can name in `s`: database name, link, licence, and the literature
// reference its points carry in `r` unless a row names its own. `nc` marks non-commercial data,
// imported only with --include-nc. Ranks order the sources when names or structures disagree
// (lower wins): curated identifier tables first for structures, well-cased names first for names.

export interface SourceDef {
  key: string;
  db: string;
  url: string;
  license: string;
  ref: string;
  nc?: boolean;
}

const CHEMICALS = 'https://github.com/CalebBell/chemicals/tree/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals';
const HTTK = 'https://github.com/ScottCoffin/CompTox-ExpoCast-httk/tree/0e7e7f623191ccf0bdbf620fa79a01bbea70adea';

const list: SourceDef[] = [
  { key: 'pubchem', db: 'PubChem identifiers (CalebBell/chemicals)', url: `${CHEMICALS}/Identifiers`, license: 'MIT', ref: 'PubChem, via CalebBell/chemicals' },
  { key: 'chemsep', db: 'ChemSep v8.32 pure component database', url: `${CHEMICALS}/Misc/ChemSep8.32.xml`, license: 'Artistic-2.0', ref: 'Kooijman & Taylor, ChemSep v8.32 (2021)' },
  { key: 'bell2018', db: 'Bell, Satyro & Lemmon 2018', url: `${CHEMICALS}/Phase%20Change`, license: 'MIT', ref: 'Bell, Satyro & Lemmon, J. Chem. Eng. Data 63 (2018) 2402, doi:10.1021/acs.jced.7b00967' },
  { key: 'iupac', db: 'IUPAC critical properties', url: `${CHEMICALS}/Critical%20Properties/IUPACOrganicCriticalProps.tsv`, license: 'MIT', ref: 'IUPAC, Vapor-Liquid Critical Properties of Elements and Compounds, J. Chem. Eng. Data (1995-2015)' },
  { key: 'mathews', db: 'Mathews 1972', url: `${CHEMICALS}/Critical%20Properties/Mathews1972InorganicCriticalProps.tsv`, license: 'MIT', ref: 'Mathews, Chem. Rev. 72 (1972) 71' },
  { key: 'crc', db: 'CRC Handbook of Chemistry and Physics', url: CHEMICALS, license: 'MIT', ref: 'CRC Handbook of Chemistry and Physics, 95th ed.' },
  { key: 'psrk', db: 'PSRK revision 4', url: `${CHEMICALS}/Critical%20Properties/Appendix%20to%20PSRK%20Revision%204.tsv`, license: 'MIT', ref: 'Horstmann et al., Fluid Phase Equilib. 227 (2005) 157' },
  { key: 'passut', db: 'Passut & Danner 1973', url: `${CHEMICALS}/Critical%20Properties/PassutDanner1973.tsv`, license: 'MIT', ref: 'Passut & Danner, Ind. Eng. Chem. Process Des. Dev. 12 (1973) 365' },
  { key: 'yaws', db: 'Yaws', url: CHEMICALS, license: 'MIT', ref: 'Yaws, Thermophysical Properties of Chemicals and Hydrocarbons, 2nd ed. (2014)' },
  { key: 'dippr', db: 'DIPPR (Piña-Martinez et al.)', url: `${CHEMICALS}/Critical%20Properties/DIPPRPinaMartines.tsv`, license: 'MIT', ref: 'Piña-Martinez, Privat & Jaubert, AIChE J. 68 (2022) e17518' },
  { key: 'wilson-jasperson', db: 'Wilson-Jasperson predictions', url: `${CHEMICALS}/Critical%20Properties/wilson_jasperson_Tc_Pc_predictions.tsv`, license: 'MIT', ref: 'Wilson & Jasperson group contribution (1996), computed by CalebBell/chemicals' },
  { key: 'fedors', db: 'Fedors predictions', url: `${CHEMICALS}/Critical%20Properties/fedors_Vc_predictions.tsv`, license: 'MIT', ref: 'Fedors, AIChE J. 25 (1979) 202, computed by CalebBell/chemicals' },
  { key: 'omega-psat', db: 'Acentric factor predictions', url: `${CHEMICALS}/Critical%20Properties/omega_Psat_Tc_predictions.tsv`, license: 'MIT', ref: 'Acentric factor from its definition with a vapour-pressure model, computed by CalebBell/chemicals' },
  { key: 'heos', db: 'Reference Helmholtz equations of state', url: `${CHEMICALS}/Misc/heos_constants.tsv`, license: 'MIT', ref: 'Reference Helmholtz EOS (CoolProp/REFPROP); Huber et al., Ind. Eng. Chem. Res. 61 (2022) 15449' },
  { key: 'opennotebook', db: 'Open Notebook melting points', url: `${CHEMICALS}/Phase%20Change/OpenNotebook%20Melting%20Points.tsv`, license: 'MIT', ref: 'Bradley, Williams & Lang, Jean-Claude Bradley Open Melting Point Dataset (2014), figshare 1031637' },
  { key: 'gharagheizi', db: 'Gharagheizi et al. 2013', url: `${CHEMICALS}/Phase%20Change/Ghazerati%20Appendix%20Vaporization%20Enthalpy.tsv`, license: 'MIT', ref: 'Gharagheizi et al., Fluid Phase Equilib. 360 (2013) 279' },
  { key: 'perry', db: "Perry's Chemical Engineers' Handbook", url: CHEMICALS, license: 'MIT', ref: "Perry's Chemical Engineers' Handbook, 8th ed." },
  { key: 'vdi', db: 'VDI Heat Atlas', url: CHEMICALS, license: 'MIT', ref: 'VDI Heat Atlas, 2nd ed. (2010)' },
  { key: 'alibakhshi', db: 'Alibakhshi 2017', url: `${CHEMICALS}/Phase%20Change/Alibakhshi%20one-coefficient%20enthalpy%20of%20vaporization.tsv`, license: 'MIT', ref: 'Alibakhshi, Fluid Phase Equilib. 432 (2017) 62' },
  { key: 'api-tdb', db: 'API Technical Data Book', url: `${CHEMICALS}/Reactions/API%20TDB%20Albahri%20Hf%20(g).tsv`, license: 'MIT', ref: 'API Technical Data Book, via Albahri' },
  { key: 'atct', db: 'Active Thermochemical Tables 1.112', url: `${CHEMICALS}/Reactions/ATcT%201.112%20(g).tsv`, license: 'MIT', ref: 'Ruscic et al., Active Thermochemical Tables (ATcT) v1.112' },
  { key: 'janaf', db: 'NIST-JANAF Thermochemical Tables', url: `${CHEMICALS}/Reactions/JANAF_1998.tsv`, license: 'MIT', ref: 'Chase, NIST-JANAF Thermochemical Tables, 4th ed. (1998)' },
  { key: 'trc', db: 'TRC Thermodynamics of Organic Compounds in the Gas State', url: `${CHEMICALS}/Heat%20Capacity`, license: 'MIT', ref: "Frenkel' et al., TRC Thermodynamics of Organic Compounds in the Gas State (1994)" },
  { key: 'poling', db: 'Poling, Prausnitz & O\'Connell databank', url: `${CHEMICALS}/Heat%20Capacity/PolingDatabank.tsv`, license: 'MIT', ref: "Poling, Prausnitz & O'Connell, The Properties of Gases and Liquids, 5th ed. (2001)" },
  { key: 'webbook', db: 'NIST Chemistry WebBook', url: 'https://webbook.nist.gov/chemistry/', license: 'MIT', ref: 'NIST Chemistry WebBook, SRD 69, via CalebBell/chemicals' },
  { key: 'wikidata', db: 'Wikidata', url: 'https://www.wikidata.org/', license: 'CC0-1.0', ref: 'Wikidata, via CalebBell/chemicals' },
  { key: 'syrres', db: 'Syrres KOWWIN experimental data', url: `${CHEMICALS}/Environment`, license: 'MIT', ref: 'Syracuse Research Corp., KOWWIN experimental logKow data (SrcKowData2, 2006)' },
  { key: 'physprop', db: 'EPI Suite PhysProp', url: 'https://github.com/USEtox/PyEPISuite/tree/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data', license: 'MIT', ref: 'US EPA EPI Suite, SRC PhysProp database' },
  { key: 'aqsoldb', db: 'AqSolDB', url: 'https://github.com/mcsorkun/AqSolDB/blob/8e02b548fd9a78778ff89a5aa9a460d1a289cc3a/results/data_curated.csv', license: 'CC0-1.0', ref: 'Sorkun, Khetan & Er, Sci. Data 6 (2019) 143' },
  { key: 'huuskonen', db: 'Huuskonen solubility set', url: 'https://github.com/rdkit/rdkit/tree/24e544313514cb98beb9403502d0466f4ab67971/Docs/Book/data', license: 'BSD-3-Clause', ref: 'Huuskonen, J. Chem. Inf. Comput. Sci. 40 (2000) 773' },
  { key: 'esol', db: 'ESOL (Delaney)', url: 'https://github.com/ajia90/smilestransformer/blob/14c071af35d477a1057885265a9d5eb1261c3207/delaney-processed.csv', license: 'not stated', ref: 'Delaney, J. Chem. Inf. Comput. Sci. 44 (2004) 1000' },
  { key: 'bradley', db: 'Bradley Double Plus Good melting points', url: 'https://github.com/Matt-Maree/Melting-point-prediction/blob/9eb567a46e99a79efdf2569f88ebf481388885e3/data/raw/BradleyDoublePlusGoodMeltingPointDataset.csv', license: 'CC0-1.0', ref: 'Bradley, Lang & Williams, Double Plus Good melting point dataset (2014), figshare 1031638' },
  { key: 'comptox', db: 'US EPA CompTox Chemicals Dashboard (DSSTox)', url: `${HTTK}/datatables`, license: 'US Government work (public domain)', ref: 'US EPA CompTox Chemicals Dashboard, DSSTox' },
  { key: 'opera', db: 'OPERA', url: 'https://github.com/NIEHS/OPERA/tree/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e', license: 'MIT', ref: 'Mansouri et al., J. Cheminform. 10 (2018) 10 (OPERA models)' },
  { key: 'critprop', db: 'CritProp experimental data (Biswas et al. 2023)', url: 'https://github.com/yunsiechung/chemprop/tree/RxnMPNN_GradArbor/critprop_data', license: 'CC-BY-4.0', ref: 'Biswas, Chung, Ramirez, Wu & Green, J. Chem. Inf. Model. 63 (2023) 4574, doi:10.1021/acs.jcim.3c00546' },
  { key: 'mcgarry', db: 'McGarry Wagner constants', url: `${CHEMICALS}/Vapor%20Pressure`, license: 'MIT', ref: 'McGarry, Ind. Eng. Chem. Process Des. Dev. 22 (1983) 313' },
  { key: 'alcock', db: 'Alcock, Itkin & Horrigan 1984', url: `${CHEMICALS}/Vapor%20Pressure`, license: 'MIT', ref: 'Alcock, Itkin & Horrigan, Can. Metall. Q. 23 (1984) 309' },
  { key: 'landolt', db: 'Landolt-Börnstein IV/20 Antoine constants', url: `${CHEMICALS}/Vapor%20Pressure`, license: 'MIT', ref: 'Landolt-Börnstein IV/20, Vapor Pressure and Antoine Constants (Hall 1999; Dykyj & Hall 2000; Hall 2001)' },
  { key: 'costald', db: 'COSTALD parameters', url: `${CHEMICALS}/Density/COSTALD%20Parameters.tsv`, license: 'MIT', ref: 'Hankinson & Thomson, AIChE J. 25 (1979) 653' },
  { key: 'mulero', db: 'Mulero, Cachadiña & Parra 2012', url: `${CHEMICALS}/Interface/MuleroCachadinaParameters.tsv`, license: 'MIT', ref: 'Mulero, Cachadiña & Parra, J. Phys. Chem. Ref. Data 41 (2012) 043105' },
  { key: 'somayajulu', db: 'Somayajulu 1988', url: `${CHEMICALS}/Interface/Somayajulu.tsv`, license: 'MIT', ref: 'Somayajulu, Int. J. Thermophys. 9 (1988) 559' },
  { key: 'somayajulu2013', db: 'Somayajulu revised (Mulero, Parra & Cachadiña 2013)', url: `${CHEMICALS}/Interface/SomayajuluRevised.tsv`, license: 'MIT', ref: 'Mulero, Parra & Cachadiña, Fluid Phase Equilib. 339 (2013) 81' },
  { key: 'jasper', db: 'Jasper 1972 (Lange\'s Handbook)', url: `${CHEMICALS}/Interface/Jasper-Lange.tsv`, license: 'MIT', ref: "Jasper, J. Phys. Chem. Ref. Data 1 (1972) 841, as in Lange's Handbook, 16th ed." },
  { key: 'zabransky', db: 'Zabransky et al. 1996', url: `${CHEMICALS}/Heat%20Capacity/Zabransky.tsv`, license: 'MIT', ref: 'Zabransky, Ruzicka, Majer & Domalski, Heat Capacity of Liquids: Critical Review and Recommended Values (1996)' },
  { key: 'psi4', db: 'Psi4 computations (CalebBell/chemicals)', url: `${CHEMICALS}/Misc`, license: 'MIT', ref: 'Psi4 1.3.2, MP2/6-31G** on RDKit geometries, computed by CalebBell/chemicals (2022)' },
  { key: 'cccbdb', db: 'NIST CCCBDB', url: `${CHEMICALS}/Misc`, license: 'MIT', ref: 'NIST Computational Chemistry Comparison and Benchmark Database, SRD 101, release 17b (2015)' },
  { key: 'muller', db: 'Müller, Mokrushina & Arlt 2012', url: `${CHEMICALS}/Misc`, license: 'MIT', ref: 'Müller, Mokrushina & Arlt, J. Chem. Eng. Data 57 (2012) 1231' },
  { key: 'hsp-ruben', db: 'Hansen parameters (Díaz de los Ríos & Murcia Belmonte)', url: `${CHEMICALS}/Misc`, license: 'not stated', ref: 'Díaz de los Ríos & Murcia Belmonte, SN Appl. Sci. 4 (2022) 185' },
  { key: 'alshehri', db: 'Alshehri et al. 2022', url: `${CHEMICALS}/Misc`, license: 'MIT', ref: 'Alshehri et al., AIChE J. 68 (2022) e17469' },
  { key: 'hspipy', db: 'HSPiPy', url: `${CHEMICALS}/Misc`, license: 'MIT', ref: 'HSPiPy hspipy/db.csv (GitHub Gnpd/HSPiPy)' },
  { key: 'schrier', db: 'Wolfram Data Repository Hansen parameters', url: `${CHEMICALS}/Misc`, license: 'not stated', ref: 'Schrier, Hansen Solubility Parameters, Wolfram Data Repository (2020)' },
  { key: 'iec', db: 'IEC 60079-20-1 (2010)', url: `${CHEMICALS}/Safety`, license: 'MIT', ref: 'IEC 60079-20-1:2010, as IS/IEC 60079-20-1' },
  { key: 'nfpa', db: 'NFPA 497 (2008)', url: `${CHEMICALS}/Safety`, license: 'MIT', ref: 'NFPA 497, Recommended Practice for the Classification of Flammable Liquids, Gases, or Vapors (2008)' },
  { key: 'serat', db: 'Serat et al. 2017 (DIPPR flash points)', url: `${CHEMICALS}/Safety`, license: 'MIT', ref: 'Serat et al., Fluid Phase Equilib. 449 (2017) 52' },
  { key: 'staveley', db: 'Staveley, Lobo & Calado 1981', url: `${CHEMICALS}/Triple%20Properties`, license: 'MIT', ref: 'Staveley, Lobo & Calado, Cryogenics 21 (1981) 131' },
  { key: 'ipcc', db: 'IPCC AR6 global warming potentials', url: `${CHEMICALS}/Environment`, license: 'MIT', ref: 'IPCC AR6 WG1 (2021); Hodnebrog et al., Rev. Geophys. 58 (2020) e2019RG000691' },
  { key: 'odp', db: 'Ozone depletion potentials (US EPA, WMO 2010)', url: `${CHEMICALS}/Environment`, license: 'MIT', ref: 'US EPA ozone-depleting substances list; WMO Scientific Assessment of Ozone Depletion: 2010' },
  { key: 'opsin', db: 'OPSIN 2.7.0 name-to-structure (a structure read from a name, no source giving one)', url: 'https://github.com/dan2097/opsin', license: 'MIT', ref: 'Lowe, Corbett, Murray-Rust & Glen, J. Chem. Inf. Model. 51 (2011) 739, doi:10.1021/ci100384d' },
  { key: 'cas-cc', db: 'CAS Common Chemistry', url: 'https://commonchemistry.cas.org/', license: 'CC-BY-NC-4.0', ref: 'CAS Common Chemistry, via CalebBell/chemicals', nc: true },
];

export const SOURCES: ReadonlyMap<string, SourceDef> = new Map(list.map((s) => [s.key, s]));

export function source(key: string): SourceDef {
  const s = SOURCES.get(key);
  if (!s) throw new Error(`unknown source ${key}`);
  return s;
}

/** Lower wins when choosing the structure of a CAS. */
export const STRUCTURE_RANK: Record<string, number> = { pubchem: 0, chemsep: 1, comptox: 2, opera: 3, aqsoldb: 4, huuskonen: 5, esol: 5, bradley: 5, physprop: 6 };
/** Lower wins when choosing the main name. */
export const NAME_RANK: Record<string, number> = { chemsep: 0, comptox: 1, pubchem: 2, opera: 3, crc: 4, iupac: 5, yaws: 6, physprop: 7, 'cas-cc': 8 };
export const rankOf = (table: Record<string, number>, key: string) => table[key] ?? 10;
