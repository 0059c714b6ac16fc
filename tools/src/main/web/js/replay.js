// Replay page: step through game records and compare each play with the engine's best.
import { cardEls, backEl, showPlay, h, moveLabel } from './cards.js';
import { onFile, post, showVersion } from './api.js';
import { t, word } from './i18n.js';

const $ = (id) => document.getElementById(id);
const SEAT = ['Landlord', 'Down', 'Up'];
const seatName = (s) => word(SEAT[s]);
const COLOUR = ['#d97706', '#059669', '#0284c7'];
const st = { games: [], g: null, k: 0, analyses: new Map(), pending: null, all: false, timer: null, audit: null };

/** Autoplay: one play on every tick of the chosen speed, stopping at the end of the game. */
function stopAuto() {
  if (st.timer) clearInterval(st.timer);
  st.timer = null;
  $('auto').textContent = '▶';
  $('auto').classList.remove('on');
  $('auto').title = t('play the game by itself (space)');
}

function startAuto() {
  if (!st.g) return;
  if (st.k >= st.g.steps.length) step(0);
  $('auto').textContent = '❚❚';
  $('auto').classList.add('on');
  $('auto').title = t('pause (space)');
  st.timer = setInterval(() => {
    if (!st.g || st.k >= st.g.steps.length) { stopAuto(); return; }
    step(st.k + 1);
    if (st.k >= st.g.steps.length) stopAuto();
  }, +$('speed').value);
}

/** A navigation by hand stops the autoplay first. */
const manual = (f) => () => { stopAuto(); f(); };

function msg(text, bad = false) {
  const m = $('msg');
  m.textContent = text;
  m.className = 'msg' + (text ? (bad ? ' err' : ' ok') : '');
}

async function load(text, name) {
  msg('reading…');
  try {
    const a = await post('/api/replay', { records: text });
    st.games = a.games;
    const pick = $('game-pick');
    pick.replaceChildren(...a.games.map((g, i) => h('option', { value: i,
      text: t('Game {game} (deal {deal}): {agent} as landlord, {winner}', { game: g.game, deal: g.deal_number, agent: g.agents[0],
        winner: t(g.result.winner === 'landlord' ? 'Landlord wins' : 'Farmers win') }) })));
    const valid = t(a.count === 1 ? '1 game, all valid' : '{n} games, all valid', { n: a.count });
    msg(name ? t('{seat}: {error}', { seat: t(name), error: valid }) : valid);
    choose(0);
  } catch (e) {
    msg(e.message, true);
    $('replay').hidden = true;
  }
}

function choose(i) {
  stopAuto();
  st.g = st.games[i];
  st.k = 0;
  st.analyses = new Map();
  st.all = false;
  $('replay').hidden = false;
  $('slider').max = String(st.g.steps.length);
  const g = st.g;
  $('game-title').textContent = t('Game {game} · {rules}', { game: g.game, rules: t(g.rules) });
  $('game-sub').textContent = g.bids.length ? t('bids {bids} · base {base}', { bids: g.bids.map((b) => b || word('pass')).join(', '), base: g.base })
    : t('no bidding · base 1');
  st.audit = { pending: true };
  render();
  audit(g);
}

/** The open-hand analysis of the whole game (ddz analyze), fetched once a game. */
async function audit(g) {
  let a;
  try {
    a = await post('/api/replay/audit', { record: g.record });
  } catch (e) {
    a = { error: e.message };
  }
  if (st.g !== g) return;
  st.audit = a;
  renderOpenHand();
  renderChart();
}

