// The page of chem serve: plain ES module, no build step. Every piece of data comes from the v1 API
// of the server that served the page, with the API key the user entered (session storage only,
// sent in the Authorization header, never in a URL). Views are picked by the location hash:
// #/search?q=..&p=..  #/cid/ID  #/mid/ID  #/predict?smiles=..
// The display units are the CLI's choices, remembered in local storage.
/* global document, window, sessionStorage, localStorage, fetch, URLSearchParams, Blob, location, IntersectionObserver */
import { UNITS, clean, conversionOf, convertState, convertValue, pointValue, readUnits } from './server/ui/format.js';

const API = '/api/v1';
const KEY_ITEM = 'chem-api-key';
const UNITS_ITEM = 'chem-units';
const main = document.getElementById('main');
const status = document.getElementById('status');
const registry = fetch(new URL('properties.json', import.meta.url)).then((r) => r.json());

// ---- DOM helpers: text goes in as text nodes, never as markup ----

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) if (c !== undefined && c !== null && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}
const { Node } = window;

/** A registry symbol (`T<sub>boil</sub>`) as text with real subscripts. */
function symbol(sym) {
  const out = [];
  const re = /<sub>(.*?)<\/sub>/g;
  let last = 0;
  for (let m; (m = re.exec(sym)); last = re.lastIndex) {
    out.push(sym.slice(last, m.index).replace(/<[^>]+>/g, ''), h('sub', {}, m[1].replace(/<[^>]+>/g, '')));
  }
  out.push(sym.slice(last).replace(/<[^>]+>/g, ''));
  return out;
}

const num = (v) => (typeof v !== 'number' ? '' : String(clean(v)));

function show(...nodes) {
  main.replaceChildren(...nodes.flat());
  const heading = main.querySelector('h1');
  if (heading) document.title = `${heading.textContent} – chem`;
}

function say(text) {
  status.textContent = text;
}

// ---- display units: one select per dimension, kept in local storage, the view redrawn on a change ----

let units = readUnits(localStorage.getItem(UNITS_ITEM));
const unitsBox = document.getElementById('units');
for (const [dim, d] of Object.entries(UNITS)) {
  const select = h('select', { id: `unit-${dim}`, name: dim }, Object.entries(d.choices).map(([v, c]) => h('option', { value: v, selected: units[dim] === v }, c.label)));
  select.addEventListener('change', () => {
    units = { ...units, [dim]: select.value };
    localStorage.setItem(UNITS_ITEM, JSON.stringify(units));
    route(false);
  });
  unitsBox.append(h('label', { for: select.id }, d.name), select);
}
/** The plot route's unit parameters. */
const unitQuery = () => new URLSearchParams(units).toString();

// ---- the API, with the key ----

const keyDialog = document.getElementById('key-dialog');
const keyInput = document.getElementById('key');
const keyError = document.getElementById('key-error');
const forget = document.getElementById('forget-key');

const storedKey = () => sessionStorage.getItem(KEY_ITEM);
forget.hidden = !storedKey();
forget.addEventListener('click', () => {
  sessionStorage.removeItem(KEY_ITEM);
  forget.hidden = true;
  say('API key forgotten.');
});

