// The MCP tools: for each, its input schema (JSON Schema), the paragraph an agent reads, and the call,
// which is the CLI command's own function for the same question (so the answer is the command's --json
// document) with the notices the command prints on stderr gathered beside it.
import { usageError } from '../api/errors.js';
import { PROPERTIES, PROPERTY_KEYS } from '../api/properties.js';
import { CONVERT_FORMATS } from '../api/types.js';
import { compoundRecord } from '../answers/record.js';
import { predictOne } from '../answers/predict.js';
import { casNotice, cutPage, noMatch } from '../answers/search.js';
import { MODELS } from '../vle/activity.js';
import { bool, choice, numbers, pressure, propertyKeys, temperature, temperatures, text, whole } from './args.js';
import { flashTool, type FlashRunner } from './flash.js';
import * as summary from './summaries.js';
import type { JsonSchema, Tool } from './tool.js';

/** What every answer's values are, said once in each description that returns data points. */
const POINTS =
  'Each value is a data point {v, s, t?, r?, c?, e?, calc?, o?}: v the number in the property\'s unit (listed under props), s the key of its source in the answer\'s src (database, URL, licence), t the temperature in K of a temperature-dependent value, r the literature or method reference, c a comment (for a correlation, the equation and its valid range), e the uncertainty in the same unit where known (for the chem-ml models, one standard deviation), calc true when the value is calculated or predicted rather than measured, o true when flagged as an outlier among the measurements. The first point of each property is the recommended one.';

const COMPOUND = 'the compound: its chem id (from search_compounds), CAS number, InChIKey, SMILES or name; a name several records share answers with the clearly better one (said in the text) or fails with the candidates to choose from';

const PROPS = {
  type: 'array',
  items: { type: 'string', enum: PROPERTY_KEYS },
  description: `only these properties (registry keys; unit in brackets): ${PROPERTIES.map((p) => `${p.key}${p.unit ? ` (${p.unit})` : ''}`).join(', ')}`,
};

