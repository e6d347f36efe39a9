import { type BallId, CUE, GROUPS, isBallId, OBJECT_BALLS, otherGroup } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import { isRulesPreset, PRESETS, type RuleOptions } from './rules.js';
import {
  DECISION_OPTIONS,
  FRAME_END_REASONS,
  type FrameState,
  type PlayerId,
  type TableBall,
} from './state.js';
import { isTableSize } from './table.js';

/**
 * Parses untrusted JSON into a FrameState once, at the edge (STYLE.md point 4).
 * Checks types and the invariants the referee relies on — above all that the
 * 15 object balls are each in exactly one place: on the table, pocketed, or
 * off the table (R18, wpa).
 */
type Obj = Record<string, unknown>;
type Check<T> = Result<T, EngineError>;

const bad = (field: string, what: string): Check<never> =>
  err(engineError('E_BAD_STATE', `${field}: ${what}`, { field }));

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isPlayer = (x: unknown): x is PlayerId => x === 0 || x === 1;
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

function parseRules(x: unknown, field: string): Check<RuleOptions> {
  if (isRulesPreset(x)) return ok(PRESETS[x]);
  if (!isObj(x) || !isRulesPreset(x.preset))
    return bad(field, 'a preset name or a rules object with a preset');
  const base = PRESETS[x.preset];
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(x)) {
    if (!(k in base)) return bad(`${field}.${k}`, 'unknown rules option');
    if (typeof v !== typeof (base as unknown as Obj)[k])
      return bad(`${field}.${k}`, `must be a ${typeof (base as unknown as Obj)[k]}`);
    out[k] = v;
  }
  if (out.foulScope !== 'cueBallOnly' && out.foulScope !== 'allBalls')
    return bad(`${field}.foulScope`, 'cueBallOnly or allBalls');
  if (!isCount(out.stalemateShots) || (out.stalemateShots as number) % 2 !== 0) {
    return bad(`${field}.stalemateShots`, 'an even whole number');
  }
  return ok(out as unknown as RuleOptions);
}

function parseIds(x: unknown, field: string): Check<BallId[]> {
  if (!Array.isArray(x)) return bad(field, 'an array of ball ids');
  for (let i = 0; i < x.length; i++) {
    if (!isBallId(x[i]) || x[i] === CUE) return bad(`${field}[${i}]`, 'an object ball id 1–15');
  }
  return ok(x as BallId[]);
}

