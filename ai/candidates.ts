import { callableBalls, legalFirstContacts } from '../engine/adjudicate.js';
import { type BallId, CUE, EIGHT } from '../engine/ball.js';
import type { Call } from '../engine/call.js';
import { dasin, dcos, dsin } from '../engine/dmath.js';
import type { Layout } from '../engine/layout.js';
import { checkPlacement } from '../engine/placement.js';
import type { Shot } from '../engine/shot.js';
import type { FrameState } from '../engine/state.js';
import {
  headStringX,
  POCKET_IDS,
  type PocketId,
  type Point,
  TABLE_DIMENSIONS,
} from '../engine/table.js';
import { legalTargets } from '../engine/targets.js';
import { checkPosition, simulate } from '../sim/index.js';
import { type BallAt, potChance, straightPots } from './estimate.js';
import {
  angleOf,
  approachAngle,
  cutAngle,
  D,
  dist,
  ghostBall,
  mirrorAcrossRail,
  onTable,
  pathClear,
  pocketAim,
  pocketHalfWindow,
  R,
  RAILS,
  railPoint,
  sub,
  toDegrees,
  unit,
} from './geometry.js';
import type { Noise } from './levels.js';
import { nearestRun } from './scan.js';
import { knownBalls } from './value.js';

/**
 * Shot generation from geometry (PickPocket and CueCard, docs/planner.md):
 * straight-in pots, one-rail banks, one-rail kicks, two-ball combinations
 * and safeties, each as a call and cue parameters, with speed and spin
 * variants for position, and — with the cue ball in hand — where to put it.
 */
export type CandidateKind = 'pot' | 'bank' | 'kick' | 'combo' | 'safety';

export interface Candidate {
  readonly kind: CandidateKind;
  readonly call: Call;
  readonly shot: Shot;
  readonly placement: Point | null;
  /** Geometric chance of the pot (pre-ranking only); safeties 0. */
  readonly prior: number;
  /** The pot to aim-refine by simulation, for pots. */
  readonly target: { ball: BallId; pocket: PocketId } | null;
  /** Words for the coach: what the shot is. */
  readonly describe: string;
}

/**
 * Cue-ball speed per unit cue speed, about (1 + e_tip)/(1 + m_ball/m_cue) = 1.75/1.3
 * (docs/physics.md).
 */
const CUE_TRANSFER = 1.3;
/** Rolling resistance deceleration μr·g, m/s² (docs/physics.md: μr 0.01). */
const ROLL_DECEL = 0.0981;

/** The least cue speed that gets the object ball to the pocket with room to spare, m/s. */
export function minSpeed(cut: number, dCue: number, dObj: number): number {
  // Rolling at 5/7 of its sliding speed (law 1), the ball needs v² = 2 μr g d to roll d (law 2).
  const vOb = (7 / 5) * Math.sqrt(2 * ROLL_DECEL * (dObj + 0.15));
  const arrive = dCue > 0.3 ? 0.8 : 0.95; // the cue ball loses speed sliding to roll
  const v0 = vOb / (Math.max(0.15, dcos(cut)) * 0.975 * arrive);
  return Math.max(0.4, v0 / CUE_TRANSFER);
}

/** Speed and spin variants for a pot of minimum speed v: soft, medium (stun, draw, follow), firm. */
export function variants(vMin: number): { V: number; b: number; name: string }[] {
  const mid = Math.min(5, Math.max(1.3, 2 * vMin));
  return [
    { V: Math.min(5, Math.max(0.6, 1.3 * vMin)), b: 0, name: 'soft' },
    { V: mid, b: 0, name: 'stun' },
    { V: mid, b: -0.5, name: 'draw' },
    { V: mid, b: 0.4, name: 'follow' },
    { V: Math.min(6, Math.max(2.8, 3 * vMin)), b: 0, name: 'firm' },
  ];
}

/**
 * The position grid for the planner: four speeds (1.3, 2, 3 and 4.2 × the
 * least speed) × five follow/draw offsets, and left and right english at the
 * medium speed — 22 ways to play one pot, for the leave to choose among.
 */
