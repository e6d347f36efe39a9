import { h } from './dom.js';
import { EditorView } from './editor.js';
import { PlayView } from './playView.js';
import { ReplayView } from './replayView.js';

/**
 * The page's routes, in the URL's hash so every view can be linked and
 * survives a reload: #/edit?p=<position>, #/play, #/play/<game>,
 * #/replay, #/replay/<game> (docs/web.md).
 */
const app = document.getElementById('app')!;
const nav = h(
  'nav',
  { class: 'tabs', 'aria-label': 'views' },
  h('a', { href: '#/edit', 'data-tab': 'edit' }, 'Position & suggestions'),
  h('a', { href: '#/play', 'data-tab': 'play' }, 'Play the bot'),
  h('a', { href: '#/replay', 'data-tab': 'replay' }, 'Replays'),
);
const main = h('main', {});
app.replaceChildren(h('header', {}, h('h1', {}, 'pool8'), nav), main);

let shown = '';
function route(): void {
  const hash = location.hash || '#/edit';
  const [path = '', query = ''] = hash.slice(1).split('?');
  const [, view = 'edit', id = null] = path.split('/');
  // The editor writes its position into the hash on every change; that is not a new route.
  const key = view === 'edit' ? 'edit' : `${view}/${id ?? ''}`;
  if (key === shown) return;
  shown = key;
  for (const a of nav.querySelectorAll('a'))
    a.toggleAttribute('aria-current', a.getAttribute('data-tab') === view);
  const p = new URLSearchParams(query).get('p');
  const v =
    view === 'play' ? new PlayView(id) : view === 'replay' ? new ReplayView(id) : new EditorView(p);
  main.replaceChildren(v.root);
  document.title = `pool8 · ${view === 'play' ? 'play' : view === 'replay' ? 'replay' : 'position'}`;
}
window.addEventListener('hashchange', route);
route();
