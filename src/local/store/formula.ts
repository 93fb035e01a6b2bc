// Formulas in Hill order (C, then H, then alphabetical; alphabetical without carbon), whatever the
// order written: "C1H2O1", "H2CO", "CH3CH2OH", and with groups "Ca(OH)2". One rule for the build
// (formulas of the data tables) and the search (formula queries).

// prettier-ignore
const ELEMENTS = new Set(('H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr ' +
  'Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir ' +
  'Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og D T').split(' '));

export interface HillOptions {
  /**
   * Read parenthesised groups (`Ca(OH)2`; default true). The build reads plain formulas only: a
   * table's formula with groups, hydrate dots or charges is left to the compound's structure.
   */
  groups?: boolean;
  /** Without carbon, H second (`HCl`, as OpenChemLib writes them) instead of alphabetical. */
  hSecond?: boolean;
}

/** Element counts of a formula, or undefined when it is not one (an unknown element, a zero count). */
export function formulaCounts(formula: string, groups = true): Map<string, number> | undefined {
  const stack: Map<string, number>[] = [new Map()];
  const re = /([A-Z][a-z]?)(\d*)|\((?!\))|\)(\d*)|(.)/g;
  for (let m = re.exec(formula); m; m = re.exec(formula)) {
    if (m[4] !== undefined || (!groups && !m[1])) return undefined;
    if (m[1]) {
      if (!ELEMENTS.has(m[1])) return undefined;
      const top = stack[stack.length - 1]!;
      top.set(m[1], (top.get(m[1]) ?? 0) + (m[2] ? Number(m[2]) : 1));
    } else if (m[0] === '(') {
      stack.push(new Map());
    } else {
      const group = stack.pop();
      if (!group || !stack.length) return undefined;
      const n = m[3] ? Number(m[3]) : 1;
      const top = stack[stack.length - 1]!;
      for (const [el, c] of group) top.set(el, (top.get(el) ?? 0) + c * n);
    }
  }
  if (stack.length !== 1 || !stack[0]!.size || [...stack[0]!.values()].some((c) => c === 0)) return undefined;
  return stack[0];
}

/** The formula in Hill order, or undefined when it is not a formula. Whitespace is ignored. */
export function hillOf(formula: string | undefined, opts: HillOptions = {}): string | undefined {
  const s = formula?.replace(/\s+/g, '');
  const counts = s ? formulaCounts(s, opts.groups ?? true) : undefined;
  if (!counts) return undefined;
  const els = [...counts.keys()].sort();
  const lead = ['C', 'H'].filter((e) => counts.has(e) && (e === 'C' || counts.has('C') || opts.hSecond));
  const order = [...lead, ...els.filter((e) => !lead.includes(e))];
  return order.map((e) => e + (counts.get(e) === 1 ? '' : counts.get(e))).join('');
}