export function positionVariants(
  vMin: number,
): { V: number; a: number; b: number; name: string }[] {
  const speeds: [number, string][] = [
    [Math.min(5, Math.max(0.6, 1.3 * vMin)), 'soft'],
    [Math.min(5.5, Math.max(1.2, 2 * vMin)), 'medium'],
    [Math.min(6, Math.max(2.2, 3 * vMin)), 'firm'],
    [Math.min(7, Math.max(3.5, 4.2 * vMin)), 'power'],
  ];
  const spins: [number, string][] = [
    [-0.6, 'deep draw'],
    [-0.3, 'draw'],
    [0, 'stun'],
    [0.3, 'follow'],
    [0.6, 'full follow'],
  ];
  const out: { V: number; a: number; b: number; name: string }[] = [];
  for (const [V, sp] of speeds)
    for (const [b, sn] of spins) out.push({ V, a: 0, b, name: `${sp} ${sn}` });
  out.push({ V: speeds[1]![0], a: -0.35, b: 0, name: 'medium, left english' });
  out.push({ V: speeds[1]![0], a: 0.35, b: 0, name: 'medium, right english' });
  return out;
}

const pocketWord: Record<PocketId, string> = {
  HR: 'head-right corner',
  HL: 'head-left corner',
  SR: 'right side',
  SL: 'left side',
  FR: 'foot-right corner',
  FL: 'foot-left corner',
};

function potCandidates(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  placement: Point | null,
  noise: Noise,
  only?: readonly BallId[],
): Candidate[] {
  const out: Candidate[] = [];
  const targets = only ?? callableBalls(state, state.turn);
  for (const g of straightPots(state.table, balls, cue, targets, noise)) {
    const vMin = minSpeed(g.cut, g.dCue, g.dObj);
    for (const v of positionVariants(vMin)) {
      out.push({
        kind: 'pot',
        call: { kind: 'pocket', ball: g.ball, pocket: g.pocket },
        shot: { phi: g.phi, V: v.V, a: v.a, b: v.b },
        placement,
        prior: g.chance,
        target: { ball: g.ball, pocket: g.pocket },
        describe: `${g.ball} in the ${pocketWord[g.pocket]}, ${toDegrees(g.cut).toFixed(0)}° cut, ${v.name}`,
      });
    }
  }
  return out;
}

/** Every (callable ball, pocket) pair, with the other object balls that may block it: banks and kicks loop over these. */
function* ballPockets(
  state: FrameState,
  balls: readonly BallAt[],
): Generator<{ id: BallId; b: BallAt; others: BallAt[]; pocket: PocketId; aim: Point }> {
  for (const id of callableBalls(state, state.turn)) {
    const b = balls.find((x) => x.id === id);
    if (!b) continue;
    const others = balls.filter((x) => x.id !== id && x.id !== CUE);
    for (const pocket of POCKET_IDS)
      yield { id, b, others, pocket, aim: pocketAim(state.table, pocket) };
  }
}

/** A safety candidate (no pot aimed at, so no prior and no aim refinement). */
function safety(shot: Shot, placement: Point | null, describe: string): Candidate {
  return {
    kind: 'safety',
    call: { kind: 'safety' },
    shot,
    placement,
    prior: 0,
    target: null,
    describe,
  };
}

function bankCandidates(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  noise: Noise,
): Candidate[] {
  const out: Candidate[] = [];
  const table = state.table;
  for (const { id, b, others, pocket, aim } of ballPockets(state, balls)) {
    for (const rail of RAILS) {
      const image = mirrorAcrossRail(table, aim, rail);
      const hit = railPoint(table, b, image, rail);
      if (!hit || POCKET_IDS.some((p) => dist(hit, pocketAim(table, p)) < 0.12)) continue;
      const ghost = ghostBall(b, image);
      const cut = cutAngle(cue, ghost, b, image);
      if (cut > (55 * Math.PI) / 180 || !onTable(table, ghost)) continue;
      if (
        !pathClear(b, hit, others) ||
        !pathClear(hit, aim, others) ||
        !pathClear(cue, ghost, others)
      )
        continue;
      const dObj = dist(b, hit) + dist(hit, aim);
      const dCue = dist(cue, ghost);
      const approach = approachAngle(table, pocket, hit);
      const prior = 0.6 * potChance(noise, cut, dCue, dObj, pocketHalfWindow(pocket, approach));
      if (prior <= 0) continue;
      const V = Math.min(6, minSpeed(cut, dCue, dObj) * 1.8);
      out.push({
        kind: 'bank',
        call: { kind: 'pocket', ball: id, pocket },
        shot: { phi: toDegrees(angleOf(sub(ghost, cue))), V, a: 0, b: 0 },
        placement: null,
        prior,
        target: { ball: id, pocket },
        describe: `bank the ${id} off the ${rail} rail into the ${pocketWord[pocket]}`,
      });
    }
  }
  return out.sort((p, q) => q.prior - p.prior).slice(0, 6);
}

