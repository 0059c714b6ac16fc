// Play page: a whole game against the Monte Carlo engine, bidding included.
import { cardEls, backEl, showPlay, h, canonical, counts, moveLabel } from './cards.js';
import { post, get, showVersion } from './api.js';
import { t, word, typeName } from './i18n.js';

const $ = (id) => document.getElementById(id);
const ROLE = { landlord: 'Landlord', landlord_down: 'Farmer', landlord_up: 'Farmer' };
const st = { game: null, busy: false, hint: null };

function msg(text, bad = false) {
  const m = $('msg');
  m.textContent = text;
  m.className = 'msg' + (text ? (bad ? ' err' : ' ok') : '');
}

async function act(fn) {
  if (st.busy) return;
  st.busy = true;
  render();
  msg('');
  try {
    await fn();
  } catch (e) {
    msg(e.message, true);
    if (e.body && e.body.readings) showReadings(e.body.readings);
  } finally {
    st.busy = false;
    render();
  }
}

async function newGame() {
  await act(async () => {
    const body = { budget_ms: +$('budget').value };
    if ($('seat-pick').value !== '') body.position = +$('seat-pick').value;
    const q = new URLSearchParams(location.search);
    if (q.get('seed')) body.seed = +q.get('seed');
    if (q.get('budget')) body.budget_ms = +q.get('budget');
    st.game = await post('/api/game', body);
    st.hint = null;
    $('bars').replaceChildren();
    $('hint-info').textContent = t('press Hint on your turn');
    history.replaceState(null, '', `/play?game=${st.game.id}`);
  });
}

const bid = (b) => act(async () => { st.game = await post(`/api/game/${st.game.id}/bid`, { bid: b }); });

function selected() {
  return [...$('my-hand').querySelectorAll('.card.sel')].map((c) => c.dataset.rank);
}

const playMove = (move) => act(async () => {
  st.game = await post(`/api/game/${st.game.id}/play`, { move });
  st.hint = null;
  $('bars').replaceChildren();
  $('readings').replaceChildren();
});

function play() {
  const sel = selected();
  if (!sel.length) { msg('select cards to play (click them), or pass', true); return; }
  playMove(canonical(sel));
}

function showReadings(readings) {
  const box = $('readings');
  box.replaceChildren(h('span', { class: 'small', text: 'play it as:' }));
  for (const r of readings) {
    const b = h('button', { text: typeName(r.split(':')[1]) });
    b.addEventListener('click', () => playMove(r));
    box.append(b);
  }
}

const hint = () => act(async () => {
  $('hint-info').textContent = 'thinking…';
  const d = await post(`/api/game/${st.game.id}/hint`, { budget_ms: 400 });
  st.hint = d;
  $('hint-info').textContent = t('{worlds} worlds in {ms} ms', { worlds: d.worlds.toLocaleString(), ms: Math.round(d.time_ms) });
  const bars = $('bars');
  bars.replaceChildren();
  d.candidates.slice(0, 12).forEach((c, i) => {
    const pct = c.win_rate == null ? 0 : c.win_rate * 100;
    const bar = h('div', { class: 'bar' + (i === 0 ? ' best' : ''), title: t('mean score {score}', { score: c.mean_score }) },
      h('span', { class: 'mvt', text: moveLabel(c.move) }),
      h('div', { class: 'track' }, h('div', { class: 'fill', style: `width:${pct.toFixed(1)}%` })),
      h('span', { class: 'pct', text: `${pct.toFixed(0)}%` }));
    bar.addEventListener('click', () => selectCards(c));
    bars.append(bar);
  });
  if (d.candidates.length) selectCards(d.candidates[0]);
});

function selectCards(c) {
  const want = counts(c.cards);
  for (const el of $('my-hand').querySelectorAll('.card')) {
    el.classList.remove('sel');
    if (want[el.dataset.rank]) { want[el.dataset.rank]--; el.classList.add('sel'); }
  }
  msg(c.move === 'pass' ? t('the engine would pass here') : t('selected {move} (win rate {pct}%)', { move: moveLabel(c.move), pct: (c.win_rate * 100).toFixed(0) }));
}

// ------------------------------------------------------------------ rendering

function seatLabel(p) {
  const g = st.game;
  const pl = g.players[p];
  if (g.phase === 'bidding') return t(pl.you ? 'You' : p === (g.position + 1) % 3 ? 'Engine (next)' : 'Engine (before you)');
  if (pl.you) return t('You');
  return t(pl.role !== 'landlord' && g.role !== 'landlord' ? 'Engine · your partner' : 'Engine');
}

