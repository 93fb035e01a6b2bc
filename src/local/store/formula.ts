// Formula normalisation for storage and search: any plain formula ("C1H2O1", "H2CO", "CH3CH2OH")
// rewritten in Hill order (C, H, then alphabetical; alphabetical without carbon). Formulas with
// parentheses, hydrate dots or charges are left to the caller (undefined).

export function hillOf(formula: string | undefined): string | undefined {
  const f = formula?.replace(/\s+/g, '');
  if (!f || !/^([A-Z][a-z]?\d*)+$/.test(f)) return undefined;
  const counts = new Map<string, number>();
  for (const m of f.matchAll(/([A-Z][a-z]?)(\d*)/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + (m[2] ? Number(m[2]) : 1));
  const keys = [...counts.keys()].sort();
  const order = counts.has('C') ? ['C', ...(counts.has('H') ? ['H'] : []), ...keys.filter((k) => k !== 'C' && k !== 'H')] : keys;
  return order.filter((k) => counts.get(k)).map((k) => (counts.get(k) === 1 ? k : `${k}${counts.get(k)}`)).join('');
}
