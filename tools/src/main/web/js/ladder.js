// Ladder page: the JSON of `ddz ladder --json`, each row's WP and ADP with its 95% interval (read in
// the browser: nothing is sent to the server).
import { h } from './cards.js';
import { onFile, showVersion } from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function msg(text, bad = false) {
  const m = $('msg');
  m.textContent = text;
  m.className = 'msg' + (text ? (bad ? ' err' : ' ok') : '');
}

const f = (x, d) => (x === null || x === undefined ? 'n/a' : Number(x).toFixed(d));
const ci = (c, d) => (c ? `[${f(c[0], d)}, ${f(c[1], d)}]` : '');

/** An interval on a 0..1 axis (WP) or around 0 (ADP): the point, its interval, the line of no difference. */
function interval(x, c, lo, hi, mid) {
  const W = 220;
  const H = 18;
  const px = (v) => Math.max(0, Math.min(W, ((v - lo) / (hi - lo)) * W));
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'ci');
  const add = (tag, attrs) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.append(e);
  };
  add('line', { x1: px(mid), x2: px(mid), y1: 0, y2: H, stroke: '#9ca3af', 'stroke-dasharray': '3 2' });
  if (c && c[0] !== null && c[1] !== null) add('line', { x1: px(c[0]), x2: px(c[1]), y1: H / 2, y2: H / 2, stroke: '#2563eb', 'stroke-width': 3 });
  if (x !== null && x !== undefined) add('circle', { cx: px(x), cy: H / 2, r: 4, fill: '#b91c1c' });
  return svg;
}

function render(ladders) {
  const box = $('ladders');
  box.replaceChildren();
  for (const l of ladders) {
    const rows = l.rows;
    const maxAdp = Math.max(1, ...rows.flatMap((r) => (r.adp_ci || []).map((v) => Math.abs(v ?? 0))));
    const table = h('table', { class: 'ladder' },
      h('thead', {}, h('tr', {}, ...['baseline', t('WP of {a}', { a: l.a }), '95% CI', '', 'ADP', '95% CI', '', 'as landlord', 'as farmers', 'games']
        .map((x) => h('th', { text: x })))),
      h('tbody', {}, ...rows.map((r) => h('tr', {},
        h('td', { class: 'mono', text: r.b_spec || r.b }),
        h('td', { class: 'num', text: f(r.wp, 4) }),
        h('td', { class: 'num', text: ci(r.wp_ci, 4) }),
        h('td', {}, interval(r.wp, r.wp_ci, 0, 1, 0.5)),
        h('td', { class: 'num', text: f(r.adp, 3) }),
        h('td', { class: 'num', text: ci(r.adp_ci, 3) }),
        h('td', {}, interval(r.adp, r.adp_ci, -maxAdp, maxAdp, 0)),
        h('td', { class: 'num', text: f(r.wp_landlord, 4) }),
        h('td', { class: 'num', text: f(r.wp_farmer, 4) }),
        h('td', { class: 'num', text: String(r.games) })))));
    box.append(h('section', { class: 'panel' },
      h('h2', { text: t(rows.length === 1 ? '{a} against 1 baseline' : '{a} against {n} baselines', { a: l.a_spec || l.a, n: rows.length }) }),
      h('p', { class: 'muted small', text: t('{deals} deals each, rules {rules}, seed {seed}', { deals: rows[0] ? rows[0].deals : 0, rules: t(l.rules), seed: l.seed })
        + (l.bidding ? t(', bidding') : '') }),
      h('div', { class: 'scroll' }, table)));
  }
}

function load(text, name) {
  const ladders = [];
  try {
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      if (!line.trim()) continue;
      let o;
      try { o = JSON.parse(line); } catch (e) { throw new Error(t('line {n}: not JSON ({error})', { n: i + 1, error: e.message })); }
      if (!o || !Array.isArray(o.rows) || typeof o.a !== 'string') throw new Error(t('line {n}: not the output of ddz ladder --json', { n: i + 1 }));
      ladders.push(o);
    }
    if (!ladders.length) throw new Error('no ladder in the file');
  } catch (e) {
    msg(name ? t('{seat}: {error}', { seat: name, error: e.message }) : e.message, true);
    $('ladders').replaceChildren();
    return;
  }
  msg(t(ladders.length === 1 ? '{name}: 1 ladder' : '{name}: {n} ladders', { name: name || '', n: ladders.length }).replace(/^[:：]\s*/, ''));
  render(ladders);
}

function init() {
  showVersion();
  onFile($('file'), $('drop'), load);
}

init();
