// McGowan atomic volumes (cm³/mol), the values cited in M. H. Abraham, J. C. McGowan, Chromatographia 23 (1987)
// 243-246, doi:10.1007/BF02311772, and used by independent implementations. Only the cited elements: a molecule
// with any other element gets no McGowan volume. Generated from the project's methods table mcgowan.tsv.

export const MCGOWAN_VOLUMES: Readonly<Record<string, number>> = {
  H: 8.71,
  B: 18.32,
  C: 16.35,
  N: 14.39,
  O: 12.43,
  F: 10.48,
  Si: 26.83,
  P: 24.87,
  S: 22.91,
  Cl: 20.95,
  Br: 26.21,
  I: 34.53,
};

/** Volume term per bond (negative), counted once per bond whatever its order, bonds to H included. */
export const MCGOWAN_BOND = -6.56;