function opp(el, p) {
  const g = st.game;
  const pl = g.players[p];
  el.replaceChildren();
  const landlord = pl.role === 'landlord';
  const av = h('div', { class: 'avatar' + (pl.role && !landlord ? ' farmer' : '') },
    pl.role ? (landlord ? '♚' : '♟') : '?', h('small', { text: pl.role ? word(ROLE[pl.role]) : t('pos {p}', { p }) }));
  const info = h('div', { class: 'info' });
  const bidOf = g.bids.find((b) => b.position === p);
  info.append(h('div', { class: 'nm', text: bidOf ? t('{who} · bid {bid}', { who: seatLabel(p), bid: bidOf.bid || word('pass') }) : seatLabel(p) }));
  if (pl.hand !== undefined) {
    const hand = h('div', { class: 'hand tight', style: '--card-w:34px;--card-h:48px' });
    hand.append(...cardEls(pl.hand, 'xs'));
    info.append(hand);
  } else {
    const backs = h('div', { class: 'backs' });
    for (let i = 0; i < Math.min(pl.cards_left, 20); i++) backs.append(backEl());
    backs.append(h('span', { class: 'count', text: String(pl.cards_left) }));
    info.append(backs);
  }
  const played = h('div', { class: 'played' });
  if (pl.last_play) showPlay(played, pl.last_play, 'sm');
  info.append(played);
  if (g.to_act != null && g.phase === 'play' && pl.seat === g.to_act) info.classList.add('tomove');
  el.append(av, info);
  el.classList.toggle('acting', g.phase === 'play' && pl.seat === g.to_act);
}

function render() {
  const g = st.game;
  const busy = st.busy;
  $('new-game').disabled = busy;
  if (!g) return;
  const you = g.position;
  opp($('opp-left'), (you + 2) % 3);
  opp($('opp-right'), (you + 1) % 3);
  // kitty
  const kitty = $('kitty');
  kitty.replaceChildren(h('span', { class: 'lbl', text: t('Kitty') }));
  if (g.kitty) kitty.append(...cardEls(g.kitty, 'sm'));
  else for (let i = 0; i < 3; i++) kitty.append(backEl('sm'));
  // bids
  const names = (p) => word(p === you ? 'you' : p === (you + 1) % 3 ? 'next' : 'before you');
  const bids = g.bids.map((b) => t('{who} {bid}', { who: names(b.position), bid: b.bid === 0 ? word('pass') : b.bid })).join(' · ');
  $('bidinfo').textContent = g.phase === 'bidding' ? (bids ? t('Bids: {bids}', { bids }) : t('Bidding: you may bid 1, 2 or 3, or pass'))
    : t('Bids: {bids} → landlord: {who} · base {base}', { bids: bids || '—', who: word(g.landlord_position === you ? 'you' : 'engine'), base: g.base });
  // my hand
  const mine = g.players[you];
  const hand = $('my-hand');
  const keep = new Set([...hand.querySelectorAll('.card.sel')].map((c) => `${c.dataset.rank}/${c.dataset.suit}`));
  hand.replaceChildren();
  const myTurn = g.phase === 'play' && g.your_turn && !busy;
  for (const c of cardEls(g.hand, '', 'button')) {
    if (keep.has(`${c.dataset.rank}/${c.dataset.suit}`) && g.phase === 'play') c.classList.add('sel');
    c.addEventListener('click', () => { if (g.phase === 'play') c.classList.toggle('sel'); });
    hand.append(c);
  }
  showPlay($('my-played'), mine.last_play || null, 'sm');
  // actions
  const bidBox = $('bid-actions');
  bidBox.hidden = g.phase !== 'bidding';
  bidBox.replaceChildren();
  if (g.phase === 'bidding') {
    for (const b of [0, 1, 2, 3]) {
      const btn = h('button', { class: b === 0 ? '' : 'primary', 'data-bid': b, text: b === 0 ? t('No bid') : t('{b} points', { b }) });
      btn.disabled = busy || !(g.legal_bids || []).includes(b) || g.to_bid !== you;
      btn.addEventListener('click', () => bid(b));
      bidBox.append(btn);
    }
  }
  $('play-actions').hidden = g.phase !== 'play';
  $('play').disabled = $('hint').disabled = $('clear-sel').disabled = !myTurn;
  $('pass').disabled = !myTurn || g.lead;
  // status
  const status = $('status');
  if (busy) status.textContent = t('The engine is thinking…');
  else if (g.phase === 'bidding') status.textContent = t('Your bid');
  else if (g.phase === 'play') {
    status.textContent = g.lead ? t('Your lead: play any combination') : t('Beat {move} — or pass', { move: moveLabel(g.beat) });
  } else status.textContent = '';
  status.classList.toggle('spin', busy);
  // banner
  const banner = $('banner');
  banner.hidden = g.phase !== 'over';
  if (g.phase === 'over') {
    const r = g.result;
    banner.classList.toggle('won', r.you_won);
    $('banner-title').textContent = t(r.you_won ? 'You win!' : 'The engine wins');
    $('banner-text').textContent = t('{side} went out first · multiplier {m}', { side: t(r.winner === 'landlord' ? 'The landlord' : 'The farmers'), m: r.multiplier })
      + (r.spring ? t(' (spring)') : '') + (r.anti_spring ? t(' (anti-spring)') : '')
      + t(' · your score {score}', { score: `${r.your_score > 0 ? '+' : ''}${r.your_score}` });
    const blob = new Blob([g.record + '\n'], { type: 'application/x-ndjson' });
    $('download').href = URL.createObjectURL(blob);
    countGame(g);
  }
  renderStats();
  // info and log
  $('game-info').replaceChildren(h('div', { text: g.phase === 'bidding' ? t('Bidding · seed {seed}', { seed: g.seed })
    : g.role === 'landlord' ? t('You are the landlord · base {base} · seed {seed}', { base: g.base, seed: g.seed })
      : t('You are the farmer ({seat}) · base {base} · seed {seed}', { seat: word(g.role.replace('landlord_', '')), base: g.base, seed: g.seed }) }));
  const log = $('log');
  log.replaceChildren();
  const seatName = (s) => {
    const p = g.players.find((x) => x.seat === s);
    return word(p.you ? 'you' : (p.role === 'landlord' ? 'landlord' : 'farmer'));
  };
  for (const e of g.history || []) {
    log.append(h('div', { class: 'e' }, h('span', { class: 's', text: seatName(e.seat) }), h('span', { class: 'mono', text: e.move === 'pass' ? word('pass') : e.move })));
  }
  log.scrollTop = log.scrollHeight;
}

