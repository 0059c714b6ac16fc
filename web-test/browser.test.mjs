// Browser test of `ddz web`: Debian's chromium (/usr/bin/chromium, never a downloaded browser)
// driven by playwright-core. Starts the server from tools/target/ddz.jar on a free port (killed at
// the end, whatever happens), loads each page, enters WeChat level 50 by clicking cards, solves it,
// steps through the line, plays it out, plays a game against the engine to the end, opens a replay,
// runs a match report; a screenshot of each page goes to target/web-test/.
//
// Run: (cd web-test && npm ci && node --test browser.test.mjs), after `mvn -B package` built the jar.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const jar = join(root, 'tools', 'target', 'ddz.jar');
const out = join(root, 'target', 'web-test');
const chrome = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server;
let base;
let context;
let page;
let profile;
const errors = [];

function stopServer() {
  if (server && server.exitCode === null && !server.killed) {
    server.kill('SIGTERM');
    const s = server;
    setTimeout(() => { if (s.exitCode === null) s.kill('SIGKILL'); }, 5000).unref();
  }
}
process.on('exit', stopServer);
process.on('SIGINT', () => { stopServer(); process.exit(130); });
process.on('SIGTERM', () => { stopServer(); process.exit(143); });

before(async () => {
  assert.ok(existsSync(jar), `build the jar first: ${jar} is missing (mvn -B -DskipTests package -pl tools -am)`);
  assert.ok(existsSync(chrome), `${chrome} is missing (apt-get install -y chromium)`);
  mkdirSync(out, { recursive: true });
  // a record file to replay, and a match report written by the command line
  execFileSync('java', ['-jar', jar, 'play', '--a', 'rule', '--b', 'greedy', '--deals', '2', '--seed', '3', '--threads', '1',
    '--out', join(out, 'games.jsonl')], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('java', ['-jar', jar, 'play', '--a', 'greedy', '--b', 'rule', '--deals', '300', '--seed', '1', '--threads', '1',
    '--report', join(out, 'report.html')], { stdio: ['ignore', 'ignore', 'inherit'] });
  // a ladder's JSON for the ladder page
  writeFileSync(join(out, 'ladder.json'), execFileSync('java', ['-jar', jar, 'ladder', '--a', 'rule', '--b', 'random', '--b', 'greedy',
    '--deals', '40', '--seed', '2', '--threads', '1', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] }));
  server = spawn('java', ['-jar', jar, 'web', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((res, rej) => {
    let text = '';
    const timer = setTimeout(() => rej(new Error(`no address from ddz web after 60 s: ${text}`)), 60000);
    server.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/serving (http:\/\/[^\s]+\/)/);
      if (m) { clearTimeout(timer); res(m[1]); }
    });
    server.on('exit', (code) => { clearTimeout(timer); rej(new Error(`ddz web exited with ${code}: ${text}`)); });
  });
  profile = mkdtempSync(join(tmpdir(), 'ddz-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chrome, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(60000);
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(`console: ${m.text()}`); });
});