function kickCandidates(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  noise: Noise,
): Candidate[] {
  const out: Candidate[] = [];
  const table = state.table;
  for (const { id, b, others, pocket, aim } of ballPockets(state, balls)) {
    if (!pathClear(b, aim, others)) continue;
    const ghost = ghostBall(b, aim);
    if (pathClear(cue, ghost, others)) continue; // a direct shot exists; the kick is for when it does not
    for (const rail of RAILS) {
      const image = mirrorAcrossRail(table, ghost, rail);
      const hit = railPoint(table, cue, image, rail);
      if (!hit || !pathClear(cue, hit, others) || !pathClear(hit, ghost, others)) continue;
      const cut = cutAngle(hit, ghost, b, aim);
      if (cut > (50 * Math.PI) / 180) continue;
      const dCue = dist(cue, hit) + dist(hit, ghost);
      const dObj = dist(b, aim);
      const approach = approachAngle(table, pocket, b);
      const prior = 0.4 * potChance(noise, cut, dCue, dObj, pocketHalfWindow(pocket, approach));
      if (prior <= 0) continue;
      out.push({
        kind: 'kick',
        call: { kind: 'pocket', ball: id, pocket },
        shot: {
          phi: toDegrees(angleOf(sub(image, cue))),
          V: Math.min(6, minSpeed(cut, dCue, dObj) * 1.6),
          a: 0,
          b: 0,
        },
        placement: null,
        prior,
        target: { ball: id, pocket },
        describe: `kick off the ${rail} rail to pot the ${id} in the ${pocketWord[pocket]}`,
      });
    }
  }
  return out.sort((p, q) => q.prior - p.prior).slice(0, 4);
}

function comboCandidates(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  noise: Noise,
): Candidate[] {
  const out: Candidate[] = [];
  const table = state.table;
  const firsts = legalFirstContacts(state, state.turn).filter(
    (b) => b !== EIGHT || state.groups === null,
  );
  for (const id2 of callableBalls(state, state.turn)) {
    const b2 = balls.find((x) => x.id === id2);
    if (!b2) continue;
    for (const id1 of firsts) {
      if (id1 === id2) continue;
      const b1 = balls.find((x) => x.id === id1);
      if (!b1 || dist(b1, b2) > 0.6) continue;
      const others = balls.filter((x) => x.id !== id1 && x.id !== id2 && x.id !== CUE);
      for (const pocket of POCKET_IDS) {
        const aim = pocketAim(table, pocket);
        const ghost2 = ghostBall(b2, aim);
        const ghost1 = ghostBall(b1, ghost2);
        const cut2 = cutAngle(b1, ghost2, b2, aim);
        const cut1 = cutAngle(cue, ghost1, b1, ghost2);
        if (cut1 > (45 * Math.PI) / 180 || cut2 > (30 * Math.PI) / 180) continue;
        if (
          !pathClear(b2, aim, others) ||
          !pathClear(b1, ghost2, others) ||
          !pathClear(cue, ghost1, [...others, b2])
        )
          continue;
        const approach = approachAngle(table, pocket, b2);
        const w = pocketHalfWindow(pocket, approach);
        const prior =
          0.5 * potChance(noise, cut1, dist(cue, ghost1), dist(b1, ghost2) + dist(b2, aim), w);
        if (prior <= 0) continue;
        out.push({
          kind: 'combo',
          call: { kind: 'pocket', ball: id2, pocket },
          shot: {
            phi: toDegrees(angleOf(sub(ghost1, cue))),
            V: Math.min(6, minSpeed(cut1 + cut2, dist(cue, ghost1), dist(b2, aim) + 0.3) * 1.6),
            a: 0,
            b: 0,
          },
          placement: null,
          prior,
          target: { ball: id2, pocket },
          describe: `combination: the ${id1} into the ${id2}, ${pocketWord[pocket]}`,
        });
      }
    }
  }
  return out.sort((p, q) => q.prior - p.prior).slice(0, 4);
}

