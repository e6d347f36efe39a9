import { type Body, Circle, type Contact, Edge, Vec2, World } from 'planck';
import type { BallId } from '../engine/ball.js';
import type { BallPosition, Layout } from '../engine/layout.js';
import type { Shot } from '../engine/shot.js';
import { BALL_RADIUS, POCKET_IDS, pocketPoint, TABLE_DIMENSIONS } from '../engine/table.js';

/**
 * The benchmarks' yardstick: the same shot on the most straightforward planck
 * (Box2D) world one would write first — a fixed 1/240 s step until the table
 * is still. It is what docs/physics.md "Speed references" calls
 * "planck, naive fixed 1/240 s step" (150–240 ms for a break on this
 * machine), and what the real simulator (sim/, event-driven, closed-form
 * free motion) is measured against.
 *
 * Deliberately naive, so keep it that way:
 * - default planck `Settings` (never written here: they are process-wide
 *   statics, and the sim shares the process) and the default 8 velocity / 3
 *   position iterations, sleeping and continuous collision on;
 * - circle bodies R = 28.575 mm, 0.17 kg, no friction (there is no spin
 *   model to feed), restitution 0.95 ball–ball and 0.85 ball–cushion
 *   (Box2D mixes restitution as the max of the two fixtures, so cushion
 *   contacts get theirs set in `begin-contact`);
 * - four Edge cushions at the cushion noses and no pockets. Optionally
 *   (`pockets: true`) six sensor circles at the nominal pocket points remove
 *   a ball touching them; off by default because, with no sliding friction
 *   and 0.95 restitution, the break keeps its energy for seconds and these
 *   crude pockets swallow 11 of the 15 balls, which cuts the baseline's
 *   table time (and cost) far below the real simulator's (bench/README.md);
 * - no cloth model: the cue ball leaves at v = V (the cue speed; the real
 *   strike gives a centre-ball hit about 1.35 V, so the baseline shot is
 *   slower and shorter, which flatters the baseline), no sliding phase, and
 *   rolling resistance as a Coulomb deceleration μr·g applied by hand after
 *   every step (planck's linear damping would be viscous, docs/physics.md "No
 *   cloth");
 * - it stops when every ball is slower than 1 mm/s, or after 30 s of table
 *   time.
 * All of docs/physics.md's "Box2D pitfalls" apply to it (no bounce under 1 m/s,
 * the 1 cm cushion skin, first-order stopping error): it is a cost
 * reference, not a physics reference.
 *
 * Deterministic: no clock, no Math.random; bodies are created in layout
 * order, the step and the iteration counts are fixed.
 */
export const NAIVE_PARAMS = Object.freeze({
  /** Ball radius, m (WPA, engine/table.ts). */
  R: BALL_RADIUS,
  /** Ball mass, kg (docs/physics.md: 156–170 g). */
  mass: 0.17,
  /** Ball–ball restitution (Alciatore: 0.95). */
  eBall: 0.95,
  /** Ball–cushion restitution (pooltool: 0.85). */
  eCushion: 0.85,
  /** Rolling resistance μr (Alciatore: 0.01). */
  muRoll: 0.01,
  /** m/s². */
  g: 9.81,
  /** Fixed step, s. */
  dt: 1 / 240,
  /** Every ball slower than this (m/s) ends the shot. */
  restSpeed: 0.001,
  /** Table time after which the shot is cut off, s. */
  maxTime: 30,
  /**
   * Pocket sensor radii, m: a ball drops when its circle touches the sensor,
   * i.e. its centre comes within R + r of the nominal pocket point. The
   * 1 cm edge skin keeps a centre at least (R + 1 cm)·√2 ≈ 5.5 cm from a
   * corner point and R + 1 cm ≈ 3.9 cm from a side point.
   */
  cornerSensor: 0.03,
  sideSensor: 0.035,
});