after(async () => {
  try { if (context) await context.close(); } finally {
    stopServer();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
});

const shot = (name) => page.screenshot({ path: join(out, `${name}.png`), fullPage: true });

test('home page links the four pages', { timeout: 60000 }, async () => {
  await page.goto(base);
  assert.equal(await page.locator('.tile').count(), 4);
  await shot('home');
  assert.deepEqual(errors, []);
});

test('puzzle: level 50 entered by clicking cards, solved, stepped through, played out', { timeout: 120000 }, async () => {
  await page.goto(`${base}puzzle`);
  const used = {};
  const click = async (cards) => {
    for (const r of cards) {
      const s = used[r] || 0;
      used[r] = s + 1;
      await page.click(`#deck .card[data-rank="${r}"][data-suit="${s}"]`);
    }
  };
  await click('448999TJJQQAD');
  await page.click('.seatbox[data-seat="1"] .name');
  await click('336688TAA22X');
  assert.equal(await page.textContent('#pos-text'), '448999TJJQQAD/336688TAA22X 0');
  await page.click('#solve');
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#verdict'), /Landlord wins/);
  const chips = page.locator('#winning-moves .chip');
  assert.equal(await chips.count(), 1, 'one winning move');
  assert.equal(await chips.first().getAttribute('data-move'), '8');
  // step through the line card by card to its end
  let steps = 0;
  await page.click('#next');
  steps++;
  assert.match(await page.textContent('#status'), /Landlord plays 8/);
  await page.click('#next');
  steps++;
  await shot('puzzle');
  while (!(await page.isDisabled('#next'))) {
    await page.click('#next');
    steps++;
    assert.ok(steps < 100);
  }
  assert.match(await page.textContent('#status'), /^Landlord out — Landlord wins/);
  assert.match(await page.textContent('#where'), new RegExp(`Move ${steps} of ${steps}`));
  // play it out as the landlord: the hint's winning move keeps the win
  await page.click('#playout');
  await page.waitForSelector('#player:not([hidden])');
  await page.waitForFunction(() => /Your move/.test(document.getElementById('status').textContent));
  await page.click('#hint');
  assert.match(await page.textContent('#play-msg'), /winning moves: 8/);
  await page.click('#play-sel');
  await page.waitForFunction(() => /keeps the forced win/.test(document.getElementById('linebox').textContent));
  assert.match(await page.textContent('#linebox'), /the engine \(farmer\)/);
  await shot('puzzle-playout');
  assert.deepEqual(errors, []);
});

test('play: a whole game against the engine, bidding included', { timeout: 150000 }, async () => {
  await page.goto(`${base}play?seed=5&budget=30`);
  const ready = () => page.waitForFunction(() => !document.getElementById('banner').hidden
    || [...document.querySelectorAll('#bid-actions button')].some((b) => !b.disabled)
    || !document.getElementById('play').disabled);
  await ready();
  if (await page.isVisible('#bid-actions')) {
    await shot('play-bidding');
    await page.click('#bid-actions button[data-bid="0"]');
  }
  let hinted = false;
  for (let i = 0; i < 80; i++) {
    await ready();
    if (await page.isVisible('#banner')) break;
    if (!hinted) {
      await page.click('#hint');
      await page.waitForFunction(() => document.querySelectorAll('#bars .bar').length > 0);
      hinted = true;
      await shot('play');
    }
    if (!(await page.isDisabled('#pass'))) await page.click('#pass');
    else {
      await page.click('#my-hand .card');
      await page.click('#play');
    }
  }
  assert.ok(await page.isVisible('#banner'), 'the game ended');
  assert.match(await page.textContent('#banner-title'), /You win|The engine wins/);
  assert.match(await page.textContent('#stats'), /Games 1 · won/, 'the session record counts the game');
  await page.reload();
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#stats'), /Games 1 · won/, 'counted once, kept by the browser');
  await shot('play-end');
  assert.deepEqual(errors, []);
});

test('replay: a record file opened, stepped through, each play analysed', { timeout: 90000 }, async () => {
  await page.goto(`${base}replay`);
  await page.setInputFiles('#file', join(out, 'games.jsonl'));
  await page.waitForSelector('#replay:not([hidden])');
  assert.match(await page.textContent('#msg'), /4 games, all valid/);
  for (let i = 0; i < 7; i++) await page.click('#next');
  await page.waitForFunction(() => /engine win rate|only sensible move/.test(document.getElementById('verdict').textContent));
  assert.ok(await page.locator('#bars .bar').count() >= 1);
  await shot('replay');
  await page.click('#last');
  assert.match(await page.textContent('#status'), /out — (Landlord wins|Farmers win)/);
  assert.deepEqual(errors, []);
});

test('replay: the open-hand verdict beside the win rate, blunders marked on the timeline', { timeout: 120000 }, async () => {
  await page.goto(`${base}replay`);
  await page.setInputFiles('#file', join(out, 'games.jsonl'));
  await page.waitForSelector('#replay:not([hidden])');
  assert.match(await page.textContent('#explain'), /Open-hand verdict/);
  // find a game with a blunder (ddz analyze's verdicts): rule and greedy make some in four games
  let marked = 0;
  const games = await page.locator('#game-pick option').count();
  for (let g = 0; g < games && marked === 0; g++) {
    await page.selectOption('#game-pick', String(g));
    await page.waitForFunction(() => document.getElementById('chart').dataset.blunders !== '', null, { timeout: 60000 });
    marked = +(await page.getAttribute('#chart', 'data-blunders'));
    assert.equal(await page.locator('#chart .blunder-mark').count(), marked);
  }
  assert.ok(marked > 0, 'a blunder in one of the games');
  await page.locator('#chart .blunder-mark').first().click();
  await page.waitForSelector('#openhand [data-verdict="blunder"]');
  assert.match(await page.textContent('#openhand'), /blunder: won before the play, lost after it/);
  await page.waitForFunction(() => /engine win rate|only sensible move/.test(document.getElementById('verdict').textContent));
  await shot('replay-blunder');
  await page.click('#first');
  await page.click('#next');
  assert.match(await page.textContent('#openhand'), /Open-hand verdict: (not judged|✓|the mover|unknown|blunder|won before)/);
  assert.deepEqual(errors, []);
});

test('match report: a match run from the page, and the file of ddz play --report', { timeout: 90000 }, async () => {
  await page.goto(`${base}report`);
  await page.fill('#deals', '100');
  await page.click('#run');
  await page.waitForSelector('#out svg.wp-plot');
  assert.equal(await page.locator('#out svg').count(), 3);
  await shot('report');
  await page.goto(`file://${join(out, 'report.html')}`);
  assert.equal(await page.locator('svg').count(), 3);
  assert.match(await page.textContent('h1'), /greedy vs rule/);
  await shot('report-file');
  assert.deepEqual(errors, []);
});

test('replay: autoplay to the end, paused by a key, hands as one seat sees them', { timeout: 90000 }, async () => {
  await page.goto(`${base}replay`);
  await page.setInputFiles('#file', join(out, 'games.jsonl'));
  await page.waitForSelector('#replay:not([hidden])');
  await page.selectOption('#view', '0');
  const seat = (s) => page.locator(`#seat-rows .seat:nth-child(${s + 1}) .hand .card`);
  assert.ok(await seat(1).count() > 0);
  assert.equal(await seat(1).count(), await page.locator('#seat-rows .seat:nth-child(2) .hand .card.back').count(),
    "down's cards are face down in the landlord's view");
  assert.equal(await page.locator('#seat-rows .seat:nth-child(1) .hand .card.back').count(), 0);
  await page.selectOption('#speed', '350');
  await page.click('#auto');
  await page.waitForFunction(() => /^play [1-9]/.test(document.getElementById('where').textContent));
  await page.keyboard.press('Space'); // focus is on the button: it clicks itself, pausing
  const paused = await page.textContent('#where');
  await page.waitForTimeout(900);
  assert.equal(await page.textContent('#where'), paused, 'paused');
  await page.click('#auto');
  await page.waitForFunction(() => /out — /.test(document.getElementById('status').textContent), null, { timeout: 60000 });
  assert.equal(await page.textContent('#auto'), '▶', 'stopped at the end');
  const [k, n] = (await page.textContent('#where')).match(/\d+/g);
  assert.equal(k, n);
  await shot('replay-autoplay');
  await page.selectOption('#view', 'all');
  assert.equal(await page.locator('#seat-rows .hand .card.back').count(), 0);
  assert.deepEqual(errors, []);
});

test('ladder: the JSON of ddz ladder shown with each baseline\'s intervals', { timeout: 60000 }, async () => {
  await page.goto(`${base}ladder`);
  await page.setInputFiles('#file', join(out, 'ladder.json'));
  await page.waitForSelector('table.ladder');
  assert.match(await page.textContent('#msg'), /1 ladder/);
  const rows = page.locator('table.ladder tbody tr');
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.nth(0).locator('td').first().textContent(), 'random');
  assert.match(await rows.nth(1).locator('td').nth(1).textContent(), /^0\.\d{4}$/);
  assert.equal(await page.locator('table.ladder svg.ci').count(), 4);
  await shot('ladder');
  await page.setInputFiles('#file', join(out, 'games.jsonl'));
  await page.waitForFunction(() => document.getElementById('msg').classList.contains('err'));
  assert.match(await page.textContent('#msg'), /not the output of ddz ladder --json/);
  assert.deepEqual(errors, []);
});