/**
 * Safeties: a legal ball struck full, half or thin at three speeds, directly
 * or — when no ball can be hit directly — off one rail (a kick safety).
 * Which one hides the cue ball best is left to sampling and the leave (the
 * opponent's chances where the balls stop).
 */
function safetyCandidates(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  placement: Point | null,
): Candidate[] {
  const out: Candidate[] = [];
  const noDirect = new Set(legalTargets(state).noDirectShot);
  const legal = legalFirstContacts(state, state.turn)
    .filter((id) => !noDirect.has(id))
    .map((id) => balls.find((b) => b.id === id))
    .filter((b): b is BallAt => b !== undefined);
  const others = (id: number) => balls.filter((b) => b.id !== id && b.id !== CUE);
  const direct = legal
    .filter((b) => pathClear(cue, b, others(b.id), -0.01))
    .sort((p, q) => dist(cue, p) - dist(cue, q));
  for (const b of direct.slice(0, 5)) {
    const d = dist(cue, b);
    const base = toDegrees(angleOf(sub(b, cue)));
    for (const frac of [0, 0.5, -0.5, 0.85, -0.85]) {
      const offRad = dasin(Math.min(0.99, (frac * D) / Math.max(d, D)));
      const off = toDegrees(offRad);
      // The cue ball's whole path up to the contact must be clear: the
      // loose test above admits a ball that grazes a neighbour, and a safety
      // that meets the neighbour first is a sure foul (R12; bench/runout.ts
      // --seed 9, rack 0 chose one for want of anything else).
      const u = {
        x: dcos(((base + off) * Math.PI) / 180),
        y: dsin(((base + off) * Math.PI) / 180),
      };
      const along =
        d * dcos(offRad) - Math.sqrt(Math.max(0, D * D - d * dsin(offRad) * (d * dsin(offRad))));
      const contact = { x: cue.x + u.x * along, y: cue.y + u.y * along };
      if (!pathClear(cue, contact, others(b.id))) continue;
      for (const V of [0.8, 1.6, 2.8]) {
        out.push(
          safety(
            { phi: base + off, V, a: 0, b: 0 },
            placement,
            `safety: ${frac === 0 ? 'full' : Math.abs(frac) === 0.5 ? 'half-ball' : 'thin'} on the ${b.id} at ${V} m/s`,
          ),
        );
      }
    }
  }
  if (out.length === 0) {
    for (const b of legal) {
      for (const rail of RAILS) {
        const image = mirrorAcrossRail(state.table, b, rail);
        const hit = railPoint(state.table, cue, image, rail);
        if (!hit || !pathClear(cue, hit, others(b.id)) || !pathClear(hit, b, others(b.id)))
          continue;
        for (const V of [1.5, 3]) {
          out.push(
            safety(
              { phi: toDegrees(angleOf(sub(image, cue))), V, a: 0, b: 0 },
              placement,
              `kick safety off the ${rail} rail onto the ${b.id} at ${V} m/s`,
            ),
          );
        }
      }
    }
  }
  return out;
}

/**
 * When no ball can be reached directly or off one rail by geometry (a ball
 * frozen behind others, or tucked in a corner), the cue ball is sent out in a
 * fan of directions, 0.5° apart, by noiseless simulation, and every run of
 * directions whose first contact is a legal ball (R12) becomes a kick
 * safety aimed at the run's middle, at two speeds: a two- or three-rail kick
 * the geometric generators do not see. About 720 short simulations, only in
 * this rare case (bench/runout.ts: 2–3 racks in 100 ended in a foul for want
 * of any shot).
 */
/** The fan's scan speed, also the speed of its first kick (a cushion's rebound angle depends on speed). */
const FAN_SPEED = 2.5;
const FIRM_KICK_SPEED = 4;