export function parseState(x: unknown, field = 'state'): Check<FrameState> {
  if (!isObj(x)) return bad(field, 'must be an object');
  if (x.format !== undefined && x.format !== 'pool8/1')
    return bad(`${field}.format`, 'must be "pool8/1"');
  const rules = parseRules(x.rules, `${field}.rules`);
  if (!rules.ok) return rules;
  if (!isTableSize(x.table)) return bad(`${field}.table`, '"9ft", "8ft" or "7ft"');
  if (!isCount(x.rng) || (x.rng as number) > 0xffffffff) return bad(`${field}.rng`, 'a uint32');
  if (!isPlayer(x.breaker)) return bad(`${field}.breaker`, '0 or 1');
  if (!isPlayer(x.turn)) return bad(`${field}.turn`, '0 or 1');
  if (x.phase !== 'break' && x.phase !== 'play' && x.phase !== 'over')
    return bad(`${field}.phase`, 'break, play or over');
  const groups = x.groups;
  if (groups !== null) {
    if (
      !Array.isArray(groups) ||
      groups.length !== 2 ||
      !GROUPS.includes(groups[0]) ||
      groups[1] !== otherGroup(groups[0])
    ) {
      return bad(`${field}.groups`, 'null or ["solids","stripes"] / ["stripes","solids"]');
    }
  }
  if (!Array.isArray(x.balls)) return bad(`${field}.balls`, 'an array');
  const balls: TableBall[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < x.balls.length; i++) {
    const b = x.balls[i] as unknown;
    const f = `${field}.balls[${i}]`;
    if (!isObj(b)) return bad(f, 'an object');
    if (!isBallId(b.id))
      return err(
        engineError('E_UNKNOWN_BALL', `${f}.id = ${JSON.stringify(b.id)}`, { field: `${f}.id` }),
      );
    if (seen.has(b.id)) return bad(`${f}.id`, `ball ${b.id} listed twice`);
    seen.add(b.id);
    const okCoord = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
    if (!okCoord(b.x) || !okCoord(b.y)) return bad(f, 'x and y must be numbers or null');
    balls.push({ id: b.id, x: b.x as number | null, y: b.y as number | null });
  }
  if (balls.some((b, i) => i > 0 && balls[i - 1]!.id > b.id))
    return bad(`${field}.balls`, 'must be sorted by id');
  const pocketed = parseIds(x.pocketed, `${field}.pocketed`);
  if (!pocketed.ok) return pocketed;
  const offTable = parseIds(x.offTable, `${field}.offTable`);
  if (!offTable.ok) return offTable;
  for (const id of OBJECT_BALLS) {
    const places =
      (seen.has(id) ? 1 : 0) +
      pocketed.value.filter((b) => b === id).length +
      offTable.value.filter((b) => b === id).length;
    if (places !== 1)
      return bad(
        field,
        `ball ${id} is in ${places} places (table, pocketed, offTable); it must be in exactly one`,
      );
  }
  const bih = x.ballInHand;
  if (
    bih !== null &&
    (!isObj(bih) ||
      (bih.region !== 'anywhere' && bih.region !== 'kitchen') ||
      typeof bih.restricted !== 'boolean')
  ) {
    return bad(`${field}.ballInHand`, 'null or { region: anywhere|kitchen, restricted: boolean }');
  }
  const pend = x.pending;
  if (pend !== null) {
    if (
      !isObj(pend) ||
      !isPlayer(pend.player) ||
      !Array.isArray(pend.options) ||
      pend.options.length === 0 ||
      !pend.options.every((o) => (DECISION_OPTIONS as readonly unknown[]).includes(o)) ||
      !Array.isArray(pend.rules) ||
      !pend.rules.every((r) => typeof r === 'string')
    ) {
      return bad(`${field}.pending`, 'null or { player, options, rules }');
    }
  }
  const res = x.result;
  if (res !== null) {
    if (
      !isObj(res) ||
      !isPlayer(res.winner) ||
      res.loser !== 1 - (res.winner as number) ||
      !(FRAME_END_REASONS as readonly unknown[]).includes(res.reason)
    ) {
      return bad(`${field}.result`, 'null or { winner, loser, reason }');
    }
  }
  if ((res !== null) !== (x.phase === 'over'))
    return bad(`${field}.result`, 'set exactly when phase is over');
  if (!isCount(x.shotCount)) return bad(`${field}.shotCount`, 'a whole number');
  if (!Array.isArray(x.fouls) || x.fouls.length !== 2 || !x.fouls.every(isCount))
    return bad(`${field}.fouls`, '[n, n]');
  const na = x.noAttempt;
  if (
    !isObj(na) ||
    !isCount(na.shots) ||
    !Array.isArray(na.byPlayer) ||
    na.byPlayer.length !== 2 ||
    !na.byPlayer.every(isCount)
  ) {
    return bad(`${field}.noAttempt`, '{ shots, byPlayer: [n, n] }');
  }
  let previous: FrameState | null = null;
  if (x.previous !== null && x.previous !== undefined) {
    const p = parseState(x.previous, `${field}.previous`);
    if (!p.ok) return p;
    if (p.value.previous !== null) return bad(`${field}.previous.previous`, 'must be null');
    previous = p.value;
  }
  return ok({
    format: 'pool8/1',
    rules: rules.value,
    table: x.table,
    rng: x.rng as number,
    breaker: x.breaker,
    turn: x.turn,
    phase: x.phase,
    groups: groups as FrameState['groups'],
    balls,
    pocketed: pocketed.value,
    offTable: offTable.value,
    ballInHand: bih as FrameState['ballInHand'],
    pending: pend as FrameState['pending'],
    result: res as FrameState['result'],
    shotCount: x.shotCount as number,
    fouls: x.fouls as [number, number],
    noAttempt: na as unknown as FrameState['noAttempt'],
    previous,
  });
}
