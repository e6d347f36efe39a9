import { LEVEL_NAMES, type LevelName } from '../../ai/levels.js';
import { shotPaths } from '../../cli/draw/paths.js';
import { drawPaths } from '../../cli/draw/shots.js';
import type { BallId } from '../../engine/ball.js';
import { CUE } from '../../engine/ball.js';
import type { Call } from '../../engine/call.js';
import { checkPlacement } from '../../engine/placement.js';
import type { Shot } from '../../engine/shot.js';
import type { FrameState } from '../../engine/state.js';
import {
  POCKET_IDS,
  type PocketId,
  type Point,
  TABLE_DIMENSIONS,
  TABLE_SIZES,
  type TableSize,
} from '../../engine/table.js';
import { legalTargets } from '../../engine/targets.js';
import type { Verdict } from '../../engine/verdict.js';
import { Animator } from './animator.js';
import { type ActionAnswer, ApiError, api, type GameView } from './api.js';
import { Board } from './board.js';
import { h, select } from './dom.js';
import { strokeMotion } from './motion.js';
import { OPTION_WORDS, ruleLine, verdictText } from './rulesText.js';

/**
 * Play against the bot (docs/web.md "Play"): a game kept by the service
 * (`POST /v1/games`, then one action at a time at its version), so a reload
 * — or another browser with the link #/play/<id> — finds it where it was.
 * The human aims by dragging from the cue ball (the cue goes towards the
 * pointer), sets speed and spin, places the cue ball when in hand and calls
 * ball and pocket; the exact stroke's path is previewed, as the service
 * plays a human stroke without noise. Bot turns run on the service and are
 * animated here from the simulator's trace of the executed stroke. Every
 * verdict is explained with its rules.
 */
const GAMES_KEY = 'pool8.games';

export function rememberGame(id: string): void {
  const ids = knownGames().filter((g) => g !== id);
  ids.unshift(id);
  localStorage.setItem(GAMES_KEY, JSON.stringify(ids.slice(0, 50)));
}