function fanKicks(
  state: FrameState,
  balls: readonly BallAt[],
  cue: Point,
  placement: Point | null,
): Candidate[] {
  const legal = new Set<number>(legalFirstContacts(state, state.turn));
  const layout: Layout = {
    table: state.table,
    balls: [
      { id: CUE, x: cue.x, y: cue.y },
      ...balls.filter((b) => b.id !== CUE).map((b) => ({ id: b.id, x: b.x, y: b.y })),
    ],
  };
  const step = 0.5;
  // True when the cue ball, struck noiselessly at (phi, V), first meets a legal ball (R12).
  const hitsLegal = (phi: number, V: number): boolean => {
    const r = simulate(layout, { phi, V, a: 0, b: 0 }, undefined, { maxTime: 4 });
    if (!r.ok) return false;
    for (const e of r.value.events)
      if (e.type === 'contact' && (e.a === CUE || e.b === CUE))
        return legal.has(e.a === CUE ? e.b : e.a);
    return false;
  };
  const hits: boolean[] = [];
  for (let k = 0; k < 720; k++) hits.push(hitsLegal(k * step, FAN_SPEED));
  // Runs of hitting directions (the fan wraps at 360°), widest first.
  const runs: { start: number; len: number }[] = [];
  const startAt = hits.indexOf(false);
  if (startAt < 0) return [];
  for (let i = 1; i <= 720; i++) {
    const k = (startAt + i) % 720;
    if (!hits[k]) continue;
    const prev = (k + 719) % 720;
    if (!hits[prev]) runs.push({ start: k, len: 1 });
    else runs[runs.length - 1]!.len++;
  }
  runs.sort((p, q) => q.len - p.len || p.start - q.start);
  const out: Candidate[] = [];
  for (const run of runs.slice(0, 6)) {
    const phi = ((run.start + (run.len - 1) / 2) * step) % 360;
    const kick = (at: number, V: number, width: number) =>
      safety(
        { phi: at, V, a: 0, b: 0 },
        placement,
        `kick safety at ${at.toFixed(1)}° (a ${width.toFixed(1)}° window) at ${V} m/s`,
      );
    out.push(kick(phi, FAN_SPEED, run.len * step));
    // And firmer: a long multi-rail path must still leave speed for a rail
    // after the contact (R12). The rails rebound differently at this speed, so
    // its window is found again around the slow kick's aim (0.1° steps over
    // ±1.5°); the slow aim played firm had fouled (test fixture
    // snookered-corner.json: wrong ball first).
    const firm = FIRM_KICK_SPEED;
    const offsets = Array.from({ length: 31 }, (_, i) => (i - 15) * 0.1);
    const window = nearestRun(offsets, (d) => hitsLegal(phi + d, firm));
    if (!window) continue;
    const { lo, hi } = window;
    out.push(
      kick((phi + (offsets[lo]! + offsets[hi]!) / 2 + 360) % 360, firm, (hi - lo + 1) * 0.1),
    );
  }
  return out;
}

/**
 * The referee checks a placement against the rectangle of the cushion noses
 * (R15); the simulator also knows the pocket jaws, so a spot must pass its
 * layout check too before the planner proposes it.
 */
export function placementFits(state: FrameState, p: Point): boolean {
  if (!state.ballInHand || !checkPlacement(state.table, state.ballInHand, state.balls, p).ok)
    return false;
  const balls = state.balls.filter((b) => b.id !== CUE && b.x !== null && b.y !== null) as BallAt[];
  return (
    checkPosition({ table: state.table, balls: [{ id: CUE, x: p.x, y: p.y }, ...balls] }) === null
  );
}

/**
 * Ball in hand (R15, or the kitchen with R7): cue-ball spots behind each
 * makeable ball on the line to a pocket, straight and angled 20° either way
 * for position, at 20 and 40 cm — CueCard's placement (docs/planner.md) — kept where
 * the referee's placement check accepts them.
 */
export interface Placement {
  readonly at: Point;
  readonly ball: BallId;
  readonly pocket: PocketId;
}

/** The placement search's turns off the pot line, degrees. */
const PLACEMENT_TURNS: readonly number[] = [0, 20, -20];