/**
 * The visible text (and placeholders and titles) of the page that is in the other language than
 * `lang`: in English any Chinese character; in Chinese any Latin word but card ranks, agent specs,
 * file names and the pieces of notation. The language switch, code samples, card faces and the
 * version are left out.
 */
function otherLanguage(p, lang) {
  return p.evaluate((lang) => {
    const skip = 'code, .card, .lang-switch, .ver, script, style, .mono';
    const ALLOWED = new Set(['ddz', 'rule', 'greedy', 'random', 'mc', 'oracle', 'net', 'exec', 'budget', 'worlds', 'effort',
      'douzero', 'rlcard', 'botzone', 'v1', 'v2', 'B', 'vs', 'HTTP', 'JSON']);
    const bad = [];
    const check = (text, where) => {
      if (lang === 'en') {
        if (/[\u3400-\u9fff]/.test(text)) bad.push(`${where}: ${text.trim()}`);
        return;
      }
      const words = text.replace(/\S+\.(jsonl|json|txt|gz)\b/g, ' ').match(/[A-Za-z][A-Za-z0-9-]*/g) || [];
      const foreign = words.filter((w) => !ALLOWED.has(w) && !/^[TJQKAXD]+$/.test(w) && !/^(mc|rule)-/.test(w));
      if (foreign.length) bad.push(`${where}: ${text.trim()} [${foreign.join(' ')}]`);
    };
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el && !el.closest(skip) && visible(el) && n.data.trim()) check(n.data, el.id || el.tagName.toLowerCase());
    }
    for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (el.closest(skip) || !visible(el)) continue;
      for (const a of ['placeholder', 'title', 'aria-label']) if (el.getAttribute(a)) check(el.getAttribute(a), `${el.id || el.tagName.toLowerCase()}@${a}`);
    }
    check(document.title, 'title');
    return bad;
  }, lang);
}

