import type { Suggestion, Suggestions } from '../../ai/suggestion.js';
import { variantsLabel } from '../../cli/draw/alternatives.js';
import { drawBall } from '../../cli/draw/balls.js';
import type { DrawnShot } from '../../cli/draw/drawnShot.js';
import {
  callText,
  type Entry,
  estimateText,
  outcomeText,
  strokeText,
  tip,
} from '../../cli/draw/legend.js';
import { shotPaths } from '../../cli/draw/paths.js';
import { drawMarks, drawPaths } from '../../cli/draw/shots.js';
import { px } from '../../cli/draw/view.js';
import { entriesFor, MAX_ENTRIES } from '../../cli/svg.js';
import type { FrameState } from '../../engine/state.js';
import { BALL_RADIUS } from '../../engine/table.js';
import type { Animator } from './animator.js';
import type { Board } from './board.js';
import { h } from './dom.js';
import { strokeMotion } from './motion.js';

/**
 * Suggestions on the board (docs/web.md "Suggestions"): the service's
 * ranking grouped into distinct alternatives, each drawn by the same code
 * as `suggest --svg` — the simulated cue-ball and object-ball paths of its
 * exact stroke, the ghost ball, the leave — and listed with its stroke
 * (φ, V, tip offset), P(pot), P(foul), P(win) ± its 95 % margin, the
 * samples and the reason; the spin and speed variants of one pot are
 * folded into it and can be opened. Choosing an entry animates it.
 */
export function fromSuggestion(s: Suggestion): DrawnShot & { readonly source: Suggestion } {
  const colon = s.reason.indexOf(': ');
  return {
    candidate: {
      kind: s.kind,
      call: s.call,
      placement: s.placement,
      describe: colon > 0 ? s.reason.slice(0, colon) : s.reason,
    },
    shot: s.shot,
    samples: s.samples,
    value: s.value,
    stderr: s.stderr,
    pPot: s.pPot,
    pFoul: s.pFoul,
    source: s,
  };
}

export class SuggestionsView {
  private entries: Entry[] = [];
  private state: FrameState | null = null;
  readonly root: HTMLElement;

  constructor(
    private readonly board: Board,
    private readonly animator: Animator,
    private readonly restore: () => void,
  ) {
    this.root = h('section', { class: 'suggestions', 'aria-live': 'polite' });
  }

  clear(): void {
    this.entries = [];
    this.board.paths.innerHTML = '';
    this.board.marks.innerHTML = '';
    this.root.replaceChildren();
  }

  show(state: FrameState, answer: Suggestions, top = MAX_ENTRIES): void {
    this.state = state;
    const ranked = answer.suggestions.map(fromSuggestion);
    this.entries = entriesFor(state, ranked, top);
    this.drawEntries();
    const d = answer.decision;
    const key = h(
      'p',
      { class: 'key' },
      'On the table: solid line, the cue ball; dashed, the object balls; dashed circle, the ghost ball at first contact; ring, where the cue ball stops. Each is the exact stroke, without noise.',
    );
    const heading = h(
      'p',
      { class: 'heading' },
      `Player ${answer.player} to ${d.type === 'stroke' ? 'shoot' : 'decide'}: ${this.entries.length} distinct shot${this.entries.length === 1 ? '' : 's'} of ${ranked.length} ranked (${answer.level}). The bot's choice: ${d.reason}`,
    );
    const list = h('ol', { class: 'alternatives' });
    // A break (or any stroke chosen without a ranking) is drawn as the one stroke it is.
    if (ranked.length === 0 && d.type === 'stroke')
      this.entries = entriesFor(
        state,
        [
          {
            candidate: {
              kind: 'safety',
              call: d.call ?? { kind: 'safety' },
              placement: d.placement,
              describe: d.reason,
            },
            shot: d.shot,
            samples: 0,
            value: 0,
            stderr: 0,
            pPot: 0,
            pFoul: 0,
          },
        ],
        1,
      );
    this.drawEntries();
    for (const e of this.entries)
      list.append(ranked.length === 0 ? this.decisionItem(e, d.reason) : this.item(e));
    this.root.replaceChildren(heading, key, list);
  }

  /** The entries' paths and marks on the board; `only` draws one entry (the others hidden). */
  private drawEntries(only: Entry | null = null): void {
    const v = this.board.view;
    const shown = only ? [only] : this.entries;
    const paths: string[] = [];
    for (let i = shown.length - 1; i >= 0; i--) paths.push(drawPaths(v, shown[i]!, i === 0));
    this.board.paths.innerHTML = paths.join('');
    const taken = (this.state?.balls ?? [])
      .filter((b) => b.x !== null && b.y !== null)
      .map((b) => ({ x: v.X(b.x!), y: v.Y(b.y!) }));
    const marks: string[] = [];
    for (const e of shown) {
      const at = e.alt.best.candidate.placement;
      if (at)
        marks.push(
          drawBall(v, 0, at.x, at.y, { 'data-placed-by': String(e.n) }),
          `<circle class="placed" cx="${px(v.X(at.x))}" cy="${px(v.Y(at.y))}" r="${px(BALL_RADIUS * v.scale + 2.5)}" fill="none" stroke="${e.color}" stroke-width="2.5"/>`,
        );
    }
    for (const e of shown) marks.push(drawMarks(v, e, taken));
    this.board.marks.innerHTML = marks.join('');
  }

