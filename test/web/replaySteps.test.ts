import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../../play/record.js';
import { ballsAt, strokeMotion } from '../../web/src/motion.js';
import { recordsOfFile, replayOfRecord } from '../../web/src/replaySteps.js';

/**
 * A record file replayed on the page (web/src/replaySteps.ts): one step per
 * action with the positions before and after, chained, the strokes'
 * animations ending where the next position starts, and the same check
 * `pool8 replay` makes.
 */
const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '../cli/fixtures/record-greedy-random.json'), 'utf8'),
);

describe('replay steps from a record', () => {
  it('one step per action, positions chained, strokes animate to the next position', () => {
    const r = replayOfRecord(fixture, 'fixture');
    if ('error' in r) throw new Error(r.error);
    expect(r.check.ok).toBe(true);
    const actions = fixture.frames.reduce(
      (n: number, f: { shots: unknown[] }) => n + f.shots.length,
      0,
    );
    expect(r.steps.length).toBe(actions);
    expect(replay(fixture).actions).toBe(actions);
    for (let i = 0; i < r.steps.length; i++) {
      const s = r.steps[i]!;
      const next = r.steps[i + 1];
      if (next && next.frame === s.frame) expect(next.before).toEqual(s.after);
      if (!s.shot) continue;
      const m = strokeMotion(s.before, s.shot, s.placement);
      if (!m.ok) throw new Error(m.error);
      // The animation ends on the simulated layout the referee judged.
      const end = ballsAt(m.motion, m.motion.duration + 1);
      expect(end).toEqual(m.outcome.layout.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })));
    }
    const last = r.steps[r.steps.length - 1]!;
    expect(last.after.phase).toBe('over');
  });

  it('a record changed by hand is shown with the difference named', () => {
    const edited = structuredClone(fixture);
    delete edited.digest;
    edited.frames[0].shots[2].executed.V += 0.5;
    const r = replayOfRecord(edited);
    if ('error' in r) throw new Error(r.error);
    expect(r.check.ok).toBe(false);
    expect(r.check.note).toMatch(/action 2/);
    expect(r.steps.length).toBe(2);
  });

  it('not a record: refused by field', () => {
    const r = replayOfRecord({ format: 'pool8/game/1' });
    expect('error' in r && r.error).toMatch(/not a pool8 game record/);
    expect('error' in replayOfRecord(null)).toBe(true);
  });
});

describe('the records of a record file', () => {
  const line = JSON.stringify(fixture);
  const frame = fixture.frames[0];
  const fixtureSummary = `greedy (olympiad) vs random (olympiad), 9ft: seed ${frame.seed}, player ${frame.breaker} broke, ${frame.shots.length} actions, player ${frame.winner} won (${frame.reason})`;

  it('play --out: one record, on one line or pretty-printed', () => {
    for (const text of [line, `${line}\n`, JSON.stringify(fixture, null, 2)]) {
      const rs = recordsOfFile(text);
      expect(rs.map((r) => [r.line, r.ok, r.summary])).toEqual([[1, true, fixtureSummary]]);
      expect(rs[0]!.doc).toEqual(fixture);
    }
  });

  it('match --out: one record a line, in file order; blank lines skipped, a torn last line named', () => {
    const swapped = { ...fixture, players: [fixture.players[1], fixture.players[0]] };
    const text = `${line}\n\n${JSON.stringify(swapped)}\n${line.slice(0, 80)}`;
    const rs = recordsOfFile(text);
    expect(rs.map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [3, true],
      [4, false],
    ]);
    expect(rs[0]!.summary).toBe(fixtureSummary);
    expect(rs[1]!.summary).toMatch(/^random \(olympiad\) vs greedy \(olympiad\), 9ft: /);
    expect(rs[2]!.summary).toMatch(/^line 4 is not JSON: /);
    expect(rs[2]!.doc).toBeNull();
  });

  it('a line of JSON that is not a record is named with its field', () => {
    const rs = recordsOfFile(`${line}\n{"format":"pool8/game/1"}\n`);
    expect(rs[1]!.ok).toBe(false);
    expect(rs[1]!.summary).toMatch(/^line 2: not a pool8 game record: record\./);
    expect(recordsOfFile('')).toEqual([]);
    expect(recordsOfFile('  \n \n')).toEqual([]);
  });
});
