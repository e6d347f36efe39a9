import { LEVEL_NAMES } from '../../ai/levels.js';
import { ballColor, textOn } from '../../cli/draw/balls.js';
import { BALL_IDS, type BallId, CUE } from '../../engine/ball.js';
import { PRESETS, RULES_PRESETS, type RulesPreset } from '../../engine/rules.js';
import { type FrameState, newFrame } from '../../engine/state.js';
import { TABLE_SIZES, type TableSize } from '../../engine/table.js';
import { Animator } from './animator.js';
import { ApiError, api } from './api.js';
import { Board } from './board.js';
import { h, select } from './dom.js';
import {
  checkState,
  freeSpot,
  placeBall,
  removeBall,
  setBallInHand,
  setGroups,
  setTable,
  setTurn,
} from './position.js';
import { decodePosition, encodePosition } from './positionCode.js';
import { SuggestionsView } from './suggestions.js';

/**
 * The position editor (docs/web.md "Position editor"): the table to scale;
 * balls dragged on it, off it (past the rails) and back from the tray;
 * whose turn, groups and ball in hand set beside it; the position as JSON
 * to copy or paste, and in the URL (#/edit?p=…) so a link opens it. Every
 * change is checked as the service checks it, and "Suggest" asks
 * `/v1/suggest` for the ranked shots.
 */
export class EditorView {
  readonly root: HTMLElement;
  private state: FrameState;
  private readonly board: Board;
  private readonly animator: Animator;
  private readonly suggestions: SuggestionsView;
  private readonly tray = h('div', { class: 'tray', 'aria-label': 'balls off the table' });
  private readonly controls = h('div', { class: 'controls' });
  private readonly status = h('p', { class: 'status', role: 'status' });
  private readonly json = h('textarea', {
    class: 'json',
    rows: 6,
    spellcheck: 'false',
    'aria-label': 'the position as JSON (a pool8 frame state)',
  });
  private level: string = 'olympiad';
  private drag: { id: BallId; pointer: number } | null = null;

  constructor(code: string | null) {
    const board = h('div', { class: 'board-wrap' });
    this.board = new Board(board, '9ft', 'the position being edited');
    this.animator = new Animator(this.board);
    this.suggestions = new SuggestionsView(this.board, this.animator, () => this.drawBalls());
    this.state = newFrame({ seed: 1 });
    let note = '';
    if (code) {
      const d = decodePosition(code);
      if (d.ok) this.state = d.state;
      else
        note = `The link's position was refused (${d.problem.code}: ${d.problem.message}); a new rack instead.`;
    }
    this.root = h(
      'section',
      { class: 'view editor', 'data-view': 'edit' },
      h('div', { class: 'table-col' }, board, this.tray),
      h(
        'div',
        { class: 'side' },
        this.controls,
        this.status,
        h(
          'details',
          { class: 'json-box' },
          h('summary', {}, 'Position as JSON'),
          this.json,
          h(
            'div',
            { class: 'row' },
            h('button', { type: 'button', onclick: () => this.copyJson() }, 'Copy JSON'),
            h('button', { type: 'button', onclick: () => this.loadJson() }, 'Load JSON'),
          ),
        ),
        this.suggestions.root,
      ),
    );
    this.wireDrag();
    this.board.svg.addEventListener('keydown', (ev) => this.key(ev));
    this.commit(this.state, false);
    if (note) this.say(note, true);
  }

