import { drawBall } from '../../cli/draw/balls.js';
import { drawTable } from '../../cli/draw/table.js';
import { type View, viewFor } from '../../cli/draw/view.js';
import type { BallId } from '../../engine/ball.js';
import type { TableSize } from '../../engine/table.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import type { BallAt } from './motion.js';

/**
 * The table on the page: the SVG of `suggest --svg`'s own drawing code
 * (cli/draw: the table to scale from the simulator's geometry, pockets
 * labelled, numbered balls) in layers the views fill — paths under the
 * balls, marks and the aim over them. Pointer positions come back in table
 * metres through the SVG's own transform, whatever size the page shows it.
 */
const NS = 'http://www.w3.org/2000/svg';

export class Board {
  readonly svg: SVGSVGElement;
  view: View;
  private readonly tableLayer: SVGGElement;
  readonly paths: SVGGElement;
  readonly balls: SVGGElement;
  readonly marks: SVGGElement;
  readonly overlay: SVGGElement;

  constructor(
    container: HTMLElement,
    table: TableSize,
    readonly label: string,
  ) {
    this.view = viewFor(table);
    this.svg = document.createElementNS(NS, 'svg');
    this.svg.classList.add('board');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', label);
    const layer = (id: string) => {
      const g = document.createElementNS(NS, 'g');
      g.setAttribute('class', id);
      this.svg.append(g);
      return g;
    };
    this.tableLayer = layer('table-layer');
    this.paths = layer('paths');
    this.balls = layer('balls');
    this.marks = layer('marks');
    this.overlay = layer('overlay');
    container.append(this.svg);
    this.setTable(table);
  }

  setTable(table: TableSize): void {
    this.view = viewFor(table);
    const v = this.view;
    this.svg.setAttribute('viewBox', `0 0 ${v.width.toFixed(0)} ${v.height.toFixed(0)}`);
    this.svg.dataset.table = table;
    this.tableLayer.innerHTML = drawTable(v, DEFAULT_PHYSICS);
  }

  /**
   * The balls at these positions; `classes` adds classes per ball (draggable,
   * in hand …), set on the elements: drawBall writes its own `class`.
   */
  drawBalls(balls: readonly BallAt[], classes?: (id: BallId) => string): void {
    this.balls.innerHTML = balls.map((b) => drawBall(this.view, b.id, b.x, b.y)).join('');
    if (!classes) return;
    for (const g of this.balls.querySelectorAll<SVGGElement>('g.ball')) {
      const more = classes(Number(g.dataset.ball) as BallId).trim();
      if (more) g.classList.add(...more.split(/\s+/));
    }
  }

  /** A pointer event's position in table metres (docs/wire.md coordinates). */
  toTable(ev: { clientX: number; clientY: number }): { x: number; y: number } {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: Number.NaN, y: Number.NaN };
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return this.view.toTable(p.x, p.y);
  }

  /** Whether a table point lies on the playing surface or its cushions (not out past the rails). */
  onTable(at: { x: number; y: number }): boolean {
    const m = this.view.cushion + this.view.rail;
    return at.x > -m && at.x < this.view.L + m && at.y > -m && at.y < this.view.W + m;
  }
}