  /** The bot's stroke when there is no ranking (the stored break): drawn and playable, no estimates. */
  private decisionItem(e: Entry, reason: string): HTMLLIElement {
    return h(
      'li',
      { class: 'alternative', 'data-entry': e.n, 'data-key': 'decision' },
      h(
        'button',
        {
          type: 'button',
          class: 'entry',
          style: `--entry:${e.color}`,
          'aria-label': "Show the bot's stroke",
          onclick: () => this.animate(e, e.alt.best),
        },
        h('span', { class: 'swatch', 'aria-hidden': 'true' }, '1'),
        h('strong', {}, "The bot's stroke"),
      ),
      h('div', { class: 'stroke' }, strokeText(e.alt.best)),
      h('div', { class: 'reason' }, reason),
      h('div', { class: 'outcome' }, outcomeText(e.paths, e.refused)),
    );
  }

  private item(e: Entry): HTMLLIElement {
    const r = e.alt.best;
    const folded = variantsLabel(e.alt.variants, r.candidate.kind);
    const variants =
      e.alt.folded.length > 0
        ? h(
            'details',
            { class: 'variants' },
            h('summary', {}, folded),
            h(
              'ol',
              {},
              ...e.alt.folded.map((f) =>
                h(
                  'li',
                  {},
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'link',
                      onclick: () => this.animate(e, f.shot),
                    },
                    `#${f.rank}: ${strokeText(f.shot)}; ${estimateText(f.shot)}`,
                  ),
                ),
              ),
            ),
          )
        : null;
    const li = h(
      'li',
      { class: 'alternative', 'data-entry': e.n, 'data-key': e.alt.key },
      h(
        'button',
        {
          type: 'button',
          class: 'entry',
          style: `--entry:${e.color}`,
          'aria-label': `Show shot ${e.n}: ${callText(r)}`,
          onclick: () => this.animate(e, r),
        },
        h('span', { class: 'swatch', 'aria-hidden': 'true' }, String(e.n)),
        h('strong', {}, callText(r)),
        h('span', { class: 'rank' }, ` rank ${e.alt.rank}`),
      ),
      h('div', { class: 'stroke' }, strokeMarks(r), strokeText(r)),
      h('div', { class: 'estimate' }, `${estimateText(r)} · ${r.samples} samples`),
      h(
        'div',
        { class: 'reason' },
        r.candidate.describe,
        r.candidate.placement
          ? ` · cue ball placed at (${r.candidate.placement.x.toFixed(3)}, ${r.candidate.placement.y.toFixed(3)}) m, ringed`
          : '',
      ),
      h('div', { class: 'outcome' }, outcomeText(e.paths, e.refused)),
      variants,
    );
    return li;
  }

  /** One entry alone on the board, its stroke animated from the position. */
  async animate(e: Entry, shot: DrawnShot): Promise<void> {
    if (!this.state) return;
    for (const li of this.root.querySelectorAll('li.alternative'))
      li.classList.toggle('selected', li.getAttribute('data-entry') === String(e.n));
    this.restore();
    // A folded variant is drawn as its own stroke plays, in its entry's colour.
    let drawn = e;
    if (shot !== e.alt.best) {
      const p = shotPaths(this.state, shot.shot, shot.candidate.placement);
      drawn = {
        ...e,
        alt: { ...e.alt, best: shot },
        paths: p.ok ? p.value : null,
        refused: p.ok ? null : p.error,
      };
    }
    this.drawEntries(drawn);
    const m = strokeMotion(this.state, shot.shot, shot.candidate.placement);
    if (!m.ok) return;
    this.board.svg.dataset.selected = String(e.n);
    await this.animator.play(m.motion);
  }

  /** All entries drawn again, the position restored. */
  reset(): void {
    for (const li of this.root.querySelectorAll('li.alternative')) li.classList.remove('selected');
    this.animator.stop();
    this.restore();
    this.drawEntries();
    delete this.board.svg.dataset.selected;
  }
}

/** Top speed the speed mark spans, m/s: the planner's pots stay below it (the break is 8). */
const MARK_V = 8;

/**
 * The stroke's marks beside its numbers (the legend's of `suggest --svg`):
 * the tip offset on the cue ball seen from behind, and the speed as a bar
 * of 0–8 m/s. Hidden from screen readers: the numbers beside say the same.
 */
function strokeMarks(r: DrawnShot): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'marks');
  svg.setAttribute('viewBox', '0 0 80 24');
  svg.setAttribute('width', '80');
  svg.setAttribute('height', '24');
  svg.setAttribute('aria-hidden', 'true');
  const w = (Math.min(r.shot.V, MARK_V) / MARK_V) * 50;
  svg.innerHTML = `${tip(12, 12, r.shot.a ?? 0, r.shot.b ?? 0)}<rect x="28" y="9" width="50" height="6" fill="#e4e0d4"/><rect class="speed" x="28" y="9" width="${w.toFixed(1)}" height="6" fill="#0b6b3a"/>`;
  return svg;
}