/** Asks for a key in the dialog; resolves with it, or null when cancelled. */
function askKey(message) {
  keyError.textContent = message || '';
  keyInput.value = '';
  return new Promise((resolve) => {
    const done = (key) => {
      keyDialog.removeEventListener('close', onClose);
      resolve(key);
    };
    const onClose = () => done(keyDialog.returnValue === 'ok' && keyInput.value.trim() ? keyInput.value.trim() : null);
    keyDialog.addEventListener('close', onClose);
    keyDialog.returnValue = '';
    keyDialog.showModal();
    keyInput.focus();
  });
}
document.getElementById('key-cancel').addEventListener('click', () => keyDialog.close('cancel'));

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** GET an API path; `as`: 'json' or 'blob'; `cache`: the fetch cache mode. A 403 asks for a key and tries again. */
async function api(path, as = 'json', cache = 'no-store') {
  for (;;) {
    const key = storedKey();
    const res = await fetch(API + path, { headers: key ? { Authorization: `Bearer ${key}` } : {}, cache });
    if (res.ok) return as === 'json' ? res.json() : res.blob();
    let message = `${res.status} ${res.statusText}`;
    try {
      message = (await res.json()).error.message;
    } catch {
      // not an error body
    }
    if (res.status === 403) {
      const fresh = await askKey(key ? 'That key was refused; check it and try again.' : '');
      if (!fresh) throw new ApiError(403, 'an API key is needed to read data from this server');
      sessionStorage.setItem(KEY_ITEM, fresh);
      forget.hidden = false;
      continue;
    }
    if (res.status === 429) message = `rate limit reached: ${message}`;
    throw new ApiError(res.status, message);
  }
}

const enc = encodeURIComponent;

/** An SVG from the API as an image (fetched with the key, shown through a blob: URL). */
async function svgImage(path, alt) {
  const blob = await api(path, 'blob');
  const url = URL.createObjectURL(new Blob([blob], { type: 'image/svg+xml' }));
  const img = h('img', { src: url, alt });
  img.addEventListener('load', () => URL.revokeObjectURL(url), { once: true });
  return img;
}

function failure(err) {
  return h('p', { class: 'error', role: 'alert' }, err instanceof ApiError ? err.message : `Something went wrong: ${err.message}`);
}

// ---- structure drawings of search results: fetched when they come into view, many per request, kept ----

/** SMILES → blob: URL of its drawing (null: none can be drawn), for the life of the tab; oldest dropped first. */
const drawings = new Map();
const DRAWINGS_KEPT = 500;
/** SMILES waiting for the next request → the images that show it. */
let wanted = new Map();
let flushTimer;
const visible = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      visible.unobserve(e.target);
      want(e.target);
    }
  },
  { rootMargin: '300px 0px' },
);

/** The small drawing of a search result: from the kept ones, or fetched once it is near the viewport. */
function thumbnail(smiles, name) {
  const img = h('img', { class: 'thumb', alt: `Structure of ${name}`, width: 120, height: 80 });
  img.dataset.smiles = smiles;
  const url = drawings.get(smiles);
  if (url) img.src = url;
  else if (url === undefined) visible.observe(img);
  return img;
}

function want(img) {
  const s = img.dataset.smiles;
  const url = drawings.get(s);
  if (url !== undefined) {
    if (url) img.src = url;
    return;
  }
  if (!wanted.has(s)) wanted.set(s, []);
  wanted.get(s).push(img);
  clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, 25);
}

function keep(smiles, url) {
  drawings.set(smiles, url);
  if (drawings.size <= DRAWINGS_KEPT) return;
  const [oldest, old] = drawings.entries().next().value;
  drawings.delete(oldest);
  if (old) URL.revokeObjectURL(old);
}

/** One request per batch of SMILES that came into view, its URL well under the server's 4 096 bytes. */
function flush() {
  const batch = wanted;
  wanted = new Map();
  const chunks = [[]];
  let length = 0;
  for (const s of batch.keys()) {
    const part = `smiles=${enc(s)}`;
    if (part.length > 3000) continue; // too long for a URL: no drawing
    if (length + part.length > 3000 || chunks.at(-1).length === 100) {
      chunks.push([]);
      length = 0;
    }
    chunks.at(-1).push(s);
    length += part.length + 1;
  }
  for (const chunk of chunks.filter((c) => c.length)) {
    api(`/depict?${chunk.map((s) => `smiles=${enc(s)}`).join('&')}`, 'json', 'default').then(
      (r) => {
        for (const s of chunk) {
          const svg = r.drawings[s];
          const url = svg ? URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) : null;
          keep(s, url);
          for (const img of batch.get(s)) if (url) img.src = url;
        }
      },
      () => {}, // the boxes stay empty; the drawings are asked for again on the next visit
    );
  }
}