export function knownGames(): string[] {
  try {
    const x = JSON.parse(localStorage.getItem(GAMES_KEY) ?? '[]');
    return Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

interface Aim {
  phi: number;
  V: number;
  a: number;
  b: number;
  theta: number;
  placement: Point | null;
  /** The call chosen; 'auto' follows what the exact stroke pockets. */
  call: Call | 'auto';
}

export class PlayView {
  readonly root: HTMLElement;
  private board: Board | null = null;
  private animator: Animator | null = null;
  private game: GameView | null = null;
  private aim: Aim = { phi: 0, V: 2.5, a: 0, b: 0, theta: 0, placement: null, call: 'auto' };
  private readonly log = h('ol', {
    class: 'log',
    reversed: true,
    'aria-live': 'polite',
    'aria-label': 'the game so far, the last shot first',
  });
  private readonly status = h('p', { class: 'status', role: 'status' });
  private readonly panel = h('div', { class: 'controls' });
  private busy = false;
  private pointer: { mode: 'aim' | 'place'; id: number } | null = null;
  private autoCall: Call | null = null;

  constructor(private readonly id: string | null) {
    this.root = h('section', { class: 'view play', 'data-view': 'play' });
    if (id) void this.load(id);
    else this.showStart();
  }

  private say(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  private showStart(): void {
    let level: LevelName = 'beginner';
    let table: TableSize = '9ft';
    let breaker = '0';
    const list = h('ul', { class: 'games' });
    // Optional: the seed fixes the rack and every bot move (the same game again); blank draws one.
    const seed = h('input', {
      type: 'number',
      name: 'seed',
      min: 0,
      step: 1,
      placeholder: 'random',
      'aria-label': 'seed (optional)',
    });
    const start = async () => {
      const s = seed.value.trim();
      if (s !== '' && !/^\d{1,9}$/.test(s)) {
        this.say('The seed is a whole number of up to 9 digits, or blank.', true);
        return;
      }
      try {
        const g = await api.newGame({
          ...(s === '' ? {} : { seed: Number(s) }),
          table,
          breaker: Number(breaker) as 0 | 1,
          seats: [
            { level: 'olympiad', bot: false },
            { level, bot: true },
          ],
        });
        rememberGame(g.id);
        location.hash = `#/play/${g.id}`;
      } catch (e) {
        this.say(e instanceof ApiError ? e.describe() : String(e), true);
      }
    };
    this.root.replaceChildren(
      h(
        'div',
        { class: 'start' },
        h('h2', {}, 'Play against the bot'),
        h(
          'div',
          { class: 'row' },
          select(
            'Bot level',
            'level',
            LEVEL_NAMES.map((l) => [l, l] as const),
            level,
            (v) => {
              level = v as LevelName;
            },
          ),
          select(
            'Table',
            'table',
            TABLE_SIZES.map((t) => [t, t] as const),
            table,
            (v) => {
              table = v as TableSize;
            },
          ),
          select(
            'Break',
            'breaker',
            [
              ['0', 'you break'],
              ['1', 'the bot breaks'],
            ],
            breaker,
            (v) => {
              breaker = v;
            },
          ),
          h('label', { class: 'field' }, h('span', {}, 'Seed'), seed),
          h(
            'button',
            { type: 'button', class: 'primary', 'data-action': 'new-game', onclick: start },
            'New game',
          ),
        ),
        this.status,
        h('h3', {}, 'Your games'),
        list,
      ),
    );
    const ids = knownGames();
    if (ids.length === 0) list.append(h('li', {}, 'None yet on this browser.'));
    for (const id of ids)
      list.append(
        h(
          'li',
          {},
          h('a', { href: `#/play/${id}` }, id),
          ' · ',
          h('a', { href: `#/replay/${id}` }, 'replay'),
        ),
      );
  }

  private async load(id: string): Promise<void> {
    this.say('Loading the game…');
    try {
      this.game = await api.game(id);
    } catch (e) {
      this.root.replaceChildren(this.status);
      this.say(e instanceof ApiError ? e.describe() : String(e), true);
      return;
    }
    rememberGame(id);
    const wrap = h('div', { class: 'board-wrap' });
    this.board = new Board(wrap, this.game.state.table, 'the game table');
    this.animator = new Animator(this.board);
    this.root.replaceChildren(
      h('div', { class: 'table-col' }, wrap, this.status),
      h(
        'div',
        { class: 'side' },
        h(
          'p',
          { class: 'game-id' },
          `Game ${id} · `,
          h('a', { href: `#/replay/${id}` }, 'replay it'),
          ' · ',
          h('a', { href: '#/play' }, 'new game'),
        ),
        this.panel,
        h('h3', {}, 'Shots'),
        this.log,
      ),
    );
    for (const a of this.game.actions ?? []) this.logVerdict(a.by, a.verdict, a.entry.reason);
    this.wirePointer();
    this.resetAim();
    await this.turn();
  }

  private mover(s: FrameState): 0 | 1 {
    return s.pending?.player ?? s.turn;
  }

  /** Whose turn it is, and what they may do: the bot plays at once, the human gets the controls. */
  private async turn(): Promise<void> {
    const g = this.game!;
    this.drawState();
    // For scripts and tests: who the page is waiting for.
    this.root.dataset.turn =
      g.state.phase === 'over' ? 'over' : g.setup.seats[this.mover(g.state)]!.bot ? 'bot' : 'human';
    if (g.state.phase === 'over') {
      const r = g.state.result!;
      this.panel.replaceChildren(
        h(
          'p',
          { class: 'result' },
          `Player ${r.winner} (${g.setup.seats[r.winner]!.bot ? 'the bot' : 'you'}) won: ${ruleLine(r.reason)}.`,
        ),
      );
      this.say('The frame is over.');
      return;
    }
    const p = this.mover(g.state);
    if (g.setup.seats[p]!.bot) return this.botTurn();
    this.humanControls();
  }

  private async botTurn(): Promise<void> {
    const g = this.game!;
    this.panel.replaceChildren(h('p', {}, 'The bot is playing.'));
    this.say(`The bot (${g.setup.seats[this.mover(g.state)]!.level}) is thinking…`);
    this.busy = true;
    try {
      const before = g.state;
      const ans = await api.botMove(g.id, g.version);
      this.say(`The bot: ${ans.reason} (${(ans.thinkMs / 1000).toFixed(1)} s)`);
      await this.show(
        before,
        ans,
        ans.move.type === 'stroke' ? (ans.move.placement ?? null) : null,
      );
      this.logVerdict('bot', ans.verdict, ans.reason);
    } catch (e) {
      this.say(e instanceof ApiError ? e.describe() : String(e), true);
      this.panel.append(
        h('button', { type: 'button', onclick: () => void this.turn() }, 'Try again'),
      );
      return;
    } finally {
      this.busy = false;
    }
    await this.turn();
  }

  /** An accepted action: its stroke animated from the position before, then the new state. */
  private async show(
    before: FrameState,
    ans: ActionAnswer,
    placement: Point | null,
  ): Promise<void> {
    const g = this.game!;
    if (ans.executed && this.animator) {
      const m = strokeMotion(before, ans.executed, placement);
      if (m.ok) {
        this.board!.paths.innerHTML = '';
        this.board!.marks.innerHTML = '';
        this.board!.overlay.innerHTML = '';
        await this.animator.play(m.motion);
      }
    }
    this.game = { ...g, version: ans.version, state: ans.state, result: ans.result };
    this.resetAim();
  }

  private logVerdict(by: string, v: Verdict, reason?: string): void {
    const who = by === 'bot' ? 'Bot' : 'You';
    this.log.prepend(
      h(
        'li',
        { class: `verdict ${v.kind}`, 'data-kind': v.kind },
        h('strong', {}, `${who} (player ${v.player}): `),
        verdictText(v).join(' '),
        reason ? h('div', { class: 'reason' }, reason) : null,
      ),
    );
  }

  private resetAim(): void {
    const s = this.game!.state;
    const cue = s.balls.find((b) => b.id === CUE);
    let placement: Point | null = null;
    if (!cue && s.ballInHand) {
      const { length: L, width: W } = TABLE_DIMENSIONS[s.table];
      // A first spot to drag from: mid-kitchen (the kitchen is x < L/4, R7), else on the head string.
      placement = { x: s.ballInHand.region === 'kitchen' ? L / 8 : L / 4, y: W / 2 };
      const ok = checkPlacement(s.table, s.ballInHand, s.balls, placement);
      if (!ok.ok) placement = { x: L / 8, y: W / 3 };
    }
    const from = placement ?? (cue ? { x: cue.x!, y: cue.y! } : { x: 0, y: 0 });
    // Aim at the nearest legal first contact, as a starting point.
    const t = legalTargets(s);
    let phi = 0;
    let best = Number.POSITIVE_INFINITY;
    for (const b of s.balls) {
      if (!t.firstContact.includes(b.id) || b.x === null || b.y === null) continue;
      const d = Math.hypot(b.x - from.x, b.y - from.y);
      if (d < best) {
        best = d;
        phi = (Math.atan2(b.y - from.y, b.x - from.x) * 180) / Math.PI;
      }
    }
    // Starting speeds only, changed by the slider: a firm break, a medium roll otherwise.
    this.aim = { ...this.aim, phi, placement, call: 'auto', V: s.phase === 'break' ? 8 : 2.5 };
  }

  private cueAt(): Point | null {
    const s = this.game!.state;
    if (this.aim.placement) return this.aim.placement;
    const c = s.balls.find((b) => b.id === CUE);
    return c && c.x !== null && c.y !== null ? { x: c.x, y: c.y } : null;
  }

  private shot(): Shot {
    const { phi, V, a, b, theta } = this.aim;
    return { phi: Math.round(phi * 1000) / 1000, V, a, b, theta };
  }

  private drawState(): void {
    const s = this.game!.state;
    const balls = s.balls
      .filter((b) => b.x !== null && b.y !== null)
      .map((b) => ({ id: b.id, x: b.x!, y: b.y! }));
    if (this.aim.placement && !balls.some((b) => b.id === CUE))
      balls.push({ id: CUE, x: this.aim.placement.x, y: this.aim.placement.y });
    this.board!.drawBalls(balls, (id) => (id === CUE && this.aim.placement ? 'in-hand' : ''));
  }

  /** The exact stroke's paths, as the service will play it; the call follows it when on auto. */
  private preview(): void {
    const s = this.game!.state;
    const b = this.board!;
    const p = shotPaths(s, this.shot(), this.aim.placement);
    const t = legalTargets(s);
    this.autoCall = null;
    if (p.ok) {
      const pot = p.value.pocketed.find((d) => d.ball !== CUE && t.callable.includes(d.ball));
      if (pot) this.autoCall = { kind: 'pocket', ball: pot.ball, pocket: pot.pocket };
      b.paths.innerHTML = drawPaths(
        b.view,
        {
          n: 0,
          color: '#ffffff',
          alt: {
            best: {
              candidate: {
                kind: 'pot',
                call: { kind: 'safety' },
                placement: this.aim.placement,
                describe: '',
              },
              shot: this.shot(),
              samples: 0,
              value: 0,
              stderr: 0,
              pPot: 0,
              pFoul: 0,
            },
            rank: 0,
            variants: 0,
            folded: [],
            key: 'aim',
          },
          paths: p.value,
          refused: null,
        },
        true,
      );
    } else b.paths.innerHTML = '';
    const callText = this.panel.querySelector('[data-field="auto-call"]');
    if (callText)
      callText.textContent =
        this.aim.call === 'auto'
          ? this.autoCall
            ? `call: ${this.autoCall.ball} in ${this.autoCall.pocket} (from the preview)`
            : t.action === 'break'
              ? 'the break is not called (R2)'
              : 'call: safety (the preview pockets no callable ball)'
          : '';
    const readout = this.panel.querySelector('[data-field="aim"]');
    if (readout)
      readout.textContent = `φ ${this.aim.phi.toFixed(2)}°  V ${this.aim.V.toFixed(1)} m/s  tip a ${this.aim.a.toFixed(2)}, b ${this.aim.b.toFixed(2)}${p.ok ? '' : ` — ${p.error}`}`;
  }

  private callToSend(): Call | null {
    const t = legalTargets(this.game!.state);
    if (t.action === 'break') return null;
    if (this.aim.call !== 'auto') return this.aim.call;
    return this.autoCall ?? { kind: 'safety' };
  }

  private humanControls(): void {
    const s = this.game!.state;
    const t = legalTargets(s);
    this.say(
      t.action === 'decide'
        ? `Your choice (${(s.pending?.rules ?? []).join(', ')}).`
        : `Your shot${s.ballInHand ? ': cue ball in hand — drag it to place it' : ''}. Drag on the table to aim.`,
    );
    if (t.action === 'decide') {
      this.panel.replaceChildren(
        h('p', {}, `Choose (${(s.pending?.rules ?? []).map(ruleLine).join('; ')}):`),
        ...t.options.map((o) =>
          h(
            'button',
            {
              type: 'button',
              'data-option': o,
              onclick: () => void this.act({ type: 'decide', option: o }),
            },
            OPTION_WORDS[o],
          ),
        ),
      );
      return;
    }
    const slider = (
      label: string,
      key: 'V' | 'a' | 'b' | 'theta' | 'phi',
      min: number,
      max: number,
      step: number,
    ) =>
      h(
        'label',
        { class: 'field slider' },
        h('span', {}, label),
        h('input', {
          type: key === 'phi' ? 'number' : 'range',
          name: key,
          min,
          max,
          step,
          value: key === 'phi' ? this.aim.phi.toFixed(2) : this.aim[key],
          oninput: (ev: Event) => {
            const v = Number((ev.target as HTMLInputElement).value);
            if (Number.isFinite(v)) this.aim = { ...this.aim, [key]: v };
            this.preview();
          },
        }),
      );
    const callOptions: [string, string][] = [['auto', 'follow the preview']];
    if (t.safetyAllowed) callOptions.push(['safety', 'safety (R13)']);
    for (const ball of t.callable)
      for (const pocket of POCKET_IDS)
        callOptions.push([`${ball}:${pocket}`, `${ball} in ${pocket}`]);
    const parts: (Node | null)[] = [
      h('p', { class: 'aim', 'data-field': 'aim' }),
      h(
        'div',
        { class: 'row' },
        slider('Direction φ (°)', 'phi', -180, 180, 0.05),
        slider('Speed (m/s)', 'V', 0.3, 10, 0.1),
      ),
      h(
        'div',
        { class: 'row' },
        slider('Side a', 'a', -0.6, 0.6, 0.05),
        slider('Follow/draw b', 'b', -0.6, 0.6, 0.05),
        slider('Elevation θ', 'theta', 0, 30, 1),
      ),
      t.action === 'break'
        ? null
        : select('Call', 'call', callOptions, 'auto', (v) => {
            if (v === 'auto') this.aim.call = 'auto';
            else if (v === 'safety') this.aim.call = { kind: 'safety' };
            else {
              const [ball, pocket] = v.split(':');
              this.aim.call = {
                kind: 'pocket',
                ball: Number(ball) as BallId,
                pocket: pocket as PocketId,
              };
            }
            this.preview();
          }),
      h('p', { class: 'call', 'data-field': 'auto-call' }),
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'shoot',
            onclick: () => void this.shoot(),
          },
          'Shoot',
        ),
        t.stalemateAvailable
          ? h(
              'button',
              { type: 'button', onclick: () => void this.act({ type: 'stalemate' }) },
              'Declare a stalemate (R21)',
            )
          : null,
      ),
    ];
    this.panel.replaceChildren(...parts.filter((x): x is Node => x !== null));
    this.drawState();
    this.preview();
  }

  private async shoot(): Promise<void> {
    const placement = this.aim.placement;
    const call = this.callToSend();
    await this.act({
      type: 'stroke',
      shot: this.shot(),
      ...(call ? { call } : {}),
      ...(placement ? { placement } : {}),
    });
  }

  private async act(action: Parameters<typeof api.act>[2]): Promise<void> {
    if (this.busy) return;
    const g = this.game!;
    this.busy = true;
    this.root.dataset.turn = 'busy';
    try {
      const before = g.state;
      const ans = await api.act(g.id, g.version, action);
      await this.show(before, ans, action.type === 'stroke' ? (action.placement ?? null) : null);
      this.logVerdict('human', ans.verdict);
    } catch (e) {
      this.say(e instanceof ApiError ? e.describe() : String(e), true);
      if (e instanceof ApiError && e.code === 'E_STALE_VERSION') void this.load(g.id);
      return;
    } finally {
      this.busy = false;
    }
    await this.turn();
  }

  /** Pointer on the table: drag the cue ball when in hand, otherwise aim towards the pointer. */
  private wirePointer(): void {
    const b = this.board!;
    const svg = b.svg;
    svg.addEventListener('pointerdown', (ev) => {
      if (this.busy || !this.game || this.game.state.phase === 'over') return;
      const s = this.game.state;
      if (this.game.setup.seats[this.mover(s)]!.bot || legalTargets(s).action === 'decide') return;
      const g = (ev.target as Element).closest('.ball');
      const onCue = g?.getAttribute('data-ball') === '0';
      this.pointer = { mode: onCue && this.aim.placement ? 'place' : 'aim', id: ev.pointerId };
      svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      if (this.pointer.mode === 'aim') this.aimAt(ev);
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!this.pointer || this.pointer.id !== ev.pointerId) return;
      if (this.pointer.mode === 'aim') this.aimAt(ev);
      else this.placeAt(ev);
    });
    const up = (ev: PointerEvent) => {
      if (this.pointer?.id === ev.pointerId) this.pointer = null;
    };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
  }

  private aimAt(ev: PointerEvent): void {
    const from = this.cueAt();
    if (!from) return;
    const at = this.board!.toTable(ev);
    if (Math.hypot(at.x - from.x, at.y - from.y) < 0.01) return;
    this.aim.phi = (Math.atan2(at.y - from.y, at.x - from.x) * 180) / Math.PI;
    const phi = this.panel.querySelector<HTMLInputElement>('input[name="phi"]');
    if (phi) phi.value = this.aim.phi.toFixed(2);
    this.preview();
  }

  private placeAt(ev: PointerEvent): void {
    const s = this.game!.state;
    if (!s.ballInHand) return;
    const at = this.board!.toTable(ev);
    const ok = checkPlacement(s.table, s.ballInHand, s.balls, at);
    if (!ok.ok) {
      this.say(`The cue ball cannot go there: ${ok.error.code}.`, true);
      return;
    }
    this.aim.placement = at;
    this.say('Cue ball placed. Drag on the table to aim.');
    this.drawState();
    this.preview();
  }
}