/** The open-hand verdict of the play shown, beside the engine's win rate. */
function renderOpenHand() {
  const box = $('openhand');
  const i = st.k - 1;
  const a = st.audit;
  box.replaceChildren();
  if (i < 0 || !a) return;
  const label = h('b', { text: 'Open-hand verdict: ' });
  if (a.pending) { box.append(label, h('span', { class: 'muted', text: 'solving with every hand open…' })); return; }
  if (a.error) { box.append(label, h('span', { class: 'muted', text: a.error })); return; }
  const d = a.decisions.find((x) => x.play === i + 1);
  let text;
  let cls = 'muted';
  if (!d) text = t('not judged (more than {n} cards in play)', { n: a.max_cards });
  else if (d.before === 'unknown') text = 'unknown (the solver ran out of its node budget)';
  else if (d.before === 'loss') text = 'the mover\'s side had already lost against best play';
  else if (d.blunder) {
    cls = 'loss';
    text = t('blunder: won before the play, lost after it') + (d.winning_moves && d.winning_moves.length
      ? t(' · winning moves: {moves}', { moves: d.winning_moves.map(moveLabel).join(', ') }) : '');
  } else if (d.after === 'win') { cls = 'good'; text = '✓ won before the play and still won after it'; }
  else text = 'won before the play; after it unknown (node budget)';
  if (d && a.decisive_play === d.play) text += t(' · the decisive play of the game');
  box.append(label, h('span', { class: cls, 'data-verdict': d ? (d.blunder ? 'blunder' : d.before) : 'not-judged', text }));
}

/** Hands and the current trick after k plays. */
function state(k) {
  const g = st.g;
  const hands = k === 0 ? g.start_hands : g.steps[k - 1].hands;
  let trick = {};
  let lastBy = null;
  for (let i = 0; i < k; i++) {
    const s = g.steps[i];
    if (lastBy === null || lastBy === s.seat) trick = {};
    trick[s.seat] = s;
    if (s.move !== 'pass') lastBy = s.seat;
  }
  return { hands, trick, toMove: k < g.steps.length ? k % 3 : -1 };
}

function render() {
  const g = st.g;
  const k = st.k;
  const b = state(k);
  const rows = $('seat-rows');
  rows.replaceChildren();
  const view = $('view').value;
  for (let s = 0; s < 3; s++) {
    const hand = h('div', { class: 'hand' });
    if (view === 'all' || +view === s) hand.append(...cardEls(b.hands[s], 'sm', 'div', s));
    else hand.append(...[...b.hands[s]].map(() => backEl('sm')));
    const played = h('div', { class: 'played' });
    if (b.trick[s]) {
      showPlay(played, b.trick[s], 'xs');
      if (k > 0 && g.steps[k - 1].seat === s) for (const c of played.querySelectorAll('.card')) c.classList.add('just');
    }
    const n = [...b.hands[s]].length;
    rows.append(h('div', { class: `seat${s === b.toMove ? ' tomove' : ''}` },
      h('div', { class: 'who' }, seatName(s), h('span', { class: 'sub', text: `${g.agents[s]} · ${t(n === 1 ? '{n} card' : '{n} cards', { n })}` })),
      h('div', {}, hand, played)));
  }
  const last = k > 0 ? g.steps[k - 1] : null;
  const status = $('status');
  if (k === 0) status.textContent = t('Kitty {kitty} went to the landlord. The landlord leads.', { kitty: g.kitty });
  else if (k === g.steps.length) {
    const r = g.result;
    status.textContent = t('{who} out — {result} · multiplier {m} · scores {scores}', { who: seatName(last.seat),
      result: t(r.winner === 'landlord' ? 'Landlord wins' : 'Farmers win'), m: r.multiplier, scores: r.scores.join(' / ') });
  } else {
    status.textContent = t(last.move === 'pass' ? 'Play {k}: {who} passes' : 'Play {k}: {who} plays {move}',
      { k, who: seatName(last.seat), move: moveLabel(last.move) });
  }
  $('where').textContent = t('play {k} of {n}', { k, n: g.steps.length });
  $('slider').value = String(k);
  $('first').disabled = $('prev').disabled = k === 0;
  $('next').disabled = $('last').disabled = k === g.steps.length;
  renderAnalysis();
  renderOpenHand();
  renderChart();
  if (k > 0 && !st.analyses.has(k - 1)) analyse(k - 1);
}

async function analyse(i) {
  if (st.pending === i) return;
  st.pending = i;
  try {
    const a = await post('/api/replay/analyse', { record: st.g.record, play: i, budget_ms: +$('budget').value, seed: i });
    st.analyses.set(i, a);
  } catch (e) {
    st.analyses.set(i, { error: e.message });
  } finally {
    if (st.pending === i) st.pending = null;
  }
  if (i === st.k - 1) renderAnalysis();
  renderChart();
}

