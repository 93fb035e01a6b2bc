// Names as chemists write them. Some sources capitalise a name by rule, first letter up and the rest
// down (ChemSep: "O-xylene", "N-hexane", "Tert-butylbenzene", "N,n-dimethylformamide", "Cis-2-butene"),
// which breaks the prefixes whose case carries meaning. Such a name gets its prefixes in their own case
// (o- m- p- n- sec- tert- cis- trans- alpha- … lower; N- N,N- O- S- D- L- (E)- (Z)- (R)- (S)- upper),
// and the capital the rule put on a lower-case prefix goes to the first letter of the name proper, as
// the CRC Handbook prints it ("o-Xylene", "tert-Butylbenzene", "cis-2-Butene", "N,N-dimethylformamide"). A name written in mixed case, or all
// in lower case, is the source's own writing and is kept, but for a lower-case stereo descriptor ((e)-).
//
// N-, O- and P- are both element locants (N-methylaniline) and, by rule-capitalisation, n- (normal),
// o- (ortho), p- (para): an element the formula lacks cannot be a locant, and o-/p- before an aromatic
// parent (cresol, toluidine, nitrotoluene) are ortho and para.

/** Prefixes written in lower case (the ones a rule capitalises); m- is meta. */
const LOWER = ['sec', 'tert', 'cis', 'trans', 'alpha', 'beta', 'gamma', 'delta', 'omega', 'm'];
/** Configuration prefixes and stereo descriptors written in upper case (before a letter: not "R-22"). */
const UPPER = ['D', 'L', 'DL', 'R', 'S', 'E', 'Z'];
/** Element locants, one or several: N-, O-, S-, P-, N,N-, N,N'-, O,O-. */
const LOCANTS = /^[nosp](?:,[nosp]'*)*'*$/i;
/** Parenthesised descriptors: (E)-, (Z)-, (R)-, (S)-, (R,S)-, (2E)-. */
const PARENTHESISED = /^\((?:[0-9]*[EZRS],?)+\)-/i;
/** The start of an aromatic parent an ortho or para prefix stands before. */
const AROMATIC = /^(?:di|tri|chloro|bromo|fluoro|iodo|nitro|amino|methyl|ethyl|propyl|isopropyl|butyl|hydroxy|methoxy|phenyl)*(?:xyl|cresol|tolu|benz|phen|anil|anis|cymene|terphenyl|naphth)/i;

/** Whether a name is capitalised by rule: its first letter upper case, every other letter lower case. */
const ruleCased = (name: string) => /^\p{Lu}/u.test(name) && !/\p{Lu}/u.test(name.slice(1));

/** Element locants as written: a single N, O, P the compound cannot have there is n- (normal), o- (ortho), p- (para). */
function locants(l: string, rest: string, formula: string | undefined): string {
  const u = l.toUpperCase();
  if (u.length > 1) return u;
  const lacks = (el: string) => formula !== undefined && !new RegExp(`${el}(?![a-z])`).test(formula);
  if (u === 'N') return lacks('N') ? 'n' : 'N';
  if (u === 'O' || u === 'P') return lacks(u) || AROMATIC.test(rest) ? u.toLowerCase() : u;
  return u;
}

/** The name as chemists write it (see above); `formula` (Hill) tells element locants from n-, o-, p-. */
export function chemistCase(name: string, formula?: string): string {
  // (e)-, (z)-, (r)-, (s)- are never right, whoever wrote them
  if (!ruleCased(name)) return name.replace(PARENTHESISED, (d) => d.toUpperCase());
  let out = '';
  let rest = name;
  for (;;) {
    const paren = PARENTHESISED.exec(rest);
    const m = paren ?? /^([a-z]+(?:,[a-z]+'*)*'*)-(?=[\p{L}\d(])/iu.exec(rest);
    if (!m) break;
    const after = rest.slice(m[0].length);
    const p = m[1] ?? '';
    let written: string | undefined;
    if (paren) written = paren[0].slice(0, -1).toUpperCase();
    else if (LOCANTS.test(p)) written = locants(p, after, formula);
    else if (LOWER.includes(p.toLowerCase())) written = p.toLowerCase();
    else if (UPPER.includes(p.toUpperCase()) && /^\p{L}/u.test(after)) written = p.toUpperCase();
    if (written === undefined) break;
    out += `${written}-`;
    rest = after;
  }
  if (!out) return name;
  // A capital the rule put on a lower-case prefix moves to the first letter of the name proper (past
  // locants such as "2-" or "1,2-"); after an upper-case one (N-, D-) the name proper stays as written.
  return /^\p{Ll}/u.test(out) ? out + rest.replace(/\p{L}/u, (c) => c.toUpperCase()) : out + rest;
}
