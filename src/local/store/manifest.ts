// The source tables `chem db pull` fetches: each file's path in the data directory (as in the
// mirror), its upstream URL pinned to the commit named in the data README, its SHA-256 and size.
// Generated from the importers' file lists and the mirror; the data itself is never committed.

export interface ManifestFile {
  path: string;
  url: string;
  sha256: string;
  size: number;
  /** Non-commercial licence: fetched only with --include-nc. */
  nc?: boolean;
}

export const MANIFEST: readonly ManifestFile[] = [

  {
    "path": "AqSolDB/results/data_curated.csv",
    "url": "https://raw.githubusercontent.com/mcsorkun/AqSolDB/8e02b548fd9a78778ff89a5aa9a460d1a289cc3a/results/data_curated.csv",
    "sha256": "363a42a4e4ea8e6039758146d34efdd95cde2da81c665316cacc1869e0a805ed",
    "size": 3750252
  },
  {
    "path": "chemicals-history/chemicals/Misc/common_chemistry.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/24a138719b39fa5c81db3cbd94817080461540a1/chemicals/Misc/common_chemistry.tsv",
    "sha256": "c25a5394f9ff4f501c1f1337612151913afc92ef270b7a905de3a16a537052f6",
    "size": 3628833,
    "nc": true
  },
  {
    "path": "chemicals/chemicals/Critical Properties/Appendix to PSRK Revision 4.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/Appendix%20to%20PSRK%20Revision%204.tsv",
    "sha256": "8193e7c2279326784e0acb9454d79173961f1d69c09ee5291f7742e774058db7",
    "size": 56661
  },
  {
    "path": "chemicals/chemicals/Critical Properties/CRCCriticalOrganics.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/CRCCriticalOrganics.tsv",
    "sha256": "ef533e3d7b14fe3b2a9d7a11887bce6912b2fb0c40001ecdbcbadf0b1c8d67a7",
    "size": 58567
  },
  {
    "path": "chemicals/chemicals/Critical Properties/DIPPRPinaMartines.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/DIPPRPinaMartines.tsv",
    "sha256": "991ee8b204ced935c90393309300927cbd036ea7546352e6777c6e802728bd23",
    "size": 56005
  },
  {
    "path": "chemicals/chemicals/Critical Properties/fedors_Vc_predictions.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/fedors_Vc_predictions.tsv",
    "sha256": "55fdbe25a03a87e40e680042f7d9bc76bad814c97096e32f3f100d489c4dfbe9",
    "size": 1164313
  },
  {
    "path": "chemicals/chemicals/Critical Properties/IUPACOrganicCriticalProps.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/IUPACOrganicCriticalProps.tsv",
    "sha256": "94aa74b87def173c0a39b823100512cca6709830f5cfbecbbe8ae3c80f09295d",
    "size": 50971
  },
  {
    "path": "chemicals/chemicals/Critical Properties/Mathews1972InorganicCriticalProps.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/Mathews1972InorganicCriticalProps.tsv",
    "sha256": "3f02b75eed7350267abca7974f1571b9724a4366f02d9ca32c3c8e941697b1f8",
    "size": 6347
  },
  {
    "path": "chemicals/chemicals/Critical Properties/omega_Psat_Tc_predictions.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/omega_Psat_Tc_predictions.tsv",
    "sha256": "7311351efdd97f62704b50260a20d3f438c89f8433c78ecf3b192fb92c08f6a5",
    "size": 570072
  },
  {
    "path": "chemicals/chemicals/Critical Properties/PassutDanner1973.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/PassutDanner1973.tsv",
    "sha256": "1b14440e300855dac834c0d8af0955ca6d5b861b4251ed96a77b7048b258a62f",
    "size": 12915
  },
  {
    "path": "chemicals/chemicals/Critical Properties/wilson_jasperson_Tc_Pc_predictions.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/wilson_jasperson_Tc_Pc_predictions.tsv",
    "sha256": "dc7689cca42f47b5742702af6a30ce9635cf54b8358abbf1e1eb635c5cfb9257",
    "size": 828880
  },
  {
    "path": "chemicals/chemicals/Critical Properties/Yaws Collection.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Critical%20Properties/Yaws%20Collection.tsv",
    "sha256": "8e9cce88b781b13a380c4d21ff86c4fd57d63592ffe3c40a88721fee2614bb64",
    "size": 455627
  },
  {
    "path": "chemicals/chemicals/Environment/CRC logP table.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Environment/CRC%20logP%20table.tsv",
    "sha256": "09f43aae1cae4b299794da500eced4bc97d470ff8a6b9c9d9692316098872e7c",
    "size": 13444
  },
  {
    "path": "chemicals/chemicals/Environment/Syrres logP data.csv.gz",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Environment/Syrres%20logP%20data.csv.gz",
    "sha256": "8d087f293b5b0dcd930ecd025ba220499657957b7c26abf64f663f617b0b4d09",
    "size": 168471
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/CRC Standard Thermodynamic Properties of Chemical Substances.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/CRC%20Standard%20Thermodynamic%20Properties%20of%20Chemical%20Substances.tsv",
    "sha256": "718d121e0c6ee3cbc2b8a0029dcde7feba72cd3fa18dc4f08f22cf79f1028df2",
    "size": 138306
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/CRCHeatCapacitySolids.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/CRCHeatCapacitySolids.tsv",
    "sha256": "ff5e1752e40f6e6d7964128deeea6f4e06283d02c10c880451a04edc8ff7bc68",
    "size": 2506
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/JANAF_1998_gas_Cp.json",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/JANAF_1998_gas_Cp.json",
    "sha256": "4c58ab3ca928fcb09263955126a83dbc417717185326d41fed908fde9a176b9f",
    "size": 1636675
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/JANAF_1998_solid_Cp.json",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/JANAF_1998_solid_Cp.json",
    "sha256": "ff8f23a766b0b895fdb6a4270285fa2d79a5dcb388af367767ea0dfb0fc94e04",
    "size": 227281
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/Perrys Table 2-151.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/Perrys%20Table%202-151.tsv",
    "sha256": "d972473a9295b7e2965c271b331f9e77b920e2541623d3cf5f795ab229384e58",
    "size": 20420
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/PolingDatabank.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/PolingDatabank.tsv",
    "sha256": "9c707a81eb8896afc32cae53222b5596dabf98f318f6f26d97193016fe8f436b",
    "size": 32885
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/TRC Thermodynamics of Organic Compounds in the Gas State.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/TRC%20Thermodynamics%20of%20Organic%20Compounds%20in%20the%20Gas%20State.tsv",
    "sha256": "a5a24299cf1769b028ede4e0bd26c9cbd8d8c912c9df7659beac9e59f966f15a",
    "size": 199315
  },
  {
    "path": "chemicals/chemicals/Heat Capacity/webbook_shomate_coefficients.json",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Heat%20Capacity/webbook_shomate_coefficients.json",
    "sha256": "73e7f2d06af6586af07f161e697f9ae4a0744e896f02f07ddf1318ea4d49aaa4",
    "size": 257200
  },
  {
    "path": "chemicals/chemicals/Identifiers/Anion db.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/Anion%20db.tsv",
    "sha256": "92b05dda5fcf57342be6f56fa06068fbd5e42bda22840760825f3ce360ea16b9",
    "size": 99410
  },
  {
    "path": "chemicals/chemicals/Identifiers/Cation db.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/Cation%20db.tsv",
    "sha256": "4c45749d2522b99c83d88a1e2965e79dc9223db8d81654fabe415f97b557660c",
    "size": 76092
  },
  {
    "path": "chemicals/chemicals/Identifiers/chemical identifiers example user db.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/chemical%20identifiers%20example%20user%20db.tsv",
    "sha256": "4ebccb034b0ad9b4bba66d194df1b8d2c62d12303a126588dc7dfb4280df25aa",
    "size": 2227379
  },
  {
    "path": "chemicals/chemicals/Identifiers/chemical identifiers pubchem small.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/chemical%20identifiers%20pubchem%20small.tsv",
    "sha256": "21fc5441ba4e159ec3b3993459d7cd0c6d375a1565c7304cc55580e8999ba42e",
    "size": 1293242
  },
  {
    "path": "chemicals/chemicals/Identifiers/Inorganic db.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/Inorganic%20db.tsv",
    "sha256": "05e38f7ec8fa928e2d819ad744dac2931e78e9ae0781bf8ee03f2b3367305bce",
    "size": 348142
  },
  {
    "path": "chemicals/chemicals/Identifiers/Mixtures Compositions.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Identifiers/Mixtures%20Compositions.tsv",
    "sha256": "631e7490518e1057437e3bd02ea96222e811750f13c84118b4432bd94c087a00",
    "size": 18523
  },
  {
    "path": "chemicals/chemicals/Misc/ChemSep8.32.xml",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/ChemSep8.32.xml",
    "sha256": "78b3e0c6408ff35f3b75fb71a1fdd70bb8e967d8996b49452a4a9fa2dd567c76",
    "size": 3737441
  },
  {
    "path": "chemicals/chemicals/Misc/common_chemistry_data.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/common_chemistry_data.tsv",
    "sha256": "f3aafb2bcbde9b2be35c94aeb8e581db6d2eea5b2c54a7f8c9c873ac9362b67e",
    "size": 1537871,
    "nc": true
  },
  {
    "path": "chemicals/chemicals/Misc/heos_constants.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/heos_constants.tsv",
    "sha256": "1deebc94df89b5953c73c8d254a9edfda45e4d6d545b70071c24253e0c8accc0",
    "size": 15515
  },
  {
    "path": "chemicals/chemicals/Misc/Physical Constants of Inorganic Compounds.csv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/Physical%20Constants%20of%20Inorganic%20Compounds.csv",
    "sha256": "121483869a54d517dea142893c0ef361d962014fa178de0b2fd070d04389c953",
    "size": 106938
  },
  {
    "path": "chemicals/chemicals/Misc/Physical Constants of Organic Compounds.csv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/Physical%20Constants%20of%20Organic%20Compounds.csv",
    "sha256": "375cc9b2db48877ac5b8fb60c3713ef05adbbe927957c45094362d806ecfe383",
    "size": 538484
  },
  {
    "path": "chemicals/chemicals/Misc/VDI Saturation Compounds Data.json",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/VDI%20Saturation%20Compounds%20Data.json",
    "sha256": "b171ec042ab644c8387309b60636288f5da7458996abe71703ba06b111ea93f5",
    "size": 187360
  },
  {
    "path": "chemicals/chemicals/Misc/webbook_constants.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/webbook_constants.tsv",
    "sha256": "8d0b7c7b62a2bc8ff4c91448975775924cf1f844f4ab67ece29da19f60838262",
    "size": 622530
  },
  {
    "path": "chemicals/chemicals/Misc/wikidata_properties.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Misc/wikidata_properties.tsv",
    "sha256": "1c8cc7f549f150483527b76ab85daee121751dfaac5ebd3083971b045d8bd6db",
    "size": 288127
  },
  {
    "path": "chemicals/chemicals/Phase Change/Alibakhshi one-coefficient enthalpy of vaporization.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/Alibakhshi%20one-coefficient%20enthalpy%20of%20vaporization.tsv",
    "sha256": "0272b8a77de09d1a4eabf6009b12d99e218be7b2930c7735c2048e6d959a9a70",
    "size": 69463
  },
  {
    "path": "chemicals/chemicals/Phase Change/Bell 2018 je7b00967_si_001.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/Bell%202018%20je7b00967_si_001.tsv",
    "sha256": "656b5959aa2e835feee28111d0f67b76b49466c25c8781bbf322cd9af218f78f",
    "size": 317252
  },
  {
    "path": "chemicals/chemicals/Phase Change/CRC Handbook Heat of Fusion.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/CRC%20Handbook%20Heat%20of%20Fusion.tsv",
    "sha256": "1819a17f3ff850ccef58dc28ee9cb7cdd6067796b29b379c4a1f0a81b158ac18",
    "size": 42244
  },
  {
    "path": "chemicals/chemicals/Phase Change/CRC Handbook Heat of Vaporization.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/CRC%20Handbook%20Heat%20of%20Vaporization.tsv",
    "sha256": "3167c400fc9581f2e3c82a6581c8b7959e53d6565945042c0dc9c2c54592cf69",
    "size": 45908
  },
  {
    "path": "chemicals/chemicals/Phase Change/Ghazerati Appendix Vaporization Enthalpy.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/Ghazerati%20Appendix%20Vaporization%20Enthalpy.tsv",
    "sha256": "14911df3baa533a0b5d4c6972040d49a22d4cf3b0d670a30bc4aa0ef86f75c5a",
    "size": 106098
  },
  {
    "path": "chemicals/chemicals/Phase Change/OpenNotebook Melting Points.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/OpenNotebook%20Melting%20Points.tsv",
    "sha256": "a41cec098dce1dd603652342d4a9f0171b2f67625ebe80a1d3ab4b02a52f0bed",
    "size": 190434
  },
  {
    "path": "chemicals/chemicals/Phase Change/Table 2-150 Heats of Vaporization of Inorganic and Organic Liquids.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/Table%202-150%20Heats%20of%20Vaporization%20of%20Inorganic%20and%20Organic%20Liquids.tsv",
    "sha256": "e5914f2d9878e01b65bdcd06fa89479d32b5d8f3614d8a301ef7bcd9bb6e2af0",
    "size": 21679
  },
  {
    "path": "chemicals/chemicals/Phase Change/VDI PPDS Enthalpies of vaporization.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/VDI%20PPDS%20Enthalpies%20of%20vaporization.tsv",
    "sha256": "98b48aaee463fa1c87b72fc50290fdd798d95b3035514135215fcfdf2d5de773",
    "size": 22284
  },
  {
    "path": "chemicals/chemicals/Phase Change/Yaws Boiling Points.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Phase%20Change/Yaws%20Boiling%20Points.tsv",
    "sha256": "b5066ceb80001f0f2b8c2c89b9463a7489c90cb16962ba4775d3b7ebcb4c470f",
    "size": 227224
  },
  {
    "path": "chemicals/chemicals/Reactions/API TDB Albahri Hf (g).tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Reactions/API%20TDB%20Albahri%20Hf%20(g).tsv",
    "sha256": "be78044750754ae52b928e64e7053a0e0093354d7f396cdea5319a8ac8651b7f",
    "size": 20607
  },
  {
    "path": "chemicals/chemicals/Reactions/ATcT 1.112 (g).tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Reactions/ATcT%201.112%20(g).tsv",
    "sha256": "b7d4dd125ed49a2978d918f1cf3ba718f5f51be957f48c1ded51042867cfdc90",
    "size": 33365
  },
  {
    "path": "chemicals/chemicals/Reactions/JANAF_1998.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Reactions/JANAF_1998.tsv",
    "sha256": "0bf01a519ed33363dfe06bdd78df2d99798d7e7f578cfa3f7025dcf4ff242d33",
    "size": 71220
  },
  {
    "path": "chemicals/chemicals/Reactions/Yaws Hf S0 (g).tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Reactions/Yaws%20Hf%20S0%20(g).tsv",
    "sha256": "712cf834fc9676eacb00c7079510369ecbbf9cd39258b1fade0014ba3b89b2d7",
    "size": 229808
  },
  {
    "path": "chemicals/chemicals/Viscosity/Table 2-313 Viscosity of Inorganic and Organic Liquids.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Viscosity/Table%202-313%20Viscosity%20of%20Inorganic%20and%20Organic%20Liquids.tsv",
    "sha256": "013c2c9b51df52042c25a67d050c65e1f318be1f8532e3577eac86e279d35fcf",
    "size": 22200
  },
  {
    "path": "chemicals/chemicals/Viscosity/VDI PPDS Dynamic viscosity of saturated liquids polynomials.tsv",
    "url": "https://raw.githubusercontent.com/CalebBell/chemicals/82faef900dcf2b48537c31bcf1ab56c35bb79a1e/chemicals/Viscosity/VDI%20PPDS%20Dynamic%20viscosity%20of%20saturated%20liquids%20polynomials.tsv",
    "sha256": "9cc357e94761690576c0852ace7b13adbc054ef10684063d616d4c8ccb6f7647",
    "size": 19718
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/Dashboard-DrugBank.tsv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/Dashboard-DrugBank.tsv",
    "sha256": "2dcd8a067add2492fb57764a96653d46465f77345fdfc0acd8150a456cbe091e",
    "size": 1652329
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/Dashboard-PFASMaster-091620.tsv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/Dashboard-PFASMaster-091620.tsv",
    "sha256": "f36e2c3f269525ecc00ce954c7aee2e4549cd5b0958e7a9c135af1ec7f1d5c84",
    "size": 3248566
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/Dashboard-Tox21.tsv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/Dashboard-Tox21.tsv",
    "sha256": "6a06fc22e8953b7308016b03725a661f709086ba41dc35bce421cde213c1e42a",
    "size": 2725895
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/Dashboard-ToxCast.tsv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/Dashboard-ToxCast.tsv",
    "sha256": "9eb8ebbce694d3489d70ba9f475283d1b19c8bf31df6b3de24e2cc1d8a8c191d",
    "size": 1293510
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-1.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-1.csv",
    "sha256": "9f33e1e6919ff1ed22d1256c28f96f7ce8d14fab9944ca459e7655f75443a668",
    "size": 512694
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-2.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-2.csv",
    "sha256": "c357f7c1c04c692ab9861a290008573fa9d611432af25d77fb1f2737b14b5e3b",
    "size": 506931
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-3.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-3.csv",
    "sha256": "cf46e6f0c95c6c7a3428f06702b7963afa87d64a512aa278b7960835f3f0c608",
    "size": 483002
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-4.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-4.csv",
    "sha256": "71f03ca3a3bdb6b06aaee58fdaa4c5d340eb3507f853485ac6e887cdbbc47890",
    "size": 440962
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-5.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-5.csv",
    "sha256": "ae60cabfeef5dc483a6883c347ab11b0e951643c6b1bba0016e08eaaee30851a",
    "size": 473586
  },
  {
    "path": "CompTox-ExpoCast-httk/datatables/HTTK-DSSTox-output-6.csv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/datatables/HTTK-DSSTox-output-6.csv",
    "sha256": "0fe8c205a1bc17323781535498c5410ff87bfa033fdfa4334f4f938e0f903164",
    "size": 298459
  },
  {
    "path": "CompTox-ExpoCast-httk/status/Dashboard-PestActives.tsv",
    "url": "https://raw.githubusercontent.com/ScottCoffin/CompTox-ExpoCast-httk/0e7e7f623191ccf0bdbf620fa79a01bbea70adea/status/Dashboard-PestActives.tsv",
    "sha256": "36401aad822544ebb1715c22a8de6713385012c5c01d71ba4248ed8be39b8b9c",
    "size": 1042712
  },
  {
    "path": "Melting-point-prediction/data/raw/BradleyDoublePlusGoodMeltingPointDataset.csv",
    "url": "https://raw.githubusercontent.com/Matt-Maree/Melting-point-prediction/9eb567a46e99a79efdf2569f88ebf481388885e3/data/raw/BradleyDoublePlusGoodMeltingPointDataset.csv",
    "sha256": "0a085d5134911709a5eadec34b924d9c399740ab8f4702c3d53a2cd913f41486",
    "size": 481519
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/AOH_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/AOH_QR.sdf",
    "sha256": "8a08b119a7dcbca3ff358bc06833644a77e60e4ca3ba68ff362ef4dc1142149b",
    "size": 919550
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/HL_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/HL_QR.sdf",
    "sha256": "cb6edf6fdb39dc3d8ea83b500a99f0d1c71425f21edaa43078824728b4a12d40",
    "size": 1183701
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/KM_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/KM_QR.sdf",
    "sha256": "9533d8e63cccc15127bd4a4dfeab0b0a23ff77a5d14630c143b6ffa593aef4dd",
    "size": 1067357
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/KOA_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/KOA_QR.sdf",
    "sha256": "5a250e5d7892c4b1865834429612506ec0b5f5b587a9d0de64e423a7e24b1800",
    "size": 441013
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/KOC_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/KOC_QR.sdf",
    "sha256": "e6ce26b5c7df937e0cef1395340d5edad1e07ae9a9c85a7b97289e2dff200b58",
    "size": 1461171
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/LogBCF_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/LogBCF_QR.sdf",
    "sha256": "14bc1f31696ab65d971d99fae7000f1a2b9721742a7c832ed4541a82db820bed",
    "size": 1172403
  },
  {
    "path": "OPERA/OPERA_Toolbox_Plugin/resources/OPERA_Data/RBioDeg_QR.sdf",
    "url": "https://raw.githubusercontent.com/NIEHS/OPERA/8bbf20bf420f4fe7f4da38aba50fe99db6a52f0e/OPERA_Toolbox_Plugin/resources/OPERA_Data/RBioDeg_QR.sdf",
    "sha256": "5d9e01d1da6016f2bd169701a1c9bc91f2f4157a561c93ee28423f84407301e9",
    "size": 2924420
  },
  {
    "path": "PyEPISuite/data/kowwin/kow.csv",
    "url": "https://raw.githubusercontent.com/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data/kowwin/kow.csv",
    "sha256": "40fbf8505d9e593487b7d200c3335f5c2154846f44bb244cd77880820e6e9d6b",
    "size": 1211222
  },
  {
    "path": "PyEPISuite/data/mpbpvp/Boiling_Point_PhysChem.csv",
    "url": "https://raw.githubusercontent.com/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data/mpbpvp/Boiling_Point_PhysChem.csv",
    "sha256": "d0d5671c27cb6b2c798c2b551121d60d1d63e47aa0373cf05c0e80451b5e02e9",
    "size": 304635
  },
  {
    "path": "PyEPISuite/data/mpbpvp/Melting_Point_PhysChem.csv",
    "url": "https://raw.githubusercontent.com/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data/mpbpvp/Melting_Point_PhysChem.csv",
    "sha256": "89dcfc4b700de6843d06a1a3500447b710a0fa73b3faa838d7cab6a721e9054f",
    "size": 569243
  },
  {
    "path": "PyEPISuite/data/mpbpvp/Vapor_Pressure_PhysChem.csv",
    "url": "https://raw.githubusercontent.com/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data/mpbpvp/Vapor_Pressure_PhysChem.csv",
    "sha256": "e4760d1a01ee9f72fa7a2ecc031cc7fca2df8b1eef7150f8769d767c0c26d781",
    "size": 407245
  },
  {
    "path": "PyEPISuite/data/wskowwin/solubility_data_clean.csv",
    "url": "https://raw.githubusercontent.com/USEtox/PyEPISuite/a4ac1c335c036f987e26bdbbeadf3db4a3e2669c/data/wskowwin/solubility_data_clean.csv",
    "sha256": "c6b5fbc41bb68889e44faf71063e7a8905378a9067a2152b4ca9b3d8fd833232",
    "size": 126664
  },
  {
    "path": "rdkit/Docs/Book/data/solubility.test.sdf",
    "url": "https://raw.githubusercontent.com/rdkit/rdkit/24e544313514cb98beb9403502d0466f4ab67971/Docs/Book/data/solubility.test.sdf",
    "sha256": "71fbac86a75146b2f7a142f8939c159435d20813fbc0022f9fce0510f0e7ee02",
    "size": 245735
  },
  {
    "path": "rdkit/Docs/Book/data/solubility.train.sdf",
    "url": "https://raw.githubusercontent.com/rdkit/rdkit/24e544313514cb98beb9403502d0466f4ab67971/Docs/Book/data/solubility.train.sdf",
    "sha256": "184a7df425f4a5403d8572c7cf898d259801332f0b7f4fcfab91ccb9aba2994e",
    "size": 1376487
  },
  {
    "path": "smilestransformer/delaney-processed.csv",
    "url": "https://raw.githubusercontent.com/ajia90/smilestransformer/14c071af35d477a1057885265a9d5eb1261c3207/delaney-processed.csv",
    "sha256": "e91dc7027cbaeec3872a45b2522c46676e483c123b1c97172839d858a2f26d9c",
    "size": 96700
  },
  {
    "path": "thermo/thermo/Interaction Parameters/ChemSep/henry.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/ChemSep/henry.json",
    "sha256": "c3f293d1ca0c6a6debeeba0b13560d9b7dcbb4d67d0c756a125bd4cd35b20d32",
    "size": 5391
  },
  {
    "path": "thermo/thermo/Interaction Parameters/ChemSep/nrtl.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/ChemSep/nrtl.json",
    "sha256": "14db0a06d3a4fd988b6e49e4eb8eac4ea9bc007a550149451c3ac36cc8774f7b",
    "size": 66815
  },
  {
    "path": "thermo/thermo/Interaction Parameters/ChemSep/pr.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/ChemSep/pr.json",
    "sha256": "d13e08a85f4b28add6df21249cf845ac432f814d2bea5063b734601594466629",
    "size": 21544
  },
  {
    "path": "thermo/thermo/Interaction Parameters/ChemSep/uniquac.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/ChemSep/uniquac.json",
    "sha256": "9a2e5da5b03614caf7d0a966b5a30ea4b4c0d3ea94592c52978c804a906ca584",
    "size": 42606
  },
  {
    "path": "thermo/thermo/Interaction Parameters/ChemSep/wilson.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/ChemSep/wilson.json",
    "sha256": "7a6f18b90cc682b91013b0ce445fbf6942ebf4fff4f98490499ad8a852ba4779",
    "size": 57323
  },
  {
    "path": "thermo/thermo/Interaction Parameters/eppr78_common.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/eppr78_common.json",
    "sha256": "1fa511ca404af725aef19957f267743f87533f79334cc8e128333ae494bcf89a",
    "size": 3436499
  },
  {
    "path": "thermo/thermo/Interaction Parameters/PRTranslated_best_henry_T_dep.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/PRTranslated_best_henry_T_dep.json",
    "sha256": "7e30c24befdfa3cf0989e22b001ef2da8ddb8ab72477adf67bfe373ee43304c7",
    "size": 3859136
  },
  {
    "path": "thermo/thermo/Interaction Parameters/Sander_henry_const.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/Sander_henry_const.json",
    "sha256": "1073a0193a27c729259dd168490232d35070f6754224639bd8b5919720a52844",
    "size": 640914
  },
  {
    "path": "thermo/thermo/Interaction Parameters/Sander_henry_T_dep.json",
    "url": "https://raw.githubusercontent.com/CalebBell/thermo/2bb466e98439c2395a004e7095d07f9b97a5a0f0/thermo/Interaction%20Parameters/Sander_henry_T_dep.json",
    "sha256": "006c213f225df794624f2072103eb15c9c8d6ea3101501f5e607bf3c8c8c1188",
    "size": 146920
  }
];
