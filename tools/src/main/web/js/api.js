// The JSON API (docs/web.md): every call resolves to the answer object or throws an Error whose
// message is the server's one-line reason (in the page's language where it is known: i18n.js).
import { errorText } from './i18n.js';

export class ApiError extends Error {
  constructor(status, body) {
    super(errorText(body && body.error ? body.error : `HTTP ${status}`));
    this.status = status;
    this.body = body || {};
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let json = null;
  try { json = await res.json(); } catch (e) { json = null; }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

export const post = (path, body = {}) => call('POST', path, body);
export const get = (path) => call('GET', path);

/** Shows the server's version in the header. */
export async function showVersion() {
  const el = document.querySelector('.top .ver');
  if (!el) return;
  try {
    const info = await get('/api/info');
    el.textContent = `ddz-engine ${info.version}`;
  } catch (e) { /* the page works without it */ }
}

/**
 * Reads the file a person picks in `input` or drops on `drop` (highlighted while one is over it)
 * and hands its text and name to `load`.
 */
export function onFile(input, drop, load) {
  input.addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) load(await file.text(), file.name);
  });
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', async (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer.files[0];
    if (file) load(await file.text(), file.name);
  });
}