test('中文: the switch shows every page in Chinese, remembered by the browser, and back', { timeout: 240000 }, async () => {
  const p = await context.newPage();
  p.setDefaultTimeout(60000);
  p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const found = [];
  const clean = async (what, lang = 'zh') => { for (const b of await otherLanguage(p, lang)) found.push(`${what} (${lang}): ${b}`); };
  try {
    await p.goto(base);
    await clean('home', 'en');
    await p.click('#lang-switch');
    await p.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.equal(await p.textContent('#lang-switch'), 'English');
    await clean('home');
    // a puzzle solved, stepped and played out
    await p.goto(`${base}puzzle`);
    await clean('puzzle');
    await p.click('#example');
    await p.waitForFunction(() => document.getElementById('pos-text').textContent.startsWith('448999'));
    await p.click('#solve');
    await p.waitForSelector('#result:not([hidden])');
    assert.match(await p.textContent('#verdict'), /地主胜/);
    for (let i = 0; i < 3; i++) await p.click('#next');
    await clean('puzzle, solved');
    await p.click('#playout');
    await p.waitForSelector('#player:not([hidden])');
    await p.click('#hint');
    await clean('puzzle, played out');
    await p.fill('#hand0', '333333');
    await p.press('#hand0', 'Enter');
    await p.waitForFunction(() => document.getElementById('msg').classList.contains('err'));
    assert.match(await p.textContent('#msg'), /地主：牌有误/);
    await clean('puzzle, a bad hand');
    // a game against the engine: bidding, then a hint
    await p.goto(`${base}play?seed=5&budget=30`);
    await p.waitForFunction(() => document.querySelectorAll('#my-hand .card').length >= 17);
    await clean('play, bidding');
    for (let i = 0; i < 40 && await p.evaluate(() => !document.getElementById('bid-actions').hidden); i++) {
      const bid = p.locator('#bid-actions button:not([disabled])').last();
      if (await bid.count()) await bid.click(); else await p.waitForTimeout(100);
    }
    await p.waitForFunction(() => !document.getElementById('play-actions').hidden && !document.getElementById('hint').disabled);
    await p.click('#hint');
    await p.waitForSelector('#bars .bar');
    await clean('play, a hint');
    // a replay analysed, a match report, a ladder
    await p.goto(`${base}replay`);
    await p.setInputFiles('#file', join(out, 'games.jsonl'));
    await p.waitForSelector('#replay:not([hidden])');
    for (let i = 0; i < 7; i++) await p.click('#next');
    await p.waitForFunction(() => document.getElementById('chart').dataset.blunders !== '', null, { timeout: 60000 });
    await p.waitForFunction(() => /第 7 手/.test(document.getElementById('verdict').textContent) && !document.getElementById('verdict').classList.contains('spin'));
    await clean('replay');
    await p.click('#last');
    await clean('replay, the end');
    await p.screenshot({ path: join(out, 'zh-replay.png'), fullPage: true });
    await p.goto(`${base}report`);
    await p.fill('#deals', '50');
    await p.click('#run');
    await p.waitForSelector('#out svg.wp-plot');
    await clean('report');
    await p.goto(`${base}ladder`);
    await p.setInputFiles('#file', join(out, 'ladder.json'));
    await p.waitForSelector('table.ladder');
    await clean('ladder');
    // and back to English, remembered too
    await p.click('#lang-switch');
    await p.waitForFunction(() => document.documentElement.lang === 'en');
    await p.goto(`${base}replay`);
    await p.setInputFiles('#file', join(out, 'games.jsonl'));
    await p.waitForSelector('#replay:not([hidden])');
    for (let i = 0; i < 3; i++) await p.click('#next');
    await clean('replay', 'en');
    for (const path of ['puzzle', 'play', 'report', 'ladder']) {
      await p.goto(base + path);
      await clean(path, 'en');
    }
  } finally {
    await p.close();
  }
  assert.deepEqual(found, [], 'text of the other language');
  assert.deepEqual(errors, []);
});

