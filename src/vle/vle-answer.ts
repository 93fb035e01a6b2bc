// The diagram chem vle and GET /api/v1/vle answer: Peng–Robinson's (pr-diagram.ts) when asked for or
// when the default rule of mixtures says so (mixture.ts: a component above its critical temperature,
// P ≥ 1 MPa, or kij and no activity set for the pair: hexane/heptane), else the activity model's (diagram.ts).
import type { Backend } from '../api/backend.js';
import type { ResolveOptions } from '../lookup/resolve.js';
import type { Compound } from '../api/types.js';
import { checkRequest, pairMixture, vleDiagram } from './diagram.js';
import type { VleRequest, VleResult } from './types.js';
import { components, prByDefault } from './mixture.js';

export async function vleAnswer(backend: Backend, req: VleRequest, opts: ResolveOptions = {}): Promise<VleResult> {
  checkRequest(req);
  const { prDiagram } = await import('./pr-diagram.js');
  if (req.model === 'pr') return prDiagram(backend, req, opts);
  if (req.model) return vleDiagram(backend, req, opts);
  // the records and the pair's record are read once, for the rule and then for the diagram it picks
  const comps = (await components(backend, [req.c1, req.c2], opts)) as [Compound, Compound];
  const mix = await pairMixture(backend, comps[0], comps[1]);
  const known = { comps, mix };
  const why = prByDefault(comps, mix ? [{ i: 0, j: 1, mix }] : [], req.t !== undefined ? { t: req.t } : { p: req.p ?? 101.325 });
  if (!why) return vleDiagram(backend, req, opts, known);
  const r = await prDiagram(backend, { ...req, model: 'pr' }, opts, known);
  return { ...r, notes: [`model: PR (${why})`, ...(r.notes ?? [])] };
}