function pct(x) {
  return x == null ? '—' : `${Math.round(x * 100)}%`;
}

function renderAnalysis() {
  const v = $('verdict');
  const bars = $('bars');
  bars.replaceChildren();
  const i = st.k - 1;
  if (i < 0) { v.innerHTML = '<span class="muted">step to a play to see it analysed</span>'; return; }
  const a = st.analyses.get(i);
  const who = seatName(i % 3);
  const played = st.g.steps[i];
  if (!a) { v.textContent = t('Play {k}: {who} {move} — analysing…', { k: i + 1, who, move: moveLabel(played.move) }); v.classList.add('spin'); return; }
  v.classList.remove('spin');
  if (a.error) { v.textContent = a.error; return; }
  v.replaceChildren();
  v.append(h('div', {}, h('b', { text: t('Play {k}: {who} played {move}', { k: i + 1, who, move: moveLabel(played.move) }) }),
    h('span', { class: 'muted small', text: t(' · {worlds} worlds, {ms} ms', { worlds: a.worlds.toLocaleString(), ms: Math.round(a.time_ms) }) })));
  if (a.forced) v.append(h('div', { class: 'muted', text: 'the only sensible move: nothing to choose' }));
  else {
    const loss = a.played_win_rate == null ? null : a.best_win_rate - a.played_win_rate;
    const good = loss != null && loss < 0.03;
    v.append(h('div', {},
      'engine win rate: played ', h('b', { 'data-played-rate': a.played_win_rate, text: pct(a.played_win_rate) }),
      a.played_as ? h('span', { class: 'muted small', text: t(' (as {move}: the engine keeps one kicker choice)', { move: moveLabel(a.played_as) }) }) : null,
      ' · best ', h('b', { text: `${moveLabel(a.move)} ${pct(a.best_win_rate)}` }), ' ',
      loss == null ? h('span', { class: 'muted', text: '(the play was not among the engine\'s candidates)' })
        : h('span', { class: good ? 'good' : 'loss', text: good ? '✓ as good as the best' : t('−{n} points', { n: Math.round(loss * 100) }) })));
  }
  a.candidates.slice(0, 10).forEach((c, j) => {
    const p = c.win_rate == null ? 0 : c.win_rate * 100;
    const isPlayed = c.move === played.move || c.move === a.played_as;
    bars.append(h('div', { class: 'bar' + (j === 0 ? ' best' : '') + (isPlayed ? ' chosen' : '') },
      h('span', { class: 'mvt', text: moveLabel(c.move) }),
      h('div', { class: 'track' }, h('div', { class: 'fill', style: `width:${p.toFixed(1)}%` })),
      h('span', { class: 'pct', text: `${p.toFixed(0)}%` })));
  });
}

