import type { Board } from './board.js';
import { ballsAt, type Motion } from './motion.js';

/**
 * Plays a Motion on a board in table time × speed with requestAnimationFrame.
 * One at a time per board: starting another, or `stop`, ends the running
 * one at its last frame, so the balls are always where the simulator left
 * them once an animation is over. With reduced motion asked for, the end
 * is shown at once.
 */
export class Animator {
  private frame = 0;
  private finish: (() => void) | null = null;

  constructor(private readonly board: Board) {}

  speed = 1;

  play(m: Motion, extra?: Parameters<Board['drawBalls']>[1]): Promise<void> {
    this.stop();
    const reduced =
      typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    return new Promise((resolve) => {
      const end = () => {
        cancelAnimationFrame(this.frame);
        this.board.drawBalls(ballsAt(m, m.duration + 1), extra);
        this.board.svg.dataset.animating = 'false';
        this.finish = null;
        resolve();
      };
      this.finish = end;
      if (reduced || m.duration === 0) return end();
      this.board.svg.dataset.animating = 'true';
      let start: number | null = null;
      const step = (now: number) => {
        start ??= now;
        const t = ((now - start) / 1000) * this.speed;
        if (t >= m.duration) return end();
        this.board.drawBalls(ballsAt(m, t), extra);
        this.frame = requestAnimationFrame(step);
      };
      this.frame = requestAnimationFrame(step);
    });
  }

  stop(): void {
    this.finish?.();
  }
}