// ---- views ----

const searchForm = document.getElementById('search-form');
const q = document.getElementById('q');
searchForm.addEventListener('submit', (e) => {
  e.preventDefault();
  if (q.value.trim()) location.hash = `#/search?${new URLSearchParams({ q: q.value.trim() })}`;
});

/** A temperature of a search result (beyond the spec: the median measured value in K) in the chosen unit. */
function temperature(key, v) {
  if (typeof v !== 'number') return '';
  const c = conversionOf('K', units);
  return `${key} ${convertValue(v, c)} ${c.label}`;
}

async function searchView(params) {
  const query = params.get('q');
  const page = Number(params.get('p') || '1');
  if (!query) {
    show(
      h('h1', {}, 'Chemical compound lookups'),
      h('p', {}, 'Search by name, CAS number, formula, InChIKey or property ranges (for example ', h('code', {}, 'C2H6O tb<360'), '). Open a compound for its identifiers, every value with its source, and plots of its temperature-dependent properties.'),
      h('p', {}, h('a', { href: '#/predict' }, 'Predict properties from a SMILES'), '.'),
    );
    return q;
  }
  q.value = query;
  say('Searching…');
  const r = await api(`/search?q=${enc(query)}&p=${page}`);
  const link = (p) => `#/search?${new URLSearchParams({ q: query, p: String(p) })}`;
  const list = h(
    'ol',
    { class: 'results', start: r.range[0] },
    r.comps.map((c) =>
      h(
        'li',
        {},
        c.smiles ? thumbnail(c.smiles, c.compound) : h('span', { class: 'thumb' }),
        h('div', {}, h('a', { href: `#/cid/${enc(c.id)}` }, c.compound), h('div', { class: 'meta' }, [c.formula, c.cas && `CAS ${c.cas}`, c.mw && `${num(c.mw)} g/mol`, temperature('tb', c.tb), temperature('tf', c.tf), c.id].filter(Boolean).join(' · '))),
      ),
    ),
  );
  const pager = h(
    'nav',
    { class: 'pager', 'aria-label': 'Result pages' },
    r.prev_page ? h('a', { href: link(r.prev_page), rel: 'prev' }, '← Previous') : null,
    h('span', {}, r.total ? `${r.range[0]}–${r.range[1]} of ${r.total}` : ''),
    r.next_page ? h('a', { href: link(r.next_page), rel: 'next' }, 'Next →') : null,
  );
  const suggestions = r.suggestions?.length
    ? h('p', {}, 'Did you mean ', r.suggestions.map((s, i) => [i ? ', ' : '', h('a', { href: `#/search?${new URLSearchParams({ q: s })}` }, s)]), '?')
    : null;
  show(h('h1', {}, `Results for “${query}”`), r.total ? [pager.cloneNode(true), list, pager] : h('p', {}, 'No compound matches.'), suggestions);
  say(`${r.total} result${r.total === 1 ? '' : 's'}`);
}

/**
 * One table row per data point: property, value, unit, T, source, reference, marks; values in the chosen units.
 * A calculated point (`predicted`: every point of a prediction) with an uncertainty reads `v ± e`, rounded to it.
 */
function pointRows(map, reg, src, predicted = false) {
  const rows = [];
  const temp = conversionOf('K', units);
  for (const [key, points] of Object.entries(map || {})) {
    const def = reg[key] || { desc: key, sym: key, unit: '' };
    const conv = conversionOf(def.unit, units);
    for (const p of points) {
      const marks = [p.o && h('span', { class: 'mark outlier', title: 'outlier: far from the other measured values' }, 'outlier'), p.calc && h('span', { class: 'mark calc' }, 'calculated')];
      const source = src?.[p.s];
      rows.push(
        h(
          'tr',
          { class: p.o ? 'outlier' : undefined },
          h('th', { scope: 'row' }, h('span', { title: def.desc }, symbol(def.sym)), ' ', h('span', { class: 'muted' }, key)),
          h('td', { class: 'num' }, pointValue(p, conv, predicted || p.calc)),
          h('td', {}, conv.label),
          h('td', { class: 'num' }, p.t !== undefined ? convertState(p.t, temp) : ''),
          h('td', {}, source?.url ? h('a', { href: source.url, rel: 'noreferrer' }, source.db) : source?.db || p.s),
          h('td', { class: 'ref' }, p.r || '', p.c ? h('div', { class: 'muted' }, p.c) : ''),
          h('td', {}, marks),
        ),
      );
    }
  }
  return rows;
}

