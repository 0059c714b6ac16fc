// Puzzle page: deal cards into two or three hands, solve, step through the line, play it out.
import { RANKS, cardEl, cardEls, showPlay, h, ranksOf, counts, canonical, minus, moveLabel } from './cards.js';
import { post, showVersion } from './api.js';
import { t, word, typeName } from './i18n.js';

const $ = (id) => document.getElementById(id);
const NAMES2 = ['Landlord', 'Farmer'];
const NAMES3 = ['Landlord', 'Down', 'Up'];
const BANS = [['trio', 'trio'], ['trio_solo', '31'], ['trio_pair', '32'], ['four_two_solo', '421'], ['four_two_pair', '422'], ['winged_planes', 'planes with wings']];

const st = {
  seats: 2,
  owner: new Map(), // "rank/suit" -> seat
  active: 0,
  result: null,     // the /api/solve answer
  step: 0,
  play: null,       // play-out: {you, position, hands, mover, log: [...], history: [...], legal, winning}
};

const names = () => (st.seats === 2 ? NAMES2 : NAMES3);
const role = (s) => names()[s].toLowerCase();
/** A seat's name as the page shows it. */
const shown = (s) => word(names()[s]);

// ------------------------------------------------------------------ deck and hands

function buildDeck() {
  const deck = $('deck');
  deck.replaceChildren();
  for (const r of RANKS) {
    const col = h('div', { class: 'col' });
    const n = r === 'X' || r === 'D' ? 1 : 4;
    for (let s = 0; s < n; s++) {
      const c = cardEl(r, s, '', 'button');
      c.addEventListener('click', () => clickDeck(r, s));
      col.append(c);
    }
    deck.append(col);
  }
}

function clickDeck(r, s) {
  const key = `${r}/${s}`;
  const o = st.owner.get(key);
  if (o === st.active) st.owner.delete(key);
  else {
    const max = st.active === 0 ? 20 : 17;
    if (handOf(st.active).length >= max) {
      msg(t('{name} holds {max} cards at most', { name: shown(st.active), max }), true);
      return;
    }
    st.owner.set(key, st.active);
  }
  changed();
}

function handOf(seat) {
  const rs = [];
  for (const [k, o] of st.owner) if (o === seat) rs.push(k.split('/')[0]);
  return canonical(rs);
}