/** The player's record over the games finished in this browser (localStorage), each game counted once. */
const STATS_KEY = 'ddz-play-stats';

function loadStats() {
  try {
    const s = JSON.parse(localStorage.getItem(STATS_KEY) || 'null');
    if (s && typeof s.games === 'number') return s;
  } catch (e) { /* a fresh record */ }
  return { games: 0, wins: 0, landlordGames: 0, landlordWins: 0, farmerGames: 0, farmerWins: 0, points: 0, counted: [] };
}

function countGame(g) {
  const s = loadStats();
  const id = `${g.id}:${g.seed}`;
  if (s.counted.includes(id)) return;
  const won = !!g.result.you_won;
  s.games++;
  s.wins += won ? 1 : 0;
  if (g.role === 'landlord') { s.landlordGames++; s.landlordWins += won ? 1 : 0; } else { s.farmerGames++; s.farmerWins += won ? 1 : 0; }
  s.points += g.result.your_score;
  s.counted = [...s.counted.slice(-199), id];
  try { localStorage.setItem(STATS_KEY, JSON.stringify(s)); } catch (e) { /* private mode: not kept */ }
}

function renderStats() {
  const s = loadStats();
  const pct = (w, n) => (n ? t('{w} of {n} ({pct}%)', { w, n, pct: Math.round((100 * w) / n) }) : t('none yet'));
  $('stats').replaceChildren(s.games === 0 ? h('span', { class: 'muted', text: 'no finished game yet' })
    : h('div', {},
      h('div', { text: t('Games {n} · won {won}', { n: s.games, won: pct(s.wins, s.games) }) }),
      h('div', { text: t('as landlord: won {won}', { won: pct(s.landlordWins, s.landlordGames) }) }),
      h('div', { text: t('as farmer: won {won}', { won: pct(s.farmerWins, s.farmerGames) }) }),
      h('div', { text: t('points {p} ({avg} a game)', { p: `${s.points > 0 ? '+' : ''}${s.points}`, avg: (s.points / s.games).toFixed(2) }) })));
}

function toReplay() {
  sessionStorage.setItem('ddz-replay', st.game.record + '\n');
  location.href = '/replay?from=play';
}

async function init() {
  showVersion();
  $('new-game').addEventListener('click', newGame);
  $('again').addEventListener('click', newGame);
  $('play').addEventListener('click', play);
  $('pass').addEventListener('click', () => playMove('pass'));
  $('hint').addEventListener('click', hint);
  $('clear-sel').addEventListener('click', () => { for (const c of $('my-hand').querySelectorAll('.sel')) c.classList.remove('sel'); });
  $('to-replay').addEventListener('click', toReplay);
  $('stats-reset').addEventListener('click', () => {
    try { localStorage.removeItem(STATS_KEY); } catch (e) { /* nothing kept */ }
    renderStats();
  });
  renderStats();
  const budget = new URLSearchParams(location.search).get('budget');
  if (budget) {
    const sel = $('budget');
    if (![...sel.options].some((o) => o.value === budget)) sel.append(h('option', { value: budget, text: t('{ms} ms', { ms: budget }) }));
    sel.value = budget;
  }
  const id = new URLSearchParams(location.search).get('game');
  if (id) {
    try { st.game = await get(`/api/game/${id}`); render(); return; } catch (e) { /* a new one */ }
  }
  newGame();
}

init();