  private say(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  private drawBalls(): void {
    this.board.drawBalls(
      this.state.balls.filter((b) => b.x !== null && b.y !== null) as {
        id: BallId;
        x: number;
        y: number;
      }[],
      () => 'draggable',
    );
    // Keyboard: each ball is focusable and named with its place (arrows move it, Delete takes it off).
    for (const g of this.board.balls.querySelectorAll<SVGGElement>('g.ball')) {
      const id = Number(g.dataset.ball);
      const b = this.state.balls.find((q) => q.id === id);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute(
        'aria-label',
        `${id === CUE ? 'cue ball' : `ball ${id}`} at (${b?.x?.toFixed(3)}, ${b?.y?.toFixed(3)}) m: arrows move it, Delete takes it off`,
      );
    }
    if (this.focused !== null)
      this.board.balls.querySelector<SVGGElement>(`g.ball[data-ball="${this.focused}"]`)?.focus();
  }

  /** The ball that had the keyboard focus, kept across redraws. */
  private focused: BallId | null = null;

  /** Arrow keys move the focused ball 5 mm (with Shift 5 cm); Delete or Backspace takes it off. */
  private key(ev: KeyboardEvent): void {
    const g = (ev.target as Element).closest?.('g.ball');
    if (!g) return;
    const id = Number(g.getAttribute('data-ball')) as BallId;
    const b = this.state.balls.find((q) => q.id === id);
    if (!b || b.x === null || b.y === null) return;
    const step = ev.shiftKey ? 0.05 : 0.005;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (ev.key === 'Delete' || ev.key === 'Backspace') {
      ev.preventDefault();
      this.focused = null;
      this.commit(removeBall(this.state, id));
      return;
    }
    const m = d[ev.key];
    if (!m) return;
    ev.preventDefault();
    // Up on the screen is +y: the drawing has the left rail (y = W) at the top.
    const next = placeBall(this.state, id, { x: b.x + m[0], y: b.y + m[1] });
    this.focused = id;
    if (next) this.commit(next);
  }

  /** A new position: drawn, checked, put in the URL; old suggestions dropped. */
  private commit(next: FrameState, clearSuggestions = true): void {
    this.state = next;
    if (this.board.view.table !== next.table) this.board.setTable(next.table);
    this.animator.stop();
    if (clearSuggestions) this.suggestions.clear();
    this.drawBalls();
    this.drawTray();
    this.drawControls();
    this.json.value = JSON.stringify(next, null, 1);
    const c = checkState(next);
    if (c.ok) this.say(this.summary());
    else
      this.say(`Not a position the service accepts: ${c.problem.code}: ${c.problem.message}`, true);
    history.replaceState(null, '', `#/edit?p=${encodePosition(next)}`);
  }

  private summary(): string {
    const s = this.state;
    const on = s.balls.filter((b) => b.id !== CUE).length;
    const hand = s.ballInHand
      ? `, cue ball in hand (${s.ballInHand.region === 'kitchen' ? 'kitchen' : 'anywhere'})`
      : '';
    const groups = s.groups ? `player 0 ${s.groups[0]}` : 'open table';
    return `${s.table}, ${s.rules.preset}: player ${s.turn} to shoot, ${groups}, ${on} object balls on the table${hand}.`;
  }

  private drawTray(): void {
    const on = new Set(this.state.balls.map((b) => b.id));
    const off = BALL_IDS.filter((id) => !on.has(id));
    this.tray.replaceChildren(
      h(
        'span',
        { class: 'tray-label' },
        off.length ? 'Off the table (click to put back):' : 'All balls on the table.',
      ),
      ...off.map((id) => {
        const c = ballColor(id);
        return h(
          'button',
          {
            type: 'button',
            class: `tray-ball${id >= 9 ? ' stripe' : ''}`,
            'data-ball': id,
            style: `--ball:${c};--num:${id >= 9 ? '#111' : textOn(c)}`,
            'aria-label':
              id === CUE ? 'put the cue ball on the table' : `put ball ${id} on the table`,
            onclick: () => {
              const next = freeSpot(this.state, id);
              if (next) this.commit(next);
              else this.say(`No free spot found for ball ${id}.`, true);
            },
          },
          id === CUE ? '' : String(id),
        );
      }),
    );
  }

  private drawControls(): void {
    const s = this.state;
    const p0 = s.groups ? s.groups[0] : '';
    const hand = s.ballInHand ? s.ballInHand.region : '';
    this.controls.replaceChildren(
      h(
        'div',
        { class: 'row' },
        select(
          'Table',
          'table',
          TABLE_SIZES.map((t) => [t, t] as const),
          s.table,
          (v) => this.commit(setTable(this.state, v as TableSize)),
        ),
        select(
          'Rules',
          'rules',
          RULES_PRESETS.map((r) => [r, r] as const),
          s.rules.preset,
          (v) => this.commit({ ...this.state, rules: PRESETS[v as RulesPreset] }),
        ),
        select(
          'To shoot',
          'turn',
          [
            ['0', 'player 0'],
            ['1', 'player 1'],
          ],
          String(s.turn),
          (v) => this.commit(setTurn(this.state, Number(v) as 0 | 1)),
        ),
      ),
      h(
        'div',
        { class: 'row' },
        select(
          'Groups',
          'groups',
          [
            ['', 'open table'],
            ['solids', 'player 0 solids'],
            ['stripes', 'player 0 stripes'],
          ],
          p0,
          (v) => this.commit(setGroups(this.state, v === '' ? null : (v as 'solids' | 'stripes'))),
        ),
        select(
          'Ball in hand',
          'hand',
          [
            ['', 'no'],
            ['anywhere', 'anywhere (R15)'],
            ['kitchen', 'kitchen (R7)'],
          ],
          hand,
          (v) => {
            const next = setBallInHand(this.state, v === '' ? null : (v as 'anywhere' | 'kitchen'));
            if (next) this.commit(next);
            else this.say('No free spot in the kitchen for the cue ball.', true);
          },
        ),
      ),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', onclick: () => this.newRack() }, 'New rack'),
        h(
          'button',
          {
            type: 'button',
            onclick: () =>
              this.commit(
                this.state.balls.reduce<FrameState>((st, b) => removeBall(st, b.id), {
                  ...this.state,
                  phase: 'play',
                }),
              ),
          },
          'Clear table',
        ),
        h('button', { type: 'button', onclick: () => this.copyLink() }, 'Copy link'),
      ),
      h(
        'div',
        { class: 'row' },
        select(
          'Level',
          'level',
          LEVEL_NAMES.map((l) => [l, l] as const),
          this.level,
          (v) => {
            this.level = v;
          },
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'suggest',
            onclick: () => this.suggest(),
          },
          'Suggest shots',
        ),
        h('button', { type: 'button', onclick: () => this.suggestions.reset() }, 'Show all'),
      ),
    );
  }

  private newRack(): void {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0]! & 0x7fffffff;
    this.commit(newFrame({ seed, table: this.state.table, rules: this.state.rules }));
  }

  private async suggest(): Promise<void> {
    const c = checkState(this.state);
    if (!c.ok) return this.say(`Fix the position first: ${c.problem.message}`, true);
    const t0 = performance.now();
    this.say(`Asking the planner (${this.level})…`);
    this.board.svg.dataset.busy = 'true';
    try {
      const answer = await api.suggest(c.state, { level: this.level, top: 30 });
      this.suggestions.show(c.state, answer);
      this.say(
        `${this.summary()} Suggestions in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
      );
    } catch (e) {
      this.say(e instanceof ApiError ? e.describe() : String(e), true);
    } finally {
      delete this.board.svg.dataset.busy;
    }
  }

  private async copyJson(): Promise<void> {
    try {
      await navigator.clipboard.writeText(JSON.stringify(this.state, null, 1));
      this.say('The position is on the clipboard as JSON.');
    } catch {
      this.json.select();
      this.say('Select the JSON above and copy it (the clipboard is not available here).');
    }
  }

  private loadJson(): void {
    let doc: unknown;
    try {
      doc = JSON.parse(this.json.value);
    } catch (e) {
      this.say(`Not JSON: ${(e as Error).message}`, true);
      return;
    }
    // `{ state }` as suggest documents have it, or a bare state.
    const x =
      doc && typeof doc === 'object' && 'state' in doc ? (doc as { state: unknown }).state : doc;
    const c = checkState(x);
    if (!c.ok) {
      this.say(
        `Refused: ${c.problem.code}${c.problem.field ? ` at ${c.problem.field}` : ''}: ${c.problem.message}`,
        true,
      );
      return;
    }
    this.commit(c.state);
  }

  private async copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(location.href);
      this.say('The link to this position is on the clipboard.');
    } catch {
      this.say(`The link: ${location.href}`);
    }
  }

  /** Dragging: a ball follows the pointer; dropped past the rails it leaves the table. */
  private wireDrag(): void {
    const svg = this.board.svg;
    svg.addEventListener('pointerdown', (ev) => {
      const g = (ev.target as Element).closest('.ball');
      if (!g) return;
      const id = Number(g.getAttribute('data-ball')) as BallId;
      this.animator.stop();
      this.drag = { id, pointer: ev.pointerId };
      svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!this.drag || ev.pointerId !== this.drag.pointer) return;
      const at = this.board.toTable(ev);
      const id = this.drag.id;
      const balls = this.state.balls
        .filter((b) => b.id !== id && b.x !== null && b.y !== null)
        .map((b) => ({ id: b.id, x: b.x!, y: b.y! }));
      balls.push({ id, x: at.x, y: at.y });
      const off = !this.board.onTable(at);
      this.board.drawBalls(
        balls,
        (b) => `draggable${b === id ? ' dragging' : ''}${b === id && off ? ' leaving' : ''}`,
      );
    });
    const drop = (ev: PointerEvent) => {
      if (!this.drag || ev.pointerId !== this.drag.pointer) return;
      const { id } = this.drag;
      this.drag = null;
      const at = this.board.toTable(ev);
      if (!this.board.onTable(at)) return this.commit(removeBall(this.state, id));
      const next = placeBall(this.state, id, at);
      if (next) this.commit(next);
      else {
        this.drawBalls();
        this.say(`Ball ${id} cannot go there (over a pocket or no room).`, true);
      }
    };
    svg.addEventListener('pointerup', drop);
    svg.addEventListener('pointercancel', () => {
      this.drag = null;
      this.drawBalls();
    });
  }
}
