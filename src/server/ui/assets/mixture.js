// The page's "mixture" form (#/mixture): components, feed mole fractions and two of T, P and the
// vapour fraction, answered by GET /api/v1/flash (chem flash --json) as a table of each phase's
// mole fractions, fraction of the feed and density. The page's helpers are handed in (app.js).
/* global URLSearchParams, location */
export function flashView(params, { h, api, show, say, failure }) {
  const field = (id, label, value, attrs = {}) => {
    const input = h('input', { id, name: id, type: 'text', autocomplete: 'off', spellcheck: 'false', value, ...attrs });
    return [h('label', { for: id }, label), input];
  };
  const cLabel = h('label', { for: 'flash-c' }, 'Components, one per line');
  const comps = h('textarea', { id: 'flash-c', name: 'c', rows: '4', required: true, spellcheck: 'false' });
  comps.value = params.getAll('c').join('\n');
  const [zLabel, zInput] = field('flash-z', 'Mole fractions (comma-separated)', params.get('z') || '', { required: true, placeholder: '0.8,0.15,0.05' });
  const [tLabel, tInput] = field('flash-t', 'Temperature', params.get('t') || '', { placeholder: '200K, -50C' });
  const [pLabel, pInput] = field('flash-p', 'Pressure', params.get('p') || '', { placeholder: '2MPa, 30bar' });
  const vf = h('select', { id: 'flash-vf', name: 'vf' }, h('option', { value: '' }, 'flash at T and P'), h('option', { value: '0' }, 'bubble point (vf 0)'), h('option', { value: '1' }, 'dew point (vf 1)'));
  vf.value = params.get('vf') || '';
  const model = h('select', { id: 'flash-model', name: 'model' }, ...['', 'pr', 'nrtl', 'uniquac', 'wilson', 'ideal'].map((m) => h('option', { value: m }, m || 'default rule')));
  model.value = params.get('model') || '';
  const form = h(
    'form',
    { id: 'flash-form' },
    cLabel,
    comps,
    zLabel,
    zInput,
    h('div', { class: 'row' }, tLabel, tInput, pLabel, pInput),
    h('div', { class: 'row' }, h('label', { for: 'flash-vf' }, 'Specification'), vf, h('label', { for: 'flash-model' }, 'Model'), model, h('button', { type: 'submit' }, 'Flash')),
  );
  const query = () => {
    const q = new URLSearchParams();
    for (const c of comps.value.split('\n').map((s) => s.trim()).filter(Boolean)) q.append('c', c);
    q.set('z', zInput.value.trim());
    for (const [k, v] of [['t', tInput.value], ['p', pInput.value], ['vf', vf.value], ['model', model.value]]) if (v.trim()) q.set(k, v.trim());
    return q;
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `#/mixture?${query()}`;
  });
  const out = h('div', { id: 'flash-result' });
  show(h('h1', {}, 'Mixture: flash, bubble and dew points'), form, out);
  if (!params.getAll('c').length) return comps;
  say('Flashing…');
  api(`/flash?${params}`).then(
    (r) => {
      out.replaceChildren(flashTable(r, h));
      say('');
    },
    (err) => {
      out.replaceChildren(failure(err));
      say('');
    },
  );
  return undefined;
}

/** The result: a caption with the model and conditions, rows of components, a column per phase. */
function flashTable(r, h) {
  const head = ['Component', 'z', ...r.phases.map((ph) => (ph.fraction === 0 ? `${ph.phase} (incipient)` : ph.phase))];
  const rows = r.components.map((c, i) => [h('a', { href: `#/cid/${encodeURIComponent(c.cid)}` }, c.name), String(r.z[i]), ...r.phases.map((ph) => String(ph.x[i]))]);
  rows.push(['Fraction of the feed', '', ...r.phases.map((ph) => String(ph.fraction))]);
  rows.push(['Density (kg/m³)', '', ...r.phases.map((ph) => (ph.rho == null ? '—' : String(ph.rho)))]);
  return h(
    'div',
    {},
    h(
      'table',
      {},
      h('caption', {}, `${r.model} at ${r.t} K and ${r.p} kPa: vapour fraction ${r.vf}`),
      h('thead', {}, h('tr', {}, ...head.map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, ...rows.map((row) => h('tr', {}, ...row.map((x, k) => (k ? h('td', {}, x) : h('th', { scope: 'row' }, x)))))),
    ),
    r.notices.length ? h('ul', { class: 'notices' }, ...r.notices.map((n) => h('li', {}, n))) : null,
  );
}
