// The InChIKey form: 14 letters (the skeleton block), 10 letters (stereo, isotopes, version), one
// letter (protonation), hyphen-separated. One rule for the importers and the search query parser.

export const INCHIKEY_FORM = /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/;

export function isInchiKey(s: string | undefined): s is string {
  return !!s && INCHIKEY_FORM.test(s);
}
