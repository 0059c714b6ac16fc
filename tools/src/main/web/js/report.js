// Match report page: runs /api/match and shows the report's figures and plots (SVG drawn by the server).
import { post, showVersion } from './api.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function cli() {
  const parts = ['ddz play', '--a', $('a').value.trim(), '--b', $('b').value.trim(), '--deals', $('deals').value, '--seed', $('seed').value];
  if ($('bidding').checked) parts.push('--bidding');
  parts.push('--report', 'report.html');
  $('cli').textContent = parts.join(' ');
}

async function run() {
  const btn = $('run');
  const m = $('msg');
  btn.disabled = true;
  btn.classList.add('spin');
  m.className = 'msg';
  m.textContent = 'playing…';
  try {
    const r = await post('/api/match', {
      a: $('a').value.trim(), b: $('b').value.trim(), deals: +$('deals').value, seed: +$('seed').value, bidding: $('bidding').checked,
    });
    $('out').innerHTML = `<div class="ddz-report">${r.report_html}</div>`;
    m.className = 'msg ok';
    m.textContent = t('{deals} deals in {s} s', { deals: r.deals.toLocaleString(), s: r.seconds.toFixed(1) })
      + (r.stopped_by_clock ? t(' (stopped by the clock: {asked} asked)', { asked: r.deals_asked }) : '');
  } catch (e) {
    m.className = 'msg err';
    m.textContent = e.message;
  } finally {
    btn.disabled = false;
    btn.classList.remove('spin');
  }
}

showVersion();
for (const id of ['a', 'b', 'deals', 'seed', 'bidding']) $(id).addEventListener('input', cli);
$('run').addEventListener('click', run);
cli();
