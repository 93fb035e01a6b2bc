// Reading mixtures back from the database: the list of one compound (GET /cid/{cid}/mixtures) and
// one record (GET /mid/{mid}).
import { ChemError, usageError } from '../../../api/errors.js';
import { isMixtureId } from '../../../api/ids.js';
import type { MixtureList, MixtureResponse, MixtureSummary } from '../../../api/types.js';
import type { DB } from '../schema.js';
import { MODELS, withForms, type StoredMixture } from './mixtures-models.js';

const MODEL_ORDER = Object.keys(MODELS);

export function mixtureList(db: DB, cid: string): MixtureList {
  if (!db.prepare('SELECT 1 FROM compounds WHERE id = ?').get(cid)) throw new ChemError(404, `no compound with id ${cid} in the local database`);
  const rows = db
    .prepare('SELECT m.json FROM mixture_components mc JOIN mixtures m ON m.id = mc.mixture_id WHERE mc.compound_id = ?')
    .all(cid) as { json: string }[];
  const ranked = rows.map(({ json }) => {
    const mix = JSON.parse(json) as StoredMixture;
    const models = [...new Set(mix.params.map((p) => p.model))].sort((a, b) => MODEL_ORDER.indexOf(a) - MODEL_ORDER.indexOf(b));
    const summary: MixtureSummary = {
      id: mix.id,
      name: mix.name,
      kind: mix.kind,
      components: mix.components.filter((c) => c.cid !== cid).map((c) => ({ cid: c.cid, name: c.name })),
      models,
    };
    // Pairs with measured (not predicted) sets first, most models first, then by name.
    const measured = mix.kind === 'composition' ? 1 : new Set(mix.params.filter((p) => !p.calc).map((p) => p.model)).size;
    return { summary, measured };
  });
  ranked.sort(
    (a, b) =>
      b.measured - a.measured ||
      b.summary.models.length - a.summary.models.length ||
      a.summary.name.localeCompare(b.summary.name) ||
      (a.summary.id < b.summary.id ? -1 : 1),
  );
  return { cid, mixtures: ranked.map((r) => r.summary) };
}

export function checkMixtureId(id: string): void {
  if (!isMixtureId(id)) throw usageError(`malformed mixture id "${id}": expected digit groups and a check letter, like 11-713-h`);
}

export function mixtureRecord(db: DB, mid: string): MixtureResponse {
  const row = db.prepare('SELECT json FROM mixtures WHERE id = ?').get(mid) as { json: string } | undefined;
  if (!row) throw new ChemError(404, `no mixture with id ${mid} in the local database`);
  return { mix: withForms(JSON.parse(row.json) as StoredMixture) };
}