function handCards(seat) {
  const list = [];
  for (const [k, o] of st.owner) if (o === seat) { const [r, s] = k.split('/'); list.push([r, +s]); }
  list.sort((a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || a[1] - b[1]);
  return list;
}

/** Gives `seat` exactly the cards of `text` (canonical), keeping the suits it had where it can. */
function assign(seat, text) {
  const want = counts(text);
  const mine = handCards(seat);
  for (const [r, s] of mine) st.owner.delete(`${r}/${s}`);
  const kept = {};
  for (const [r, s] of mine) (kept[r] = kept[r] || []).push(s);
  for (const [r, n] of Object.entries(want)) {
    const suits = [...(kept[r] || []), 0, 1, 2, 3].filter((v, i, a) => a.indexOf(v) === i);
    let got = 0;
    for (const s of suits) {
      if (got === n) break;
      if ((r === 'X' || r === 'D') && s > 0) continue;
      if (!st.owner.has(`${r}/${s}`)) { st.owner.set(`${r}/${s}`, seat); got++; }
    }
    if (got < n) throw new Error(t('not enough {rank}s left for {name}: another hand holds them', { rank: r === 'T' ? '10' : r, name: shown(seat) }));
  }
}

function renderHands() {
  const box = $('hands');
  box.replaceChildren();
  for (let s = 0; s < st.seats; s++) {
    const input = h('input', { type: 'text', class: 'mono', id: `hand${s}`, spellcheck: 'false', placeholder: 'click cards or type, e.g. 3 4 10 J 小王' });
    input.value = handOf(s);
    input.addEventListener('change', () => typed(s, input));
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') input.blur(); });
    input.addEventListener('click', (e) => e.stopPropagation());
    const hand = h('div', { class: 'hand loose' });
    for (const [r, su] of handCards(s)) {
      const c = cardEl(r, su, 'sm', 'button');
      c.addEventListener('click', (e) => { e.stopPropagation(); st.owner.delete(`${r}/${su}`); changed(); });
      hand.append(c);
    }
    const n = handOf(s).length;
    const boxEl = h('div', { class: `seatbox s${s}${st.active === s ? ' on' : ''}`, 'data-seat': s },
      h('div', { class: 'row' }, h('span', { class: 'name', text: shown(s) }), h('span', { class: 'muted small', text: t(n === 1 ? '{n} card' : '{n} cards', { n }) }), input),
      hand);
    boxEl.addEventListener('click', () => { st.active = s; renderHands(); });
    box.append(boxEl);
  }
}

async function typed(seat, input) {
  input.classList.remove('bad');
  try {
    const text = input.value.trim() === '' ? '' : (await post('/api/cards', { cards: input.value })).cards;
    assign(seat, text);
    msg('');
  } catch (e) {
    input.classList.add('bad');
    msg(t('{seat}: {error}', { seat: shown(seat), error: e.message }), true);
  }
  changed(false);
}

function renderDeck() {
  for (const c of $('deck').querySelectorAll('.card')) {
    const o = st.owner.get(`${c.dataset.rank}/${c.dataset.suit}`);
    c.classList.remove('own0', 'own1', 'own2', 'taken');
    if (o !== undefined) c.classList.add('taken', `own${o}`);
  }
}

function renderSelects() {
  const keep = (sel) => sel.value;
  const mover = $('mover');
  const lastSeat = $('last-seat');
  const mv = keep(mover);
  const ls = keep(lastSeat);
  mover.replaceChildren(...names().map((n, i) => h('option', { value: i, text: word(n) })));
  lastSeat.replaceChildren(...names().map((n, i) => h('option', { value: i, text: word(n) })));
  mover.value = mv && +mv < st.seats ? mv : '0';
  lastSeat.value = ls && +ls < st.seats ? ls : '1';
}

function positionText() {
  const hands = [];
  for (let s = 0; s < st.seats; s++) hands.push(handOf(s) || '-');
  let p = `${hands.join('/')} ${$('mover').value}`;
  const last = $('last').value.trim();
  if (last) p += ` ${last.replace(/\s+/g, '')}@${$('last-seat').value}`;
  return p;
}

function changed(rerenderHands = true) {
  renderDeck();
  if (rerenderHands) renderHands();
  else {
    for (let s = 0; s < st.seats; s++) {
      const i = $(`hand${s}`);
      if (i && !i.classList.contains('bad')) i.value = handOf(s);
    }
    renderHands();
  }
  $('pos-text').textContent = positionText();
}

function msg(text, bad = false, id = 'msg') {
  const m = $(id);
  m.textContent = text;
  m.className = 'msg' + (text ? (bad ? ' err' : ' ok') : '');
}

async function loadPosition(text) {
  const fields = text.trim().split(/\s+/);
  const hands = (fields[0] || '').split('/');
  if (hands.length < 2 || hands.length > 3 || fields.length < 2) {
    msg(t('a position is HAND0/HAND1[/HAND2] MOVER [LAST@SEAT], for example 448999TJJQQAD/336688TAA22X 0'), true);
    return;
  }
  try {
    const canon = [];
    for (const hnd of hands) canon.push((await post('/api/cards', { cards: hnd })).cards);
    setSeats(hands.length);
    st.owner.clear();
    canon.forEach((c, s) => assign(s, c));
    const mover = { landlord: 0, farmer: 1, down: 1, up: 2 }[fields[1].toLowerCase()] ?? +fields[1];
    $('mover').value = String(mover);
    if (fields[2]) {
      const at = fields[2].lastIndexOf('@');
      $('last').value = fields[2].slice(0, at);
      $('last-seat').value = fields[2].slice(at + 1);
    } else $('last').value = '';
    msg('');
  } catch (e) {
    msg(e.message, true);
  }
  changed();
}

function setSeats(n) {
  st.seats = n;
  for (const b of $('seats').querySelectorAll('button')) b.classList.toggle('on', +b.dataset.n === n);
  for (const [k, o] of [...st.owner]) if (o >= n) st.owner.delete(k);
  if (st.active >= n) st.active = 0;
  renderSelects();
}

// ------------------------------------------------------------------ solve

function rulesBody() {
  const bans = [...$('bans').querySelectorAll('input:checked')].map((i) => i.value);
  return { rules: $('rules').value, bans };
}

async function solve() {
  const btn = $('solve');
  btn.disabled = true;
  btn.classList.add('spin');
  msg('');
  try {
    const r = await post('/api/solve', { position: positionText(), ...rulesBody() });
    st.result = r;
    st.play = null;
    st.step = 0;
    showResult(r);
  } catch (e) {
    msg(e.message, true);
    $('result').hidden = true;
    $('line-panel').hidden = true;
  } finally {
    btn.disabled = false;
    btn.classList.remove('spin');
  }
}

function showResult(r) {
  $('result').hidden = false;
  const v = $('verdict');
  const seats = r.hands.length;
  const moverName = word((seats === 2 ? NAMES2 : NAMES3)[r.mover].toLowerCase());
  if (r.verdict === 'unknown') {
    v.className = 'verdict unknown';
    v.textContent = t('No verdict within the time budget ({ms} ms)', { ms: Math.round(r.time_ms) });
  } else {
    const who = t(r.winner === 'landlord' ? 'Landlord wins' : 'Farmers win');
    v.className = 'verdict ' + (r.winner === 'landlord' ? 'win0' : 'win1');
    v.textContent = t(r.mover_wins ? '{winner}: the {mover}, to move, forces a win' : '{winner}: the {mover}, to move, loses whatever it plays',
      { winner: who, mover: moverName });
  }
  const chips = $('winning-moves');
  chips.replaceChildren();
  for (const m of r.winning_moves || []) {
    const box = h('span', { class: 'played' });
    showPlay(box, m, 'xs');
    chips.append(h('span', { class: 'chip win', 'data-move': m }, box, h('span', { class: 'mono', text: m })));
  }
  if (r.winning_moves && r.winning_moves.length === 0) chips.append(h('span', { class: 'muted', text: 'none: every move loses' }));
  $('stats').textContent = r.verdict === 'unknown' ? '' : t('{nodes} nodes · {ms} ms', { nodes: (r.nodes || 0).toLocaleString(), ms: Math.round(r.time_ms).toLocaleString() })
    + t(r.defence === 'resist' ? ' · the losing side puts up its best resistance' : ' · the losing side plays its first legal move')
    + (r.line_complete ? '' : t(' · the line was cut by the time budget'));
  $('line-panel').hidden = r.verdict === 'unknown';
  const side = $('side');
  side.replaceChildren();
  const sides = seats === 2 ? [['landlord', 'Landlord'], ['farmers', 'Farmer']] : [['landlord', 'Landlord'], ['farmers', 'Farmers']];
  for (const [k, label] of sides) {
    const b = h('button', { 'data-side': k, text: word(label) });
    b.addEventListener('click', () => { for (const x of side.children) x.classList.toggle('on', x === b); });
    side.append(b);
  }
  const def = (r.mover === 0) ? 'landlord' : 'farmers';
  for (const x of side.children) x.classList.toggle('on', x.dataset.side === def);
  renderLine();
}

// ------------------------------------------------------------------ the board

/** Seats' hands and the plays of the current trick after `moves` (a list of {seat, move, cards}) from `hands`. */
function replay(hands, mover, initialLast, moves) {
  const cur = [...hands];
  let trick = {};
  let lastBy = initialLast ? initialLast.seat : null;
  if (initialLast) trick[initialLast.seat] = { move: initialLast.move, cards: initialLast.move.split(':')[0] };
  let toMove = mover;
  for (const m of moves) {
    if (lastBy === null || lastBy === m.seat) trick = {};
    trick[m.seat] = m;
    if (m.move !== 'pass') {
      cur[m.seat] = minus(cur[m.seat], m.cards);
      lastBy = m.seat;
    }
    toMove = (m.seat + 1) % hands.length;
  }
  return { hands: cur, trick, toMove };
}

function initialLast(r) {
  const f = r.position.split(/\s+/);
  if (!f[2]) return null;
  const at = f[2].lastIndexOf('@');
  return { move: f[2].slice(0, at), seat: +f[2].slice(at + 1) };
}

function renderBoard(hands, trick, toMove, youSeats, selectable) {
  const rows = $('seat-rows');
  rows.replaceChildren();
  const seats = hands.length;
  const nm = (seats === 2 ? NAMES2 : NAMES3).map(word);
  for (let s = 0; s < seats; s++) {
    const mine = youSeats && youSeats.includes(s);
    const hand = h('div', { class: 'hand' });
    const tag = selectable && mine && s === toMove ? 'button' : 'div';
    for (const c of cardEls(hands[s], '', tag, s)) {
      if (tag === 'button') c.addEventListener('click', () => c.classList.toggle('sel'));
      hand.append(c);
    }
    const played = h('div', { class: 'played' });
    if (trick[s]) showPlay(played, trick[s], 'sm');
    const n = ranksOf(hands[s]).length;
    rows.append(h('div', { class: `seat${s === toMove ? ' tomove' : ''}`, 'data-seat': s },
      h('div', { class: 'who' }, nm[s], mine ? t(' (you)') : '', h('span', { class: 'sub', text: t(n === 1 ? '{n} card' : '{n} cards', { n }) })),
      h('div', {}, hand, played)));
  }
}

function renderLine() {
  const r = st.result;
  $('board-title').textContent = t('The winning line');
  $('stepper').hidden = false;
  $('player').hidden = true;
  $('back-to-line').hidden = true;
  $('playout').hidden = false;
  $('side').hidden = false;
  $('side-label').hidden = false;
  const line = r.line || [];
  const k = st.step;
  const b = replay(r.hands, r.mover, initialLast(r), line.slice(0, k));
  renderBoard(b.hands, b.trick, k < line.length ? line[k].seat : -1, null, false);
  const nm = (r.hands.length === 2 ? NAMES2 : NAMES3).map(word);
  const status = $('status');
  const where = $('where');
  if (k === 0) {
    status.textContent = t(r.winner === 'landlord' ? '{who} to move. The landlord wins with best play.' : '{who} to move. The farmers win with best play.', { who: nm[r.mover] });
  } else {
    const m = line[k - 1];
    const who = nm[m.seat];
    if (m.out) {
      status.textContent = t('{who} out — {result}', { who, result: t(r.winner === 'landlord' ? 'Landlord wins' : 'Farmers win') });
    } else {
      const opts = m.winning_moves && m.winning_moves.length > 1 ? t(' (winning here: {moves})', { moves: m.winning_moves.map(moveLabel).join(', ') }) : '';
      status.textContent = t(m.move === 'pass' ? '{who} passes' : '{who} plays {move}', { who, move: moveLabel(m.move) })
        + (m.side === 'loser' ? t(' — its best resistance') : '') + opts;
    }
  }
  where.textContent = t('Move {k} of {n}', { k, n: line.length }) + (r.line_complete ? '' : t(' (line cut by the time budget)'));
  $('first').disabled = $('prev').disabled = k === 0;
  $('next').disabled = $('last-step').disabled = k >= line.length;
  // the line, one trick a row
  const box = $('linebox');
  box.replaceChildren();
  let row = h('div', { class: 'trick' });
  let lastBy = initialLast(r) ? initialLast(r).seat : null;
  line.forEach((m, i) => {
    if ((lastBy === null || lastBy === m.seat) && row.children.length) { box.append(row); row = h('div', { class: 'trick' }); }
    if (m.move !== 'pass') lastBy = m.seat;
    const chip = h('span', { class: `mv s${m.seat}${i === k - 1 ? ' cur' : ''}`, text: t(m.out ? '{who}: {move} (out)' : '{who}: {move}', { who: nm[m.seat], move: m.move === 'pass' ? word('pass') : m.move }) });
    chip.addEventListener('click', () => { st.step = i + 1; renderLine(); });
    row.append(chip);
  });
  if (row.children.length) box.append(row);
}

function stepTo(k) {
  if (!st.result || st.play) return;
  st.step = Math.max(0, Math.min(k, st.result.line.length));
  renderLine();
}

// ------------------------------------------------------------------ play it out

function youSeats(you, seats) {
  if (you === 'landlord') return [0];
  return seats === 2 ? [1] : [1, 2];
}

async function startPlayout() {
  const r = st.result;
  const you = [...$('side').children].find((b) => b.classList.contains('on')).dataset.side;
  st.play = { you, start: r.position, history: [], log: [], states: [] };
  await playoutCall(r.position, null);
}

async function playoutCall(position, move) {
  const p = st.play;
  msg('', false, 'play-msg');
  try {
    const body = { position, you: p.you, ...rulesBody() };
    if (move) body.move = move;
    const a = await post('/api/playout', body);
    p.states.push({ position, history: [...p.history], log: [...p.log] });
    const lines = [];
    for (const s of a.played) {
      p.history.push(s);
      if (s.by === 'you') {
        if (s.kept_win === true) lines.push(t('✓ {move} keeps the forced win', { move: moveLabel(s.move) }));
        else if (s.kept_win === false) lines.push(t('✗ {move} gives the win away (winning: {moves})', { move: moveLabel(s.move), moves: s.winning_moves.map(moveLabel).join(', ') }));
        else lines.push(t('{move}: you were lost already, every move loses to best play', { move: moveLabel(s.move) }));
      } else {
        lines.push(t(s.move === 'pass' ? 'the engine ({role}) passes' : 'the engine ({role}) plays {move}', { role: word(s.role), move: moveLabel(s.move) }));
      }
    }
    p.answer = a;
    p.position = a.position;
    p.log.push(...lines);
    renderPlay(lines);
  } catch (e) {
    msg(e.message, true, 'play-msg');
  }
}

function renderPlay(lines = []) {
  const r = st.result;
  const p = st.play;
  const a = p.answer;
  $('board-title').textContent = t(`Playing it out as the ${p.you === 'landlord' ? 'landlord' : r.hands.length === 2 ? 'farmer' : 'farmers'}`);
  $('stepper').hidden = true;
  $('player').hidden = false;
  $('back-to-line').hidden = false;
  $('playout').hidden = true;
  $('side').hidden = true;
  $('side-label').hidden = true;
  const b = replay(r.hands, r.mover, initialLast(r), p.history);
  const seats = r.hands.length;
  const yours = youSeats(p.you, seats);
  renderBoard(a.over ? b.hands : a.hands, b.trick, a.over ? -1 : a.mover, yours, !a.over);
  const status = $('status');
  if (a.over) {
    status.textContent = t(a.you_won ? '{side} out — you win!' : '{side} out — the engine wins.', { side: word(a.winner === 'landlord' ? 'Landlord' : 'Farmers') });
  } else {
    status.textContent = a.you_win === true ? 'Your move: you can still force a win.' : a.you_win === false
      ? 'Your move: against best play every move loses now.' : 'Your move.';
  }
  $('play-sel').disabled = $('pass').disabled = $('hint').disabled = !!a.over;
  $('pass').disabled = !!a.over || !(a.legal_moves || []).some((m) => m.move === 'pass');
  $('undo').disabled = p.states.length <= 1;
  $('readings').replaceChildren();
  const box = $('linebox');
  box.replaceChildren(...p.log.map((l) => h('div', { text: l })));
  box.scrollTop = box.scrollHeight;
  if (lines.length) msg(lines[lines.length - 1], lines.some((l) => l.startsWith('✗')), 'play-msg');
}

function playSelected() {
  const a = st.play.answer;
  const sel = [...$('seat-rows').querySelectorAll('.card.sel')].map((c) => c.dataset.rank);
  if (!sel.length) { msg('select the cards to play first (or pass)', true, 'play-msg'); return; }
  const cards = canonical(sel);
  const matches = a.legal_moves.filter((m) => m.cards === cards);
  if (matches.length === 0) { msg(t('{move} is not a legal play here', { move: moveLabel(cards) }), true, 'play-msg'); return; }
  if (matches.length > 1) {
    const box = $('readings');
    box.replaceChildren(h('span', { class: 'muted small', text: 'which reading?' }));
    for (const m of matches) {
      const b = h('button', { text: typeName(m.type) });
      b.addEventListener('click', () => playoutCall(st.play.position, m.move));
      box.append(b);
    }
    return;
  }
  playoutCall(st.play.position, matches[0].move);
}

function hint() {
  const a = st.play.answer;
  if (!a.winning_moves || a.winning_moves.length === 0) {
    msg('no move wins against best play here', true, 'play-msg');
    return;
  }
  msg(t('winning moves: {moves}', { moves: a.winning_moves.map(moveLabel).join(', ') }), false, 'play-msg');
  const first = a.winning_moves[0];
  if (first === 'pass') return;
  const want = counts(first.split(':')[0]);
  for (const c of $('seat-rows').querySelectorAll('button.card')) {
    c.classList.remove('sel');
    if (want[c.dataset.rank]) { want[c.dataset.rank]--; c.classList.add('sel'); }
  }
}

function undo() {
  const p = st.play;
  if (p.states.length <= 1) return;
  const prev = p.states.pop();
  p.history = prev.history;
  p.log = prev.log;
  playoutCall(prev.position, null);
}

// ------------------------------------------------------------------ start

function init() {
  showVersion();
  buildDeck();
  for (const [name, label] of BANS) {
    $('bans').append(h('label', { class: 'chk' }, h('input', { type: 'checkbox', value: name }), label.replace(/_/g, ' ')));
  }
  renderSelects();
  changed();
  $('seats').addEventListener('click', (e) => { if (e.target.dataset.n) { setSeats(+e.target.dataset.n); changed(); } });
  $('mover').addEventListener('change', () => changed());
  $('last').addEventListener('input', () => { $('pos-text').textContent = positionText(); });
  $('last-seat').addEventListener('change', () => changed());
  $('example').addEventListener('click', () => { $('position').value = '448999TJJQQAD/336688TAA22X 0'; loadPosition($('position').value); });
  $('load-position').addEventListener('click', () => loadPosition($('position').value));
  $('position').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadPosition($('position').value); });
  $('clear').addEventListener('click', () => { st.owner.clear(); $('last').value = ''; msg(''); changed(); });
  $('solve').addEventListener('click', solve);
  $('first').addEventListener('click', () => stepTo(0));
  $('prev').addEventListener('click', () => stepTo(st.step - 1));
  $('next').addEventListener('click', () => stepTo(st.step + 1));
  $('last-step').addEventListener('click', () => stepTo(1e9));
  $('playout').addEventListener('click', startPlayout);
  $('back-to-line').addEventListener('click', () => { st.play = null; renderLine(); });
  $('play-sel').addEventListener('click', playSelected);
  $('pass').addEventListener('click', () => playoutCall(st.play.position, 'pass'));
  $('hint').addEventListener('click', hint);
  $('undo').addEventListener('click', undo);
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' || st.play || !st.result) return;
    if (e.key === 'ArrowRight') stepTo(st.step + 1);
    if (e.key === 'ArrowLeft') stepTo(st.step - 1);
  });
  const q = new URLSearchParams(location.search).get('position');
  if (q) { $('position').value = q; loadPosition(q); }
}

init();
