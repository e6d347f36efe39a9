import type { FrameState } from '../../engine/state.js';
import { Animator } from './animator.js';
import { ApiError, api } from './api.js';
import { Board } from './board.js';
import { h, select } from './dom.js';
import { strokeMotion } from './motion.js';
import { knownGames } from './playView.js';
import {
  type FileRecord,
  type Replay,
  recordsOfFile,
  replayOfPositions,
  replayOfRecord,
  type Step,
} from './replaySteps.js';
import { verdictText } from './rulesText.js';

/**
 * Replays (docs/web.md "Replay"): a game from the service (#/replay/<id>)
 * or a record file dropped on the page (`pool8 play --out`; a file of
 * several, `match --out`, lists them to choose from), stepped or
 * played shot by shot, each stroke animated from the simulator's trace.
 * Keys: → next, ← back, Home / End, Space play or pause; every shot is
 * also a line of text in the list beside the table.
 */
export class ReplayView {
  readonly root: HTMLElement;
  private board: Board | null = null;
  private animator: Animator | null = null;
  private replay: Replay | null = null;
  /** The last step shown (its `after`); −1 is the position before the first. */
  private at = -1;
  private playing = false;
  private readonly status = h('p', { class: 'status', role: 'status' });
  private readonly list = h('ol', { class: 'steps' });
  private readonly counter = h('span', { class: 'counter', 'aria-live': 'polite' });
  /** The record file opened, when the replay came from one. */
  private file: { name: string; records: readonly FileRecord[] } | null = null;

  constructor(id: string | null) {
    this.root = h('section', { class: 'view replay', 'data-view': 'replay', tabindex: '-1' });
    this.root.addEventListener('keydown', (ev) => this.key(ev));
    if (id) void this.loadGame(id);
    else void this.showPicker();
  }