export function placements(
  state: FrameState,
  balls: readonly BallAt[],
  turns: readonly number[] = PLACEMENT_TURNS,
): Placement[] {
  const inHand = state.ballInHand;
  if (!inHand) return [];
  const table = state.table;
  const noDirect = new Set(legalTargets(state).noDirectShot);
  const out: Placement[] = [];
  const others = balls.filter((b) => b.id !== CUE);
  for (const id of callableBalls(state, state.turn)) {
    if (noDirect.has(id)) continue;
    const b = balls.find((x) => x.id === id);
    if (!b) continue;
    for (const pocket of POCKET_IDS) {
      const aim = pocketAim(table, pocket);
      if (
        !pathClear(
          b,
          aim,
          others.filter((o) => o.id !== id),
        )
      )
        continue;
      const back = unit(sub(b, aim));
      for (const turn of turns) {
        const t = (turn * Math.PI) / 180;
        const dir = {
          x: back.x * dcos(t) - back.y * dsin(t),
          y: back.x * dsin(t) + back.y * dcos(t),
        };
        for (const d of [0.2, 0.4]) {
          const ghost = ghostBall(b, aim);
          const p = { x: ghost.x + dir.x * d, y: ghost.y + dir.y * d };
          if (!onTable(table, p, R + 0.001)) continue;
          if (inHand.region === 'kitchen' && p.x > headStringX(table)) continue;
          if (!placementFits(state, p)) continue;
          if (
            !pathClear(
              p,
              ghost,
              others.filter((o) => o.id !== id),
            )
          )
            continue;
          out.push({ at: p, ball: id, pocket });
        }
      }
    }
  }
  return out;
}

/** A spot for the cue ball in hand when no pot placement exists: the middle of the allowed region, nudged until legal. */
export function fallbackPlacement(state: FrameState): Point | null {
  const inHand = state.ballInHand;
  if (!inHand) return null;
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  const x0 = inHand.region === 'kitchen' ? headStringX(state.table) / 2 : L / 2;
  for (let k = 0; k < 40; k++) {
    const p = { x: x0 + ((k % 5) - 2) * 0.07, y: W / 2 + (Math.floor(k / 5) - 4) * 0.07 };
    if (placementFits(state, p)) return p;
  }
  return null;
}

export interface GenerateOptions {
  readonly noise: Noise;
  /** Include banks, kicks and combinations (the planner) or only straight pots (greedy). */
  readonly full: boolean;
}

/** Every candidate for the player to move (phase `play`, positions known). */
export function generate(state: FrameState, opts: GenerateOptions): Candidate[] {
  const balls = knownBalls(state);
  const cueBall = balls.find((b) => b.id === CUE);
  const out: Candidate[] = [];
  const mustPlace =
    state.ballInHand !== null &&
    (!cueBall || (state.ballInHand.region === 'kitchen' && cueBall.x > headStringX(state.table)));
  if (state.ballInHand) {
    const without = balls.filter((b) => b.id !== CUE);
    for (const spot of placements(state, balls)) {
      out.push(
        ...potCandidates(state, without, spot.at, spot.at, opts.noise, [spot.ball]).filter(
          (c) => c.target?.pocket === spot.pocket,
        ),
      );
    }
  }
  if (cueBall && !mustPlace) {
    out.push(...potCandidates(state, balls, cueBall, null, opts.noise));
    if (opts.full) {
      out.push(...bankCandidates(state, balls, cueBall, opts.noise));
      out.push(...kickCandidates(state, balls, cueBall, opts.noise));
      out.push(...comboCandidates(state, balls, cueBall, opts.noise));
    }
  }
  // Safeties, and the last resorts, start from the cue ball or, when it must be placed, a fallback spot.
  const spot = mustPlace ? fallbackPlacement(state) : null;
  const from = spot ?? cueBall;
  if (!from) return out;
  if (opts.full || out.length === 0)
    out.push(
      ...safetyCandidates(
        state,
        balls.filter((b) => b.id !== CUE || !spot),
        from,
        spot,
      ),
    );
  if (out.length === 0) out.push(...fanKicks(state, balls, from, spot));
  if (out.length === 0) {
    // Nothing found: a firm shot at the middle of the foot rail, so the play at
    // least reaches a cushion; sampling still scores it honestly.
    const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
    out.push(
      safety(
        { phi: toDegrees(angleOf(sub({ x: L, y: W / 2 }, from))), V: 3, a: 0, b: 0 },
        spot,
        'no shot found: a firm shot to the foot rail',
      ),
    );
  }
  return out;
}