export interface NaiveResult {
  /** Balls still on the table, in layout order. */
  readonly balls: BallPosition[];
  /** Balls removed by a pocket sensor, in the order they dropped (only with `pockets`). */
  readonly pocketed: BallId[];
  /** Steps taken. */
  readonly steps: number;
  /** Table time simulated, s. */
  readonly time: number;
}

const CUSHION = 'cushion';
const POCKET = 'pocket';

export interface NaiveOptions {
  /** Add the six crude sensor pockets (default false). */
  readonly pockets?: boolean;
}

/** Simulates `shot` from `layout` on a fresh naive world. */
export function naivePlanck(layout: Layout, shot: Shot, options: NaiveOptions = {}): NaiveResult {
  const p = NAIVE_PARAMS;
  const { length: L, width: W } = TABLE_DIMENSIONS[layout.table];
  const world = new World({ gravity: { x: 0, y: 0 } });

  const rails = world.createBody({ type: 'static' });
  const corners = [Vec2(0, 0), Vec2(L, 0), Vec2(L, W), Vec2(0, W)];
  for (let k = 0; k < 4; k++) {
    rails.createFixture(new Edge(corners[k]!, corners[(k + 1) % 4]!), {
      restitution: p.eCushion,
      friction: 0,
      userData: CUSHION,
    });
  }
  for (const id of options.pockets === true ? POCKET_IDS : []) {
    const at = pocketPoint(layout.table, id);
    const r = id === 'SR' || id === 'SL' ? p.sideSensor : p.cornerSensor;
    rails.createFixture(new Circle(Vec2(at.x, at.y), r), { isSensor: true, userData: POCKET });
  }

  const density = p.mass / (Math.PI * p.R * p.R);
  const bodies: Body[] = [];
  const ids: BallId[] = [];
  for (const b of layout.balls) {
    const body = world.createBody({ type: 'dynamic', position: Vec2(b.x, b.y) });
    body.createFixture(new Circle(p.R), { density, restitution: p.eBall, friction: 0 });
    body.setUserData(b.id);
    if (b.id === 0) {
      // v = V: the simple reading of the cue speed (see the header).
      const phi = (shot.phi * Math.PI) / 180;
      body.setLinearVelocity(Vec2(shot.V * Math.cos(phi), shot.V * Math.sin(phi)));
    }
    bodies.push(body);
    ids.push(b.id);
  }

  const dropped: Body[] = [];
  world.on('begin-contact', (c: Contact) => {
    const fa = c.getFixtureA();
    const fb = c.getFixtureB();
    const ta = fa.getUserData();
    const tb = fb.getUserData();
    if (ta === POCKET || tb === POCKET) {
      const ball = (ta === POCKET ? fb : fa).getBody();
      if (!dropped.includes(ball)) dropped.push(ball);
    } else if (ta === CUSHION || tb === CUSHION) {
      c.setRestitution(p.eCushion);
    }
  });

  const pocketed: BallId[] = [];
  const live = bodies.slice();
  const decel = p.muRoll * p.g * p.dt;
  const v = Vec2(0, 0);
  let steps = 0;
  let time = 0;
  while (time < p.maxTime) {
    world.step(p.dt);
    steps++;
    time = steps * p.dt;
    for (const body of dropped) {
      pocketed.push(body.getUserData() as BallId);
      live.splice(live.indexOf(body), 1);
      world.destroyBody(body);
    }
    dropped.length = 0;
    let moving = false;
    for (const body of live) {
      if (!body.isAwake()) continue;
      const lv = body.getLinearVelocity();
      const speed = Math.sqrt(lv.x * lv.x + lv.y * lv.y);
      if (speed === 0) continue;
      const k = speed > decel ? (speed - decel) / speed : 0;
      v.x = lv.x * k;
      v.y = lv.y * k;
      body.setLinearVelocity(v);
      if (speed * k >= p.restSpeed) moving = true;
    }
    if (!moving) break;
  }

  const balls: BallPosition[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i]!;
    if (!live.includes(body)) continue;
    const at = body.getPosition();
    balls.push({ id: ids[i]!, x: at.x, y: at.y });
  }
  return { balls, pocketed, steps, time };
}