function renderChart() {
  const g = st.g;
  const n = g.steps.length;
  const w = 560;
  const hgt = 170;
  const l = 34;
  const r = 8;
  const top = 10;
  const b = 24;
  const x = (i) => l + (i + 0.5) * (w - l - r) / n;
  const y = (v) => top + (1 - v) * (hgt - top - b);
  let s = `<svg class="wrchart" viewBox="0 0 ${w} ${hgt}" xmlns="http://www.w3.org/2000/svg" font-size="10" font-family="system-ui">`;
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    s += `<line x1="${l}" x2="${w - r}" y1="${y(v)}" y2="${y(v)}" stroke="${v === 0.5 ? '#9ca3af' : '#e5e7eb'}"${v === 0.5 ? ' stroke-dasharray="4 3"' : ''}/>`;
    s += `<text x="${l - 4}" y="${y(v) + 3}" text-anchor="end" fill="#6b7280">${Math.round(v * 100)}%</text>`;
  }
  const bw = Math.max(2, (w - l - r) / n * 0.6);
  for (const [i, a] of st.analyses) {
    if (a.error || a.best_win_rate == null) continue;
    s += `<rect x="${x(i) - bw / 2}" y="${y(a.best_win_rate)}" width="${bw}" height="${y(0) - y(a.best_win_rate)}" fill="#e5e7eb"/>`;
    if (a.played_win_rate != null) s += `<circle cx="${x(i)}" cy="${y(a.played_win_rate)}" r="3.2" fill="${COLOUR[i % 3]}"/>`;
  }
  const blunders = st.audit && st.audit.decisions ? st.audit.decisions.filter((d) => d.blunder) : [];
  for (const d of blunders) {
    const cx = x(d.play - 1);
    // a mark a finger can hit: the triangle inside a wider transparent target
    s += `<g class="blunder-mark" data-play="${d.play}"><title>${t('play {n}: open-hand blunder', { n: d.play })}</title>`
      + `<rect x="${cx - 10}" y="0" width="20" height="${top + 10}" fill="transparent"/>`
      + `<path d="M${cx - 5} ${top - 6} L${cx + 5} ${top - 6} L${cx} ${top + 3} Z" fill="#dc2626"/></g>`;
  }
  if (st.k > 0) s += `<line x1="${x(st.k - 1)}" x2="${x(st.k - 1)}" y1="${top}" y2="${y(0)}" stroke="#111827" stroke-width="1"/>`;
  const mid = (l + w - r) / 2;
  s += `<text x="${mid - 70}" y="${hgt - 6}" text-anchor="end" fill="#6b7280">play</text>`;
  ['landlord', 'down', 'up'].forEach((name, j) => {
    s += `<circle cx="${mid - 50 + j * 70}" cy="${hgt - 9.5}" r="3.2" fill="${COLOUR[j]}"/><text x="${mid - 44 + j * 70}" y="${hgt - 6}" fill="#6b7280">${name}</text>`;
  });
  s += '</svg>';
  $('chart').innerHTML = s;
  $('chart').dataset.blunders = st.audit && st.audit.decisions ? String(blunders.length) : '';
  const svg = $('chart').firstChild;
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    const px = (e.clientX - box.left) / box.width * w;
    const i = Math.floor((px - l) / ((w - l - r) / n));
    if (i >= 0 && i < n) { st.k = i + 1; render(); }
  });
}

async function analyseAll() {
  const btn = $('analyse-all');
  btn.disabled = true;
  btn.classList.add('spin');
  const g = st.g;
  for (let i = 0; i < g.steps.length && st.g === g; i++) {
    if (!st.analyses.has(i)) await analyse(i);
  }
  btn.disabled = false;
  btn.classList.remove('spin');
}

function step(k) {
  if (!st.g) return;
  st.k = Math.max(0, Math.min(k, st.g.steps.length));
  render();
}

function init() {
  showVersion();
  onFile($('file'), $('drop'), load);
  $('game-pick').addEventListener('change', (e) => choose(+e.target.value));
  $('first').addEventListener('click', manual(() => step(0)));
  $('prev').addEventListener('click', manual(() => step(st.k - 1)));
  $('next').addEventListener('click', manual(() => step(st.k + 1)));
  $('last').addEventListener('click', manual(() => step(1e9)));
  $('slider').addEventListener('input', (e) => { stopAuto(); step(+e.target.value); });
  $('auto').addEventListener('click', () => (st.timer ? stopAuto() : startAuto()));
  $('speed').addEventListener('change', () => { if (st.timer) { stopAuto(); startAuto(); } });
  $('view').addEventListener('change', () => { if (st.g) render(); });
  $('analyse-all').addEventListener('click', analyseAll);
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.target.tagName === 'SELECT') return; // its own arrow keys
    if (e.key === 'ArrowRight') { stopAuto(); step(st.k + 1); }
    if (e.key === 'ArrowLeft') { stopAuto(); step(st.k - 1); }
    if (e.key === ' ' && e.target.tagName !== 'BUTTON') { // a focused button clicks itself on space
      e.preventDefault();
      if (st.timer) stopAuto(); else startAuto();
    }
  });
  if (new URLSearchParams(location.search).get('from') === 'play') {
    const rec = sessionStorage.getItem('ddz-replay');
    if (rec) load(rec, 'your game');
  }
}

init();
