// Landing page: a few cards for decoration.
import { cardEls } from './cards.js';
import { showVersion } from './api.js';

showVersion();
document.getElementById('hero-hand').append(...cardEls('89TJQKA2XD', '', 'div', 1));
const fans = { 'fan-puzzle': '448999', 'fan-play': '3456777', 'fan-replay': 'TJQKA', 'fan-report': '2222' };
for (const [id, cards] of Object.entries(fans)) document.getElementById(id).append(...cardEls(cards, 'sm'));