for (const [w, hgt] of [[390, 844], [360, 740]]) {
  test(`a ${w} px phone: no page is wider than the screen`, { timeout: 120000 }, async () => {
    const p = await context.newPage(); // the persistent context's pages: the phone's width, no rescaling
    await p.setViewportSize({ width: w, height: hgt });
    p.setDefaultTimeout(60000);
    p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    const fits = async (what) => {
      const m = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
        wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
          && getComputedStyle(e).visibility !== 'hidden').slice(0, 3).map((e) => `${e.tagName}.${e.className}`) }));
      assert.equal(m.inner, w, `${what}: the layout viewport is the screen`);
      assert.ok(m.scroll <= w, `${what}: ${m.scroll} px wide on a ${w} px screen (${m.wide.join(', ')})`);
    };
    try {
      for (const path of ['', 'puzzle', 'report', 'ladder']) {
        await p.goto(base + path);
        await fits(path || 'home');
      }
      await p.goto(`${base}play?seed=5&budget=30`);
      await p.waitForFunction(() => document.querySelectorAll('#my-hand .card').length >= 17);
      await fits('play');
      if (w === 390) await p.screenshot({ path: join(out, 'phone-play.png'), fullPage: true });
      await p.goto(`${base}replay`);
      await p.setInputFiles('#file', join(out, 'games.jsonl'));
      await p.waitForSelector('#replay:not([hidden])');
      await fits('replay, 20-card landlord hand');
      for (let i = 0; i < 5; i++) await p.click('#next');
      await fits('replay, after five plays');
      if (w === 390) await p.screenshot({ path: join(out, 'phone-replay.png'), fullPage: true });
      // the open-hand verdict and the blunder marks: a finger finds a mark and the verdict fits
      let marked = 0;
      const games = await p.locator('#game-pick option').count();
      for (let g = 0; g < games && marked === 0; g++) {
        await p.selectOption('#game-pick', String(g));
        await p.waitForFunction(() => document.getElementById('chart').dataset.blunders !== '', null, { timeout: 60000 });
        marked = +(await p.getAttribute('#chart', 'data-blunders'));
      }
      assert.ok(marked > 0, 'a blunder in one of the games');
      await p.locator('#chart .blunder-mark').first().click();
      await p.waitForSelector('#openhand [data-verdict="blunder"]');
      await fits('replay, a blunder shown');
      // the same pages in Chinese, switched by a tap, fit too
      await p.locator('#lang-switch').click();
      await p.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      await p.setInputFiles('#file', join(out, 'games.jsonl'));
      await p.waitForSelector('#replay:not([hidden])');
      for (let i = 0; i < 5; i++) await p.click('#next');
      await fits('replay in Chinese');
      if (w === 390) await p.screenshot({ path: join(out, 'phone-replay-zh.png'), fullPage: true });
      await p.goto(`${base}play?seed=5&budget=30`);
      await p.waitForFunction(() => document.querySelectorAll('#my-hand .card').length >= 17);
      await fits('play in Chinese');
      await p.locator('#lang-switch').click();
      await p.waitForFunction(() => document.documentElement.lang === 'en');
    } finally {
      await p.close();
    }
    assert.deepEqual(errors, []);
  });
}
