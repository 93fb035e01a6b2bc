// The page's "predict" form (#/predict): a SMILES and a temperature, answered by GET /api/v1/predict as
// the molecule's drawing, its predicted properties and the estimates at that temperature. The page's
// helpers are handed in (app.js).
/* global URLSearchParams, location */
import { conversionOf, convertState } from './server/ui/format.js';

export async function predictView(params, { h, api, show, say, failure, svgImage, registry, valueTable, pointRows, num, units }) {
  const smiles = params.get('smiles') || '';
  // the temperature (K) of the table of estimates at a temperature (vapour pressure, liquid density, …)
  const t = Number(params.get('t')) > 0 ? Number(params.get('t')) : 298.15;
  const input = h('input', { id: 'smiles', name: 'smiles', type: 'text', required: true, autocomplete: 'off', spellcheck: 'false', value: smiles, placeholder: 'CCO' });
  const tInput = h('input', { id: 'predict-t', name: 't', type: 'number', step: 'any', min: '1', required: true, value: String(t), class: 'temperature' });
  const form = h(
    'form',
    { id: 'predict-form' },
    h('label', { for: 'smiles' }, 'SMILES of the molecule'),
    h('div', { class: 'row' }, input, h('label', { for: 'predict-t' }, 'at T (K)'), tInput, h('button', { type: 'submit' }, 'Predict')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `#/predict?${new URLSearchParams({ smiles: input.value.trim(), t: tInput.value.trim() })}`;
  });
  const out = h('div', { id: 'prediction' });
  show(h('h1', {}, 'Predict properties'), form, out);
  if (!smiles) return input;
  say('Predicting…');
  try {
    const [img, r, reg] = await Promise.all([svgImage(`/depict/${encodeURIComponent(smiles)}`, `Structure drawn from ${smiles}`), api(`/predict/${encodeURIComponent(smiles)}?t=${t}`), registry]);
    img.classList.add('drawing');
    const info = { ...reg, ...r.info };
    const d = r.properties.descr || {};
    out.replaceChildren(
      h('h2', {}, 'Molecule'),
      img,
      h('dl', { class: 'ids' }, [d.mol_mw !== undefined && [h('dt', {}, 'Molar mass'), h('dd', {}, `${num(d.mol_mw)} g/mol`)], d.mol_nha !== undefined && [h('dt', {}, 'Heavy atoms'), h('dd', {}, d.mol_nha)]]),
      h('h2', {}, 'Predictions'),
      valueTable('Predicted properties', pointRows(r.properties.fixed, info, {}, true)),
      atTemperature(r.properties.tdep, t, info, { h, valueTable, pointRows, units }),
      Object.keys(r.properties.tdep || {}).length ? valueTable('Predicted temperature-dependent properties', pointRows(r.properties.tdep, info, {}, true)) : null,
    );
    say('');
  } catch (err) {
    out.replaceChildren(failure(err));
    say('');
  }
}

/** The predicted points at temperature t (K): the estimates through corresponding states, Joback's Cp and viscosity. */
function atTemperature(tdep, t, info, { h, valueTable, pointRows, units }) {
  const at = {};
  for (const [key, points] of Object.entries(tdep || {})) {
    const p = points.filter((x) => x.t === t);
    if (p.length) at[key] = p;
  }
  const temp = conversionOf('K', units);
  const caption = `At ${convertState(t, temp)} ${temp.label}`;
  if (!Object.keys(at).length) return h('p', { class: 'muted' }, `${caption}: no estimate (at or above the predicted critical temperature, or below the melting point).`);
  return h('div', { class: 'at-temperature' }, h('h3', {}, caption), valueTable(`Predicted at ${convertState(t, temp)} ${temp.label}`, pointRows(at, info, {}, true)));
}
