// Cards: ranks, suits (cosmetic: Dou Dizhu ignores them) and their pictures, drawn with CSS and SVG.
import { typeName, word } from './i18n.js';

/** The ranks in order, one character each, as the engine writes them. */
export const RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', 'X', 'D'];
const SUITS = ['♠', '♥', '♣', '♦'];
const LABEL = { T: '10', X: 'JOKER', D: 'JOKER' };

/** The ranks of a canonical card string ("33TXD") as an array. */
export function ranksOf(cards) {
  return [...(cards || '')].filter((c) => RANKS.includes(c));
}

/** Rank counts of a card string: {rank: n}. */
export function counts(cards) {
  const m = {};
  for (const r of ranksOf(cards)) m[r] = (m[r] || 0) + 1;
  return m;
}

/** Sorts ranks low to high. */
export function sortRanks(ranks) {
  return [...ranks].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
}

/** The canonical string of rank list. */
export function canonical(ranks) {
  return sortRanks(ranks).join('');
}

/** Cards of `a` without those of `b` (multisets). */
export function minus(a, b) {
  const left = counts(b);
  const out = [];
  for (const r of ranksOf(a)) {
    if (left[r]) left[r]--; else out.push(r);
  }
  return out.join('');
}

/** A move as a person reads it: 10 for T, the rocket named, the type of an ambiguous move in words. */
export function moveLabel(move) {
  if (!move || move === 'pass') return word('pass');
  const [cards, type] = move.split(':');
  const text = ranksOf(cards).map((r) => (r === 'T' ? '10' : r)).join('');
  if (text === 'XD') return `XD (${typeName('rocket')})`;
  return type ? `${text} (${typeName(type)})` : text;
}

const JOKER_SVG = '<svg viewBox="0 0 40 40" aria-hidden="true"><path d="M20 3l4.6 10.2 11 1.1-8.3 7.4 2.4 10.9L20 27l-9.7 5.6 2.4-10.9-8.3-7.4 11-1.1z" fill="currentColor"/><circle cx="20" cy="19" r="3.2" fill="#fff"/></svg>';

/**
 * A card element. `rank` one of RANKS; `suit` 0..3 (ignored for jokers); `size` '' | 'sm' | 'xs';
 * `tag` 'div' or 'button' (clickable).
 */
export function cardEl(rank, suit = 0, size = '', tag = 'div') {
  const el = document.createElement(tag);
  el.className = 'card' + (size ? ' ' + size : '');
  el.dataset.rank = rank;
  el.dataset.suit = String(suit);
  if (tag === 'button') el.type = 'button';
  if (rank === 'X' || rank === 'D') {
    el.classList.add('joker', rank === 'D' ? 'big' : 'small');
    el.innerHTML = `<span class="jk">JOKER</span><span class="pip">${JOKER_SVG}</span>`;
    el.title = rank === 'D' ? 'big joker (D)' : 'small joker (X)';
    return el;
  }
  const s = SUITS[suit % 4];
  if (suit % 2 === 1) el.classList.add('red');
  const label = LABEL[rank] || rank;
  const face = rank === 'J' || rank === 'Q' || rank === 'K';
  const pip = face ? `<span class="court">${label}</span>` : s;
  if (face) el.classList.add('face');
  el.innerHTML = `<span class="ix">${label}<small>${s}</small></span><span class="pip">${pip}</span>`
    + `<span class="ix b">${label}<small>${s}</small></span>`;
  el.title = `${label}${s}`;
  return el;
}

/** A face-down card. */
export function backEl(size = '') {
  const el = document.createElement('div');
  el.className = 'card back' + (size ? ' ' + size : '');
  return el;
}

/**
 * Card elements for a card string; suits go by occurrence (the first 3 is a spade, the second a
 * heart...), offset by `suitBase` so that two hands of the same rank differ.
 */
export function cardEls(cards, size = '', tag = 'div', suitBase = 0) {
  const seen = {};
  return ranksOf(cards).map((r) => {
    const k = seen[r] || 0;
    seen[r] = k + 1;
    return cardEl(r, (k + suitBase) % 4, size, tag);
  });
}

/** Fills `box` with the cards of a move (or "PASS"). */
export function showPlay(box, move, size = 'sm') {
  box.replaceChildren();
  if (move == null) return;
  const cards = typeof move === 'string' ? move : move.cards;
  const pass = typeof move === 'string' ? move === 'pass' : move.move === 'pass';
  if (pass) {
    const p = document.createElement('span');
    p.className = 'pass';
    p.textContent = 'PASS';
    box.append(p);
    return;
  }
  box.append(...cardEls(cards.split(':')[0], size));
}

/** An element with children. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c != null) el.append(c);
  return el;
}