function valueTable(caption, rows) {
  return h(
    'div',
    { class: 'scroll', role: 'region', 'aria-label': caption, tabindex: 0 },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ['Property', 'Value', 'Unit', `T (${conversionOf('K', units).label})`, 'Source', 'Reference', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows),
    ),
  );
}

async function compoundView(id) {
  say('Loading…');
  const [{ comp: c }, reg] = await Promise.all([api(`/cid/${enc(id)}`), registry]);
  const ids = [
    ['Id', c.id],
    ['CAS', c.cas],
    ['Formula', c.formula],
    ['Molar mass', c.mw && `${num(c.mw)} g/mol`],
    ['SMILES', c.smiles],
    ['InChI', c.inchi],
    ['InChIKey', c.inchikey],
    ['Other names', c.other_names?.slice(0, 12).join('; ')],
  ].filter(([, v]) => v);
  const tKeys = Object.keys(c.tpdep_props || {}).filter((k) => reg[k]?.dep.includes('T') && c.tpdep_props[k].some((p) => p.t !== undefined));
  const plots = h('div', { class: 'plots' });
  const mixtures = h('div', {}, h('p', { class: 'muted' }, 'Loading mixtures…'));
  show(
    h('h1', {}, c.compound),
    h(
      'div',
      { class: 'summary' },
      c.drawing ? h('img', { src: c.drawing, alt: `Structure of ${c.compound}`, width: 300, height: 200 }) : h('p', { class: 'muted' }, 'No structure drawing.'),
      h('dl', { class: 'ids' }, ids.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
    ),
    c.has_outliers ? h('p', {}, h('span', { class: 'mark outlier' }, 'outlier'), ' Some values are far from the other measured values of the property and are marked.') : null,
    stateBox(c, reg),
    tKeys.length ? [h('h2', {}, 'Plots against temperature'), plots] : null,
    h('h2', {}, 'Properties'),
    valueTable('Fixed properties', pointRows(c.fixed_props, reg, c.src)),
    tKeys.length ? [h('h2', {}, 'Temperature-dependent values'), valueTable('Temperature-dependent values', pointRows(c.tpdep_props, reg, c.src))] : null,
    h('h2', {}, 'Mixtures'),
    mixtures,
    h('h2', {}, 'Sources'),
    h('ul', {}, Object.entries(c.src || {}).map(([k, s]) => h('li', {}, s.url ? h('a', { href: s.url, rel: 'noreferrer' }, s.db) : s.db, ` (${k}${s.license ? `, ${s.license}` : ''})`))),
  );
  say('');
  for (const key of tKeys) {
    const fig = h('figure', {}, h('figcaption', {}, `${reg[key].desc} (${key}) against temperature`));
    plots.append(fig);
    svgImage(`/cid/${enc(c.id)}/plot/${enc(key)}?${unitQuery()}`, `${reg[key].desc} of ${c.compound} against temperature, one series per source`).then(
      (img) => fig.prepend(img),
      (err) => fig.append(failure(err)),
    );
  }
  api(`/cid/${enc(c.id)}/mixtures`).then(
    (list) =>
      mixtures.replaceChildren(
        list.mixtures.length
          ? h('ul', {}, list.mixtures.map((m) => h('li', {}, h('a', { href: `#/mid/${enc(m.id)}` }, m.name), ` — with ${m.components.map((x) => x.name).join(', ')}; ${m.models.join(', ')}`)))
          : h('p', { class: 'muted' }, 'No mixture data.'),
      ),
    (err) => mixtures.replaceChildren(failure(err)),
  );
}

/** The last "properties at" query of each record, asked again when the view is redrawn (a unit change). */
const stateQueries = new Map();

/**
 * The "properties at" box of a record: a temperature and an optional pressure, each with its unit, asked of
 * GET /state; one row per property (its recommended point) in the display units, the phase and the notices.
 */
function stateBox(c, reg) {
  const last = stateQueries.get(c.id) || { t: '25', tu: 'C', p: '1', pu: 'atm' };
  const unitSelect = (id, dim, chosen) => h('select', { id, name: id }, Object.entries(UNITS[dim].choices).map(([v, u]) => h('option', { value: v, selected: v === chosen }, u.label)));
  const tInput = h('input', { id: 'state-t', name: 'state-t', type: 'number', step: 'any', required: true, value: last.t, inputmode: 'decimal' });
  const tUnit = unitSelect('state-t-unit', 'temp', last.tu);
  const pInput = h('input', { id: 'state-p', name: 'state-p', type: 'number', step: 'any', min: 0, value: last.p, inputmode: 'decimal' });
  const pUnit = unitSelect('state-p-unit', 'pressure', last.pu);
  const out = h('div', { id: 'state-out' });
  const form = h(
    'form',
    { id: 'state-form', class: 'state-form' },
    h('div', {}, h('label', { for: 'state-t' }, 'At temperature'), h('div', { class: 'row' }, tInput, h('label', { for: 'state-t-unit', class: 'vh' }, 'Temperature unit'), tUnit)),
    h('div', {}, h('label', { for: 'state-p' }, 'and pressure (optional)'), h('div', { class: 'row' }, pInput, h('label', { for: 'state-p-unit', class: 'vh' }, 'Pressure unit'), pUnit)),
    h('button', { type: 'submit' }, 'Show properties'),
  );
  let asked = 0;
  const ask = async (query) => {
    const mine = ++asked;
    stateQueries.set(c.id, query);
    out.replaceChildren(h('p', { class: 'muted' }, 'Computing…'));
    const params = `q=${enc(c.id)}&t=${enc(query.t + query.tu)}${query.p ? `&p=${enc(query.p + query.pu)}` : ''}`;
    try {
      const r = await api(`/state?${params}`);
      if (mine === asked) out.replaceChildren(...stateTables(r, reg));
    } catch (err) {
      if (mine === asked) out.replaceChildren(failure(err));
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    ask({ t: tInput.value.trim(), tu: tUnit.value, p: pInput.value.trim(), pu: pUnit.value });
  });
  if (stateQueries.has(c.id)) ask(last);
  return [h('h2', {}, 'Properties at a temperature and pressure'), form, out];
}

/** A GET /state answer: per state a heading (phase, T, P in the display units), its notices, and a table. */
function stateTables(r, reg) {
  const temp = conversionOf('K', units);
  const pres = conversionOf('kPa', units);
  const notices = r.notices?.length ? h('ul', { class: 'notices' }, r.notices.map((n) => h('li', {}, n))) : null;
  return r.states.flatMap((s, i) => {
    const at = `${convertState(s.t, temp)} ${temp.label}${s.p !== undefined ? ` and ${convertState(s.p, pres)} ${pres.label}` : ''}`;
    const line = s.phase ? `${s.phase} at ${at}${s.saturation ? ' (saturation)' : ''}` : `At ${at}`;
    const rows = Object.entries(s.props).filter(([, points]) => points.length).map(([key, points]) => {
      const p = points[0];
      const def = reg[key] || { desc: key, sym: key, unit: '' };
      const conv = conversionOf(def.unit, units);
      const source = r.src?.[p.s];
      const marks = [p.calc && 'calculated', p.interpolated && 'interpolated', p.extrapolated && 'extrapolated'].filter(Boolean).map((m) => h('span', { class: `mark ${m === 'calculated' ? 'calc' : m}` }, m));
      return h(
        'tr',
        { 'data-key': key },
        h('th', { scope: 'row' }, h('span', { title: def.desc }, symbol(def.sym)), ' ', h('span', { class: 'muted' }, key)),
        h('td', { class: 'num' }, pointValue(p, conv, p.calc)),
        h('td', {}, conv.label),
        h('td', {}, source?.url ? h('a', { href: source.url, rel: 'noreferrer' }, source.db) : source?.db || p.s, source ? [' ', h('span', { class: 'muted' }, `(${p.s})`)] : ''),
        h('td', { class: 'ref' }, key === 'pvap' ? (p.c || '').split('; ')[0] : p.c || ''),
        h('td', {}, marks),
        h('td', {}, points.length > 1 ? `${points.length - 1} more` : ''),
      );
    });
    return [
      h('h3', {}, line),
      ...(i === 0 && notices ? [notices] : []),
      rows.length
        ? h(
            'div',
            { class: 'scroll', role: 'region', 'aria-label': line, tabindex: 0 },
            h(
              'table',
              {},
              h('thead', {}, h('tr', {}, ['Property', 'Value', 'Unit', 'Source', 'Equation and range', 'Mark', 'Other sources'].map((t) => h('th', { scope: 'col' }, t)))),
              h('tbody', {}, rows),
            ),
          )
        : h('p', { class: 'muted' }, 'No property has a value here.'),
    ];
  });
}

async function mixtureView(id) {
  say('Loading…');
  const { mix: m } = await api(`/mid/${enc(id)}`);
  const params = (set) => Object.entries(set.params).map(([k, v]) => `${k} = ${num(v)}${set.units?.[k] ? ` ${set.units[k]}` : ''}`).join('; ');
  const temp = conversionOf('K', units);
  const t = (v) => convertState(v, temp);
  const range = (set) => (set.tmin !== undefined ? `${t(set.tmin)}–${t(set.tmax)} ${temp.label}` : set.t !== undefined ? `${t(set.t)} ${temp.label}` : '');
  show(
    h('h1', {}, m.name),
    h('p', {}, m.kind === 'binary' ? 'Binary pair with interaction data' : 'Named composition'),
    h('h2', {}, 'Components'),
    h('ul', {}, m.components.map((c) => h('li', {}, h('a', { href: `#/cid/${enc(c.cid)}` }, c.name), c.role ? ` (${c.role})` : '', c.x !== undefined ? `, x = ${num(c.x)}` : '', c.w !== undefined ? `, w = ${num(c.w)}` : ''))),
    m.params.length
      ? [
          h('h2', {}, 'Parameter sets'),
          h(
            'div',
            { class: 'scroll', role: 'region', 'aria-label': 'Parameter sets', tabindex: 0 },
            h(
              'table',
              {},
              h('thead', {}, h('tr', {}, ['Model', 'Parameters', 'T', 'Source', 'Reference'].map((t) => h('th', { scope: 'col' }, t)))),
              h(
                'tbody',
                {},
                m.params.map((set) =>
                  h('tr', {}, h('th', { scope: 'row' }, set.model, set.calc ? [' ', h('span', { class: 'mark calc' }, 'calculated')] : ''), h('td', {}, params(set), h('div', { class: 'muted' }, set.form)), h('td', { class: 'num' }, range(set)), h('td', {}, m.src[set.s]?.db || set.s), h('td', { class: 'ref' }, set.r || '')),
                ),
              ),
            ),
          ),
        ]
      : null,
    m.kind === 'binary' && m.params.some((set) => ['NRTL', 'UNIQUAC', 'Wilson'].includes(set.model)) ? vleSection(m) : null,
  );
  say('');
}

/** The pair's Txy diagram at 101.325 kPa (GET /vle/plot, as chem vle draws it) with its azeotrope named (GET /vle of the same query: one computation, server/vle.ts). */
function vleSection(m) {
  const [a, b] = m.components;
  const temp = conversionOf('K', units);
  const fig = h('figure', { class: 'vle' }, h('figcaption', {}, `Txy diagram at 101.325 kPa: ${a.name} (1) / ${b.name} (2), bubble and dew curves`));
  const azeotrope = h('p', { class: 'azeotrope' });
  // the activity model: the record's set (default) or one of chem vle's --model names (the group models need no record)
  const model = h('select', { id: 'vle-model', name: 'model' }, ...VLE_MODELS.map(([v, label]) => h('option', { value: v }, label)));
  const load = () => {
    const query = `c1=${enc(a.cid)}&c2=${enc(b.cid)}${model.value ? `&model=${enc(model.value)}` : ''}`;
    fig.querySelector('img')?.remove();
    azeotrope.replaceChildren(h('span', { class: 'muted' }, 'Computing the azeotrope…'));
    svgImage(`/vle/plot?${query}&${unitQuery()}`, `Txy diagram of ${a.name} and ${b.name} at 101.325 kPa, the azeotrope marked`).then(
      (img) => fig.prepend(img),
      (err) => fig.append(failure(err)),
    );
    api(`/vle?${query}`).then(
      (r) => {
        const az = r.azeotrope;
        const line = az ? `Azeotrope: x1 = ${az.x1.toFixed(4)} at ${convertValue(Number(az.t.toFixed(2)), temp)} ${temp.label}${az.heterogeneous ? ' (heterogeneous: the liquid splits)' : ''}` : 'No azeotrope.';
        const psat = [...new Set(r.sources.psat.map((s) => `${s.name}: ${s.equation} (${s.s})`))].join('; ');
        const notes = (r.notes || []).map((n) => h('div', { class: 'muted' }, n));
        azeotrope.replaceChildren(line, h('div', { class: 'muted' }, `${r.model}${r.sources.parameters?.groups ? ' (groups from the structures)' : ' parameters of this record'}; vapour pressures: ${psat}.`), ...notes);
      },
      (err) => azeotrope.replaceChildren(failure(err)),
    );
  };
  model.addEventListener('change', load);
  load();
  return [h('h2', {}, 'Vapour–liquid equilibrium'), h('p', {}, h('label', { for: 'vle-model' }, 'Activity model '), model), fig, azeotrope];
}

/** The models of GET /vle (chem vle --model): '' is the default (the record's set, else modified UNIFAC). */
const VLE_MODELS = [
  ['', 'default (the record’s set)'],
  ['nrtl', 'NRTL'],
  ['uniquac', 'UNIQUAC'],
  ['wilson', 'Wilson'],
  ['dortmund', 'modified UNIFAC (Dortmund)'],
  ['dortmund-2.0', 'modified UNIFAC (Dortmund) 2.0'],
  ['unifac', 'UNIFAC'],
  ['unifac-2.0', 'UNIFAC 2.0'],
  ['unifac-lle', 'UNIFAC-LLE'],
  ['ideal', 'ideal solution'],
];

/** Renders the view of the hash. Views return the element to focus (a form field) or nothing. */
async function route(navigated) {
  visible.disconnect(); // the drawings of the view being left are no longer wanted
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  let focus;
  try {
    if (parts[0] === 'cid' && parts[1]) focus = await compoundView(parts[1]);
    else if (parts[0] === 'mid' && parts[1]) focus = await mixtureView(parts[1]);
    else if (parts[0] === 'predict') focus = await (await import('./predict.js')).predictView(params, { h, api, show, say, failure, svgImage, registry, valueTable, pointRows, num, units });
    else if (parts[0] === 'mixture') focus = (await import('./mixture.js')).flashView(params, { h, api, show, say, failure });
    else focus = await searchView(params);
  } catch (err) {
    show(h('h1', {}, 'Not available'), failure(err));
    say('');
  }
  // After a navigation keyboard and screen-reader users land on the new content, not at the top
  // of the header; the first load leaves focus where the browser puts it (the skip link first).
  if (navigated) (focus || main).focus({ preventScroll: !focus });
}

window.addEventListener('hashchange', () => route(true));
route(false);
