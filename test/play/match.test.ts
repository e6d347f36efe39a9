/**
 * The match summary's break figures (play/match.ts): a break is kept when it
 * has no foul and the breaker acts next (R2, R14) or wins; break-and-run
 * counts frames the breaker won with the opponent never shooting.
 */
import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../cli/commands/match.js';
import type { FoulCode } from '../../engine/foul.js';
import type { PlayerId } from '../../engine/state.js';
import type { VerdictKind } from '../../engine/verdict.js';
import type { FrameRecord, ShotEntry } from '../../play/game.js';
import { breakAndRun, keptBreak } from '../../play/innings.js';
import { summarise } from '../../play/match.js';

const shot = (
  player: PlayerId,
  verdict: VerdictKind,
  fouls: FoulCode[] = [],
  action: ShotEntry['action'] = 'shot',
): Omit<ShotEntry, 'n'> => ({ player, action, verdict, fouls, credited: [], stayDown: [] });

const frame = (
  breaker: PlayerId,
  winner: PlayerId | null,
  shots: Omit<ShotEntry, 'n'>[],
): FrameRecord => ({
  seed: 1,
  breaker,
  winner,
  reason: 'R1',
  stalemates: 0,
  shots: shots.map((s, n) => ({ ...s, n })),
});

// Seat 1 breaks: a run-out, a scratch on the break, a dry break, a kept break
// missed later, and a clean 8 on the break followed by the breaker's R9 choice.
const runout = frame(1, 1, [shot(1, 'continue'), shot(1, 'continue'), shot(1, 'frameOver')]);
const scratch = frame(1, 0, [shot(1, 'foul', ['SCRATCH']), shot(0, 'frameOver')]);
const dry = frame(1, 1, [shot(1, 'turnOver'), shot(0, 'turnOver'), shot(1, 'frameOver')]);
const missed = frame(1, 0, [shot(1, 'continue'), shot(1, 'turnOver'), shot(0, 'frameOver')]);
const eightOnBreak = frame(1, 1, [
  shot(1, 'decision'),
  shot(1, 'decided', [], 'decide'),
  shot(1, 'frameOver'),
]);

describe('break figures of a match', () => {
  it('tells kept breaks and break-and-runs apart', () => {
    expect([runout, scratch, dry, missed, eightOnBreak].map(keptBreak)).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    expect([runout, scratch, dry, missed, eightOnBreak].map(breakAndRun)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('counts them per breaking seat', () => {
    const s = summarise([runout, scratch, dry, missed, eightOnBreak]);
    expect(s.seats[1]).toMatchObject({ breaks: 5, keptBreaks: 3, breakAndRuns: 2 });
    expect(s.seats[0]).toMatchObject({ breaks: 0, keptBreaks: 0, breakAndRuns: 0 });
    // Frames 0–1, 2–3 and 4 are the pairs: runs 1, 0 and 1.
    expect(s.breakAndRun).toMatchObject({ hits: 2, games: 5, pairs: 3, rate: 0.4 });
  });

  it('scores A (seat 0) with the pair as the unit, and prints it', () => {
    const s = summarise([runout, scratch, dry, missed, eightOnBreak]);
    // A's points: 0 1 | 0 1 | 0 — two pairs split 1–1 and an odd last game.
    expect(s.elo).toMatchObject({ games: 5, pairs: 3, pentanomial: [0, 0, 2, 0, 0] });
    expect(s.elo.score).toBeCloseTo(0.4, 12);
    const text = formatSummary(s, ['x', 'y']);
    expect(text).toContain('3 pairs as units');
    expect(text).toContain("pairs by A's points 0, ½, 1, 1½, 2 (pentanomial): 0 0 2 0 0");
    // Where the breaker's first innings ended (play/innings.ts); A broke none.
    expect(text).toContain(
      'B first innings: run out 2; break: foul 1, dry 1, choice 0; then miss 1 (on the 8 0, 1 left 0, 2 left 0, 3+ left 0, open table 1), safety 0',
    );
    expect(text).not.toContain('A first innings');
  });
});
