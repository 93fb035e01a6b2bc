// The flash tool: chem flash's question (issue 47) for N components, answered as chem flash answers it:
// by Backend.flash (vle/mixture-flash.ts on the local backend, GET /flash on the remote one), whose
// result is chem flash's JSON.
import { usageError } from '../api/errors.js';
import type { Backend } from '../api/backend.js';
import { FLASH_MODELS, type FlashRequest, type FlashResult } from '../api/flash.js';
import { choice, numbers, pressure, temperature, texts } from './args.js';
import type { Tool } from './tool.js';

/** The function `chem flash --json` calls for one flash. */
export type FlashRunner = (backend: Backend, request: FlashRequest, onNotice: (message: string) => void) => Promise<FlashResult>;

/** chem flash's own call. */
const backendFlash: FlashRunner = (backend, request) => backend.flash(request);

const QUANTITY = { anyOf: [{ type: 'number', exclusiveMinimum: 0 }, { type: 'string' }] };

const pct = (v: number) => `${(v * 100).toPrecision(3)} %`;

/** One line: the phases with their fractions and first compositions. */
export function flashSummary(r: FlashResult): string {
  const names = r.components.map((c) => c.name);
  const phases = r.phases.map((ph) => `${ph.phase} ${pct(ph.fraction)} of the feed (x: ${ph.x.map((x, i) => `${names[i]} ${x.toFixed(4)}`).join(', ')}${ph.rho === undefined || ph.rho === null ? '' : `; ${Number(ph.rho.toPrecision(4))} kg/m³`})`);
  return `${names.join(' + ')} at ${Number(r.t.toFixed(2))} K and ${Number(r.p.toPrecision(6))} kPa (${r.model}): vapour fraction ${Number(r.vf.toFixed(4))}; ${phases.join('; ')}.`;
}

export function flashTool(run: FlashRunner = backendFlash): Tool {
  return {
    name: 'flash',
    title: 'Flash of a mixture',
    description:
      "Flash of a feed of 2-20 components into its phases (chem flash COMPOUND... --z LIST --json): give exactly two of t, p and vf. t and p: an isothermal flash; p and vf 0 or 1: the bubble or dew temperature; t and vf: the bubble or dew pressure. model pr is Peng-Robinson (kij from the database's fitted or E-PPR78 pairs, else 0, said in a notice); an activity model uses modified Raoult's law. Answers {components, model, t (K), p (kPa), z, vf (vapour fraction of the feed), phases: [{phase: gas|liquid|liquid2, fraction of the feed, x mole fractions in the order of components, rho in kg/m³}], notices}; at a bubble or dew point the incipient phase has fraction 0.",
    inputSchema: {
      type: 'object',
      properties: {
        components: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2, maxItems: 20, description: 'the components: chem ids, CAS numbers, InChIKeys, SMILES or names' },
        z: { type: 'array', items: { type: 'number', minimum: 0, maximum: 1 }, minItems: 2, description: 'feed mole fractions, in the order of components (normalised when they sum to within 1 % of 1)' },
        t: { ...QUANTITY, description: 'temperature: K, or a string with a unit ("-50C")' },
        p: { ...QUANTITY, description: 'pressure: kPa, or a string with a unit ("3MPa", "30bar")' },
        vf: { type: 'number', minimum: 0, maximum: 1, description: 'vapour fraction: 0 (bubble point) or 1 (dew point)' },
        model: { type: 'string', enum: FLASH_MODELS, description: 'pr (phi-phi) or an activity model (gamma-phi); default: chosen by the components and conditions' },
      },
      required: ['components', 'z'],
      additionalProperties: false,
    },
    narrower: '',
    async run(backend, a, notice) {
      const components = texts(a, 'components', 2)!;
      const z = numbers(a, 'z', 'a mole fraction in [0, 1]', 0, 1);
      if (!z) throw usageError('give z: the feed mole fractions');
      const vf = numbers(a, 'vf', 'a vapour fraction in [0, 1]', 0, 1);
      if (vf && vf.length !== 1) throw usageError('vf must be one number');
      const [t, p, model] = [temperature(a, 't'), pressure(a, 'p'), choice(a, 'model', FLASH_MODELS)];
      // as chem flash builds it: only the keys given
      const request: FlashRequest = { components, z, ...(t !== undefined && { t }), ...(p !== undefined && { p }), ...(vf && { vf: vf[0] }), ...(model && { model }) };
      const result = await run(backend, request, notice);
      for (const n of result.notices ?? []) notice(n);
      return { result, summary: flashSummary(result) };
    },
  };
}