/** A temperature (or list): numbers in K, or strings with a unit. */
const TEMPERATURES = {
  anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string' }, { type: 'array', items: { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string' }] }, minItems: 1 }],
};
const TEMPERATURE = { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string' }] };
const PRESSURE = { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string' }] };

const schema = (properties: Record<string, object>, required: string[]): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

const searchCompounds: Tool = {
  name: 'search_compounds',
  title: 'Search compounds',
  description:
    'Finds compounds in chem\'s database by name, synonym, CAS number, InChI or InChIKey, SMILES (exact structure, then its stereoisomers), formula (every isomer, any element order), property range (tb:300..400, tc>500, mw<100, has:hfus; numbers in K, kPa and the registry\'s other units), substructure (sub:SMARTS) or similarity (sim:SMILES>=0.7); words and filters combine ("alcohol tb:350..360"). Answers the v1 search page (chem search QUERY --json): comps (id, compound name, cas, formula, mw in g/mol, and tb/tf in K where known), total, range, next_page, and suggestions when nothing matches. Use the id with get_compound or properties_at. 100 compounds a page; limit cuts the page.',
  inputSchema: schema(
    {
      query: { type: 'string', minLength: 1, description: 'the query, e.g. "benzene", "64-17-5", "C2H6O", "tb:350..360 alcohol"' },
      limit: { type: 'integer', minimum: 1, description: 'at most this many compounds of the page' },
      page: { type: 'integer', minimum: 1, description: 'page number, from 1' },
    },
    ['query'],
  ),
  narrower: 'a smaller limit',
  async run(backend, a, notice) {
    const query = text(a, 'query');
    const [limit, page] = [whole(a, 'limit', 1), whole(a, 'page', 1)];
    casNotice(query, notice);
    const r = await backend.search(query, page);
    if (r.total === 0) notice(noMatch(query, r));
    const shown = cutPage(r, limit ?? Infinity);
    return { result: shown, summary: summary.search(query, shown) };
  },
};

const getCompound: Tool = {
  name: 'get_compound',
  title: 'Compound record',
  description: `A compound's record (chem cid COMPOUND --json; with props, chem cid COMPOUND --prop KEYS --json): identifiers (id, compound name, cas, formula, mw in g/mol, smiles, inchi, inchikey, other_names), fixed_props (constants such as tb, tc, pc, hvap) and tpdep_props (temperature-dependent values, each point at its t in K), src (the sources the points name), and without props the drawing (PNG data URI) and molfiles. ${POINTS} Values predicted by chem's models for properties without a measurement carry calc: true. A whole record can be long: give props for what you need; an answer over the size limit keeps only each property's recommended point and says so.`,
  inputSchema: schema({ compound: { type: 'string', minLength: 1, description: COMPOUND }, props: PROPS }, ['compound']),
  narrower: 'props (only the properties you need)',
  async run(backend, a, notice) {
    const word = text(a, 'compound');
    const props = propertyKeys(a);
    const res = await compoundRecord(backend, word, { props, onNotice: notice });
    // an old id (of a record merged into another) answers with the record it is now, and says so (as chem cid)
    if (res.comp.id !== word && res.comp.notices?.[0]) notice(res.comp.notices[0]);
    return { result: res, summary: summary.compound(res.comp) };
  },
};

const propertiesAt: Tool = {
  name: 'properties_at',
  title: 'Properties at a temperature and pressure',
  description: `A compound's properties at temperatures and a pressure (chem state COMPOUND --t T --p P --json): each source's correlation evaluated there, the recommended first, interpolated between one source's measured points (interpolated: true), or beyond every source's range only with extrapolate (extrapolated: true). With p, the phase at each (t, p) (solid, liquid, gas, supercritical) and that phase's properties (gas density by Peng-Robinson or the ideal gas); p alone gives the saturation (boiling) temperature at p. t in K as a number, or a string with a unit ("40C", "77F", "25C,50C"); p in kPa as a number, or a string with a unit ("1atm", "70kPa", "2bar"). Answers {compound, states: [{t, p, phase, saturation, props}], notices, src}. ${POINTS}`,
  inputSchema: schema(
    {
      compound: { type: 'string', minLength: 1, description: COMPOUND },
      t: { ...TEMPERATURES, description: 'temperature(s): K as numbers, or strings with a unit ("40C")' },
      p: { ...PRESSURE, description: 'pressure: kPa as a number, or a string with a unit ("1atm")' },
      props: PROPS,
      extrapolate: { type: 'boolean', description: 'evaluate correlations beyond their ranges where none covers t (each value flagged extrapolated)' },
    },
    ['compound'],
  ),
  narrower: 'props or fewer temperatures',
  async run(backend, a) {
    const compound = text(a, 'compound');
    const [t, p, props, extrapolate] = [temperatures(a, 't'), pressure(a, 'p'), propertyKeys(a), bool(a, 'extrapolate')];
    if (!t && p === undefined) throw usageError('give t (temperatures), p (a pressure), or both');
    const result = await backend.state(compound, { ...(t && { t }), ...(p !== undefined && { p }), ...(props && { props }), ...(extrapolate && { extrapolate: true }) });
    return { result, summary: summary.state(result) };
  },
};

const predictProperties: Tool = {
  name: 'predict_properties',
  title: 'Predict properties from a structure',
  description: `Predicts properties from a structure alone, offline (chem predict SMILES --json): the chem-ml models (gradient-boosted trees trained on measured values; tb tf tc pc vc hf gf hvap hfus log10ws logp, each value with its uncertainty e, first where they beat the group contributions), then group contributions (Joback, Wildman-Crippen logP, McGowan volume and derived ones), and at each t the corresponding-states estimates of vapour pressure, liquid density, enthalpy of vaporization, liquid Cp, surface tension and thermal conductivity. A name, CAS number or id of the database is predicted for its structure (said in the text). Answers {info, properties: {fixed, tdep, allprops, descr}}; every point has calc: true, s the method (svc-relay-1.0 for the model family, joback, crippen...), r its reference. ${POINTS}`,
  inputSchema: schema(
    {
      smiles: { type: 'string', minLength: 1, description: 'the structure as SMILES, e.g. "CCO" (or a compound name, CAS number or id of the database)' },
      props: PROPS,
      t: { ...TEMPERATURES, description: 'temperature(s) for the temperature-dependent estimates: K as numbers, or strings with a unit' },
    },
    ['smiles'],
  ),
  narrower: 'props (only the properties you need)',
  async run(backend, a, notice) {
    const smiles = text(a, 'smiles');
    const [props, t] = [propertyKeys(a), temperatures(a, 't')];
    const { result } = await predictOne(backend, smiles, { temperatures: t, props }, notice);
    return { result, summary: summary.prediction(smiles, result) };
  },
};

const convertIdentifier: Tool = {
  name: 'convert_identifier',
  title: 'Convert an identifier',
  description: `Converts a compound between identifier formats (chem convert FROM VALUE --json): from one of ${CONVERT_FORMATS.join(', ')} to {cid, name, smiles, inchi, inchikey} (an unknown field is an empty string). A structure the database lacks gets its identifiers computed (said in the text); a name the database lacks may be read by OPSIN (structure_from_name). strict: answer only from the database, as the v1 API does.`,
  inputSchema: schema(
    {
      from: { type: 'string', enum: CONVERT_FORMATS, description: 'the format of value' },
      value: { type: 'string', minLength: 1, description: 'the compound in that format, e.g. "CCO", "ethanol", "LFQSCWFLJHTTHZ-UHFFFAOYSA-N"' },
      strict: { type: 'boolean', description: 'only from the database (not found instead of computed identifiers)' },
    },
    ['from', 'value'],
  ),
  narrower: '',
  async run(backend, a, notice) {
    const from = choice(a, 'from', CONVERT_FORMATS);
    if (!from) throw usageError(`give from: one of ${CONVERT_FORMATS.join(', ')}`);
    const value = text(a, 'value');
    const result = await backend.convert(from, value, { strict: bool(a, 'strict'), onNotice: notice });
    return { result, summary: summary.conversion(result) };
  },
};

const vleDiagramTool: Tool = {
  name: 'vle_diagram',
  title: 'Vapour-liquid equilibrium of a binary',
  description: `Vapour-liquid equilibrium of two compounds (chem vle A B --json) by modified Raoult's law, with the activity model of the pair's mixture record (NRTL first, else UNIQUAC, Wilson; ideal without one) and each component's vapour-pressure correlation: a Txy diagram at p (kPa, default 101.325) or a Pxy diagram at t (K); bubble points at the liquid mole fractions x of component a (default 0 to 1 by 0.05), dew points with dew. Answers {components, model, p or t, kind, points: [{x1, y1, t or p, gamma1, gamma2}], azeotrope, sources}; a point outside the vapour-pressure ranges is null with a note; where the liquid splits, the three-phase point with both liquids (x1_liquids).`,
  inputSchema: schema(
    {
      a: { type: 'string', minLength: 1, description: `component 1: ${COMPOUND}` },
      b: { type: 'string', minLength: 1, description: 'component 2, named the same way' },
      p: { ...PRESSURE, description: 'pressure of an isobaric Txy diagram: kPa, or a string with a unit (default 101.325 kPa)' },
      t: { ...TEMPERATURE, description: 'temperature of an isothermal Pxy diagram: K, or a string with a unit' },
      model: { type: 'string', enum: MODELS, description: 'activity model (default: the best set the mixture record has)' },
      x: { type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, minItems: 1, description: 'mole fractions of component 1 (of the liquid; with dew, of the vapour)' },
      dew: { type: 'boolean', description: 'dew points: x gives the vapour composition' },
    },
    ['a', 'b'],
  ),
  narrower: 'fewer mole fractions x',
  async run(backend, a, notice) {
    const [c1, c2] = [text(a, 'a'), text(a, 'b')];
    const request = { c1, c2, p: pressure(a, 'p'), t: temperature(a, 't'), x: numbers(a, 'x', 'a mole fraction in [0, 1]', 0, 1), model: choice(a, 'model', MODELS), dew: bool(a, 'dew') };
    const { vleDiagram } = await import('../vle/diagram.js');
    const result = await vleDiagram(backend, request, { onNotice: notice });
    for (const p of result.points) if (p.note) notice(`${result.kind === 'dew' ? `y1 = ${p.y1}` : `x1 = ${p.x1}`}: ${p.note}`);
    for (const n of result.notes ?? []) notice(n);
    // as chem vle's exit 3: refused points are answered rows that say why; none answered at all is no answer
    const answered = result.points.some((p) => p.note === undefined);
    const refused = result.points.some((p) => p.note !== undefined && !p.liquids);
    return { result, summary: summary.vle(result), empty: !answered && refused ? `no point of ${c1}/${c2} could be computed` : undefined };
  },
};

/** The tools, in the order tools/list gives them; `flash` replaces the flash tool's Backend.flash (tests). */
export function tools(flash?: FlashRunner): Tool[] {
  return [searchCompounds, getCompound, propertiesAt, predictProperties, convertIdentifier, vleDiagramTool, flashTool(flash)];
}