  private say(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  private async showPicker(): Promise<void> {
    const input = h('input', {
      type: 'file',
      accept: '.json,.jsonl,application/json',
      'aria-label': 'open a game record file',
      onchange: (ev: Event) => {
        const f = (ev.target as HTMLInputElement).files?.[0];
        if (f) void this.loadFile(f);
      },
    });
    const drop = h(
      'div',
      { class: 'drop', 'data-drop': 'record' },
      'Drop a game record here (pool8 play --out, match --out), or ',
      input,
    );
    drop.addEventListener('dragover', (ev) => {
      ev.preventDefault();
      drop.classList.add('over');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (ev) => {
      ev.preventDefault();
      drop.classList.remove('over');
      const f = ev.dataTransfer?.files[0];
      if (f) void this.loadFile(f);
    });
    const games = h('ul', { class: 'games' });
    this.root.replaceChildren(
      h(
        'div',
        { class: 'start' },
        h('h2', {}, 'Replays'),
        drop,
        this.status,
        h('h3', {}, 'Games on this service'),
        games,
      ),
    );
    const mine = new Set(knownGames());
    try {
      const { games: list } = await api.games(50);
      if (list.length === 0) games.append(h('li', {}, 'No games yet.'));
      for (const g of list)
        games.append(
          h(
            'li',
            { 'data-game': g.id },
            h(
              'a',
              { href: `#/replay/${g.id}` },
              `${g.updated.replace('T', ' ').slice(0, 19)} · ${g.setup.table} · ${g.shotCount} shots · ${g.result ? `player ${g.result.winner} won (${g.result.reason})` : g.phase}`,
            ),
            mine.has(g.id) ? ' (yours)' : '',
          ),
        );
    } catch (e) {
      games.append(h('li', {}, e instanceof ApiError ? e.describe() : String(e)));
    }
  }

  private async loadFile(f: File): Promise<void> {
    const records = recordsOfFile(await f.text());
    const readable = records.filter((r) => r.ok);
    if (readable.length === 0)
      return this.say(
        records.length === 0
          ? `${f.name} holds no record.`
          : `${f.name}: ${records.map((r) => r.summary).join('; ')}`,
        true,
      );
    this.file = { name: f.name, records };
    if (records.length === 1) this.openRecord(0);
    else this.showRecords();
  }

  /** A file of several records (match --out): one line each, to choose from. */
  private showRecords(): void {
    const file = this.file!;
    this.playing = false;
    this.animator?.stop();
    this.replay = null;
    this.root.replaceChildren(
      h(
        'div',
        { class: 'start' },
        h('h2', {}, `${file.name}: ${file.records.length} records`),
        h(
          'ol',
          { class: 'records' },
          ...file.records.map((r, k) =>
            h(
              'li',
              { 'data-record': k },
              r.ok
                ? h(
                    'button',
                    { type: 'button', class: 'link', onclick: () => this.openRecord(k) },
                    r.summary,
                  )
                : h('span', { class: 'error' }, r.summary),
            ),
          ),
        ),
        this.status,
      ),
    );
    this.say('Choose a record to replay.');
  }

  private openRecord(k: number): void {
    const file = this.file!;
    const many = file.records.length > 1;
    const r = replayOfRecord(
      file.records[k]!.doc,
      many ? `${file.name}, record ${k + 1} of ${file.records.length}` : file.name,
    );
    if ('error' in r) this.say(r.error, true);
    else this.open(r, many ? () => this.showRecords() : null);
  }

  private async loadGame(id: string): Promise<void> {
    this.say('Loading the game…');
    try {
      this.open(replayOfPositions(await api.positions(id)));
    } catch (e) {
      this.root.replaceChildren(this.status);
      this.say(e instanceof ApiError ? e.describe() : String(e), true);
    }
  }

  /** `back`: the way back to the list of the file's records, when it holds several. */
  private open(r: Replay, back: (() => void) | null = null): void {
    this.replay = r;
    const first = r.steps[0]?.before;
    if (!first) {
      this.root.replaceChildren(this.status);
      this.say(`${r.title}: no actions to replay. ${r.check.note}`, !r.check.ok);
      return;
    }
    const wrap = h('div', { class: 'board-wrap' });
    this.board = new Board(wrap, first.table, 'the replayed table');
    this.animator = new Animator(this.board);
    const button = (label: string, action: string, f: () => void) =>
      h(
        'button',
        { type: 'button', 'data-action': action, 'aria-label': action, onclick: f },
        label,
      );
    this.list.replaceChildren(
      ...r.steps.map((s, i) =>
        h(
          'li',
          { 'data-step': i },
          h(
            'button',
            { type: 'button', class: 'link', onclick: () => void this.goto(i) },
            stepText(s),
          ),
        ),
      ),
    );
    this.root.replaceChildren(
      h(
        'div',
        { class: 'table-col' },
        wrap,
        h(
          'div',
          { class: 'row transport' },
          button('|◀ First', 'first', () => void this.goto(-1)),
          button('◀ Back', 'back', () => void this.goto(this.at - 1)),
          button('Play / pause', 'play', () => void this.toggle()),
          button('Next ▶', 'next', () => void this.next()),
          button('Last ▶|', 'last', () => void this.goto(r.steps.length - 1)),
          select(
            'Speed',
            'speed',
            [
              ['0.5', '½×'],
              ['1', '1×'],
              ['2', '2×'],
              ['4', '4×'],
            ],
            '1',
            (v) => {
              this.animator!.speed = Number(v);
            },
          ),
          this.counter,
        ),
        this.status,
      ),
      h(
        'div',
        { class: 'side' },
        back
          ? h(
              'button',
              { type: 'button', class: 'link', 'data-action': 'records', onclick: back },
              '◀ All records in the file',
            )
          : null,
        h('h2', {}, r.title),
        h(
          'p',
          {
            class: r.check.ok ? 'check ok' : 'check error',
            'data-check': r.check.ok ? 'ok' : 'differs',
          },
          r.check.note,
        ),
        h('p', { class: 'keys' }, 'Keys: → next shot, ← back, Home, End, Space play/pause.'),
        this.list,
      ),
    );
    this.at = -1;
    this.draw(first);
    this.root.focus();
  }

  private draw(state: FrameState): void {
    this.board!.paths.innerHTML = '';
    this.board!.drawBalls(
      state.balls
        .filter((b) => b.x !== null && b.y !== null)
        .map((b) => ({ id: b.id, x: b.x!, y: b.y! })),
    );
    const steps = this.replay!.steps;
    this.counter.textContent = `position ${this.at + 1} of ${steps.length}`;
    this.board!.svg.dataset.step = String(this.at);
    for (const li of this.list.querySelectorAll('li'))
      li.classList.toggle('current', li.getAttribute('data-step') === String(this.at));
    const s = steps[this.at];
    this.say(s ? `${stepText(s)}` : 'The position before the first shot.');
  }

  /** The next step, animated from its position before. */
  private async next(): Promise<void> {
    const steps = this.replay!.steps;
    if (this.at + 1 >= steps.length) return;
    const s = steps[this.at + 1]!;
    this.at++;
    if (s.shot) {
      const m = strokeMotion(s.before, s.shot, s.placement);
      if (m.ok) {
        this.board!.paths.innerHTML = '';
        await this.animator!.play(m.motion);
      }
    }
    this.draw(s.after);
  }

  /** A step shown at once (no animation). */
  private goto(i: number): void {
    const steps = this.replay!.steps;
    this.playing = false;
    this.animator!.stop();
    this.at = Math.max(-1, Math.min(steps.length - 1, i));
    this.draw(this.at < 0 ? steps[0]!.before : steps[this.at]!.after);
  }

  private async toggle(): Promise<void> {
    if (this.playing) {
      this.playing = false;
      return;
    }
    this.playing = true;
    while (this.playing && this.at + 1 < this.replay!.steps.length) {
      await this.next();
      await new Promise((r) => setTimeout(r, 400));
    }
    this.playing = false;
  }

  key(ev: KeyboardEvent): void {
    if (!this.replay) return;
    const k = ev.key;
    if (k === 'ArrowRight') void this.next();
    else if (k === 'ArrowLeft') this.goto(this.at - 1);
    else if (k === 'Home') this.goto(-1);
    else if (k === 'End') this.goto(this.replay.steps.length - 1);
    else if (k === ' ') void this.toggle();
    else return;
    ev.preventDefault();
  }
}

function stepText(s: Step): string {
  const what =
    s.kind === 'shot' || s.kind === 'stroke'
      ? s.shot
        ? `stroke φ ${s.shot.phi.toFixed(1)}° V ${s.shot.V.toFixed(1)} m/s`
        : 'shot'
      : s.kind;
  const v = s.verdict ? verdictText(s.verdict).join(' ') : '';
  return `${s.frame > 0 ? `frame ${s.frame + 1}, ` : ''}${s.n + 1}. player ${s.player} (${s.by}): ${what}. ${v}`;
}
