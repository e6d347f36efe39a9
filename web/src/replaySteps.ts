import type { Shot } from '../../engine/shot.js';
import type { FrameState, PlayerId } from '../../engine/state.js';
import type { Point } from '../../engine/table.js';
import { firstProblem } from '../../engine/validator.js';
import type { Verdict } from '../../engine/verdict.js';
import { type GameRecord, GameRecordSchema, replay } from '../../play/record.js';
import type { Positions } from './api.js';

/**
 * A game as the replay steps through it (docs/web.md "Replay"): per action
 * the position before and after, who acted, the stroke (to animate from
 * the position before) and the verdict. From a record file the positions
 * come from re-playing it here — the record holds every executed stroke and
 * the engine is deterministic, so that is the record's own game, checked
 * hash by hash as `pool8 replay` checks it; from the service they are the
 * states it stored after each action.
 */
export interface Step {
  readonly frame: number;
  /** The action's number in its frame. */
  readonly n: number;
  readonly player: PlayerId;
  readonly by: string;
  readonly kind: string;
  readonly before: FrameState;
  readonly after: FrameState;
  /** The stroke as played, when the action was one (animated from `before`). */
  readonly shot: Shot | null;
  readonly placement: Point | null;
  readonly verdict: Verdict | null;
  readonly reason: string | null;
}

export interface Replay {
  readonly title: string;
  readonly steps: readonly Step[];
  /** Whether re-playing gave the record's outcomes; the first difference otherwise. */
  readonly check: { readonly ok: boolean; readonly note: string };
}

export function replayOfRecord(doc: unknown, name = 'record'): Replay | { error: string } {
  const problem = firstProblem(GameRecordSchema, doc, 'record');
  if (problem) return { error: `not a pool8 game record: ${problem.field}: ${problem.problem}` };
  const record = doc as GameRecord;
  const steps: Step[] = [];
  let before: FrameState | null = null;
  const report = replay(
    record,
    (state) => {
      before = state;
    },
    (state, verdict, e, frame) => {
      steps.push({
        frame,
        n: e.n,
        player: e.player,
        by: `${record.players[e.player]!.strategy} (${record.players[e.player]!.level})`,
        kind: e.action,
        before: before!,
        after: state,
        shot: e.executed ?? null,
        placement: e.placement ?? null,
        verdict,
        reason: e.reason ?? null,
      });
    },
  );
  const frames = record.frames.length;
  return {
    title: `${name}: ${frames} frame${frames === 1 ? '' : 's'}, ${record.players.map((p) => p.strategy).join(' vs ')}, ${record.table}`,
    steps,
    check: report.ok
      ? { ok: true, note: `re-played here: ${report.actions} actions, identical outcomes` }
      : { ok: false, note: `re-playing differs: ${report.mismatch}` },
  };
}

/**
 * One game record of a record file: `pool8 play --out` writes one record,
 * `match --out` one per line (JSON Lines), `replay` reads either. `doc` is
 * the parsed line (null when it is not JSON) and `summary` a line of words
 * for the picker: the players, the frames and who won, or why the line is
 * not a record.
 */
export interface FileRecord {
  /** 1-based line of the file the record starts on. */
  readonly line: number;
  readonly doc: unknown;
  readonly summary: string;
  readonly ok: boolean;
}

/** The records of a record file's text, in file order; a file of one JSON document (pretty-printed or not) is one record. */
export function recordsOfFile(text: string): FileRecord[] {
  try {
    const whole: unknown = JSON.parse(text);
    return [fileRecord(1, whole)];
  } catch {
    // Not one document: JSON Lines, read line by line below.
  }
  const out: FileRecord[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (e) {
      // A torn last line (a run stopped mid-write) is named, and the lines before it still open.
      out.push({
        line: i + 1,
        doc: null,
        summary: `line ${i + 1} is not JSON: ${(e as Error).message}`,
        ok: false,
      });
      continue;
    }
    out.push(fileRecord(i + 1, doc));
  }
  return out;
}

function fileRecord(line: number, doc: unknown): FileRecord {
  const problem = firstProblem(GameRecordSchema, doc, 'record');
  if (problem)
    return {
      line,
      doc,
      summary: `line ${line}: not a pool8 game record: ${problem.field}: ${problem.problem}`,
      ok: false,
    };
  const r = doc as GameRecord;
  const players = r.players.map((p) => `${p.strategy} (${p.level})`).join(' vs ');
  const frames = r.frames
    .map((f) => {
      const shots = f.shots.length;
      const end =
        f.winner === null ? `no winner (${f.reason})` : `player ${f.winner} won (${f.reason})`;
      return `seed ${f.seed}, player ${f.breaker} broke, ${shots} action${shots === 1 ? '' : 's'}, ${end}`;
    })
    .join('; ');
  return { line, doc, summary: `${players}, ${r.table}: ${frames}`, ok: true };
}

export function replayOfPositions(p: Positions): Replay {
  const steps: Step[] = [];
  let before = p.initial;
  for (const a of p.actions) {
    const stroke = a.kind === 'stroke';
    steps.push({
      frame: 0,
      n: a.n,
      player: a.verdict.player,
      by: a.by,
      kind: a.kind,
      before,
      after: a.state,
      shot: stroke ? (a.entry.executed ?? null) : null,
      placement: stroke ? (a.entry.placement ?? null) : null,
      verdict: a.verdict,
      reason: a.entry.reason ?? null,
    });
    before = a.state;
  }
  return {
    title: `game ${p.id}: ${p.actions.length} actions`,
    steps,
    check: { ok: true, note: 'positions as the service stored them' },
  };
}
