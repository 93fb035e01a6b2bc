// Mixtures storage, filled by the mixtures importer through insertMixtures (the store owns the
// tables; the importer owns the Mixture objects). Components whose compound is not in the database
// are kept in the JSON but get no mixture_components row.
import type { Mixture } from '../../api/types.js';
import type { DB } from './schema.js';

export function insertMixtures(db: DB, mixtures: Iterable<Mixture>): number {
  const insMix = db.prepare('INSERT OR REPLACE INTO mixtures (id, kind, name, json) VALUES (?, ?, ?, ?)');
  const insComp = db.prepare('INSERT OR IGNORE INTO mixture_components (mixture_id, compound_id) SELECT ?, id FROM compounds WHERE id = ?');
  let n = 0;
  db.transaction(() => {
    for (const m of mixtures) {
      insMix.run(m.id, m.kind, m.name, JSON.stringify(m));
      for (const c of m.components) insComp.run(m.id, c.cid);
      n++;
    }
    db.exec('UPDATE compounds SET n_mixtures = (SELECT count(*) FROM mixture_components mc WHERE mc.compound_id = compounds.id)');
  })();
  return n;
}
