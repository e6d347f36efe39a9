import { Circle, Edge, Settings, World } from 'planck';
import { describe, expect, it } from 'vitest';
import { simulate, simulateFrom } from '../../sim/index.js';
import { breakShot, L9, P, R, W9 } from './helpers.js';

/**
 * docs/physics.md "Box2D (planck 1.5) pitfalls": for each, a naive planck setup
 * that misbehaves (with planck's default Settings, which sim/ never changes)
 * next to the simulator, which does not. If a fix were removed (e.g. contacts
 * handed back to planck's solver), the second half of the test would fail.
 */
const DT = 1 / 240;
const density = P.m / (Math.PI * R * R);

function naiveWorld() {
  return new World({ gravity: { x: 0, y: 0 } });
}

function naiveBall(world: World, x: number, y: number, vx: number) {
  const body = world.createBody({ type: 'dynamic', position: { x, y }, bullet: true });
  body.createFixture({ shape: new Circle(R), density, restitution: P.eBall, friction: 0 });
  body.setLinearVelocity({ x: vx, y: 0 });
  return body;
}

describe('Box2D pitfalls, each fixed deliberately', () => {
  it('slow contacts do not bounce in Box2D (velocityThreshold = 1 m/s); they do here', () => {
    const v = 0.5;
    const world = naiveWorld();
    const a = naiveBall(world, 0, 0, v);
    const b = naiveBall(world, 2 * R + 0.01, 0, 0);
    for (let k = 0; k < 60; k++) world.step(DT, 8, 3);
    // Box2D: restitution ignored, the balls move off together at ≈ v/2.
    expect(b.getLinearVelocity().x / v).toBeLessThan(0.6);
    expect(a.getLinearVelocity().x / v).toBeGreaterThan(0.4);
    // Here: the object ball takes (1 + e)/2 of v (law 6).
    const out = simulateFrom(
      '9ft',
      [
        { id: 0, x: 1, y: W9 / 2, vx: v },
        { id: 1, x: 1 + 2 * R + 1e-6, y: W9 / 2 },
      ],
      P,
      { trace: true },
    );
    if (!out.ok) throw new Error(out.error.message);
    const s = out.value.trace![1]!.find((x) => Math.hypot(x[3], x[4]) > 0)!;
    expect(s[3] / v).toBeCloseTo((1 + P.eBall) / 2, 3);
  });

  it('Box2D cushions carry a 2·linearSlop skin (balls turn ~1 cm short); here they reach R', () => {
    const world = naiveWorld();
    const rail = world.createBody({ type: 'static' });
    rail.createFixture({ shape: new Edge({ x: 1, y: -1 }, { x: 1, y: 1 }), restitution: 1 });
    const ball = naiveBall(world, 0.5, 0, 1);
    let closest = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 240; k++) {
      world.step(DT, 8, 3);
      closest = Math.min(closest, 1 - ball.getPosition().x);
    }
    expect(closest - R).toBeGreaterThan(0.005);
    // Here: a ball rolled into the foot rail turns at exactly R from the nose.
    const out = simulateFrom('9ft', [{ id: 0, x: L9 - 0.5, y: W9 / 2, vx: 1, wy: 1 / R }], P, {
      trace: true,
    });
    if (!out.ok) throw new Error(out.error.message);
    const hit = out.value.events.find((e) => e.type === 'cushion')!;
    const at = out.value.trace![0]!.find((x) => x[0] === hit.t)!;
    expect(Math.abs(L9 - at[1] - R)).toBeLessThan(1e-9);
  });

  it('Box2D solves a frozen rack as one block (the cue ball bounces back); here it does not', () => {
    const v = 2;
    const apex = 1.905;
    const spots: { x: number; y: number }[] = [];
    for (let row = 0; row < 5; row++) {
      for (let j = 0; j <= row; j++) {
        spots.push({
          x: apex + (row * 2 * R * Math.sqrt(3)) / 2,
          y: W9 / 2 + (j - row / 2) * 2 * R,
        });
      }
    }
    const world = naiveWorld();
    const cue = naiveBall(world, apex - 2 * R - 0.01, W9 / 2, v);
    const rackBodies = spots.map((s) => naiveBall(world, s.x, s.y, 0));
    for (let k = 0; k < 24; k++) world.step(DT, 8, 3);
    // Box2D: the cue ball rebounds (≈ −0.4 v0) and the rack creeps off as a block (every ball ≲ 0.2 v0).
    expect(cue.getLinearVelocity().x / v).toBeLessThan(-0.3);
    const naiveMax = Math.max(...rackBodies.map((b) => b.getLinearVelocity().length()));
    expect(naiveMax / v).toBeLessThan(0.3);
    // Here (same frozen rack, no jitter even): the touching balls' Hertz contacts load
    // together (sim/cluster.ts); the cue ball keeps ≈ −0.16 v0 and the impulse spreads
    // through the rack, the back corner balls fastest (≈ 0.5 v0), not as one block.
    const out = simulateFrom(
      '9ft',
      [
        { id: 0, x: apex - 2 * R - 1e-6, y: W9 / 2, vx: v },
        ...spots.map((s, k) => ({ id: (k + 1) as 1, ...s })),
      ],
      P,
      { trace: true },
    );
    if (!out.ok) throw new Error(out.error.message);
    const at = (id: number) => out.value.trace![id]!.filter((s) => s[0] < 0.005).at(-1)!;
    expect(Math.abs(at(0)[3]) / v).toBeLessThan(0.25);
    const speed = spots.map((_, k) => Math.hypot(at(k + 1)[3], at(k + 1)[4]) / v);
    const simMax = Math.max(...speed);
    expect(simMax).toBeGreaterThan(0.4);
    // The back corners (slots 10 and 14) lead.
    const others = speed.filter((_, k) => k !== 10 && k !== 14);
    expect(Math.min(speed[10]!, speed[14]!)).toBeGreaterThan(Math.max(...others));
  });

  it('Box2D damping is viscous (distance ∝ v); cloth is Coulomb (distance ∝ v²), as here', () => {
    // Tune planck's linearDamping so a 1 m/s rolling ball stops where law 2 says...
    const c = (2 * P.muRoll * P.g) / 1;
    const naiveDistance = (v: number) => {
      const world = naiveWorld();
      const body = world.createBody({
        type: 'dynamic',
        position: { x: 0, y: 0 },
        linearDamping: c,
      });
      body.createFixture({ shape: new Circle(R), density });
      body.setLinearVelocity({ x: v, y: 0 });
      for (let k = 0; k < 240 * 120; k++) world.step(DT, 8, 3);
      return body.getPosition().x;
    };
    const law2 = (v: number) => (v * v) / (2 * P.muRoll * P.g);
    // ...then at 0.5 m/s it overshoots by far more than 1 %.
    expect(Math.abs(naiveDistance(0.5) / law2(0.5) - 1)).toBeGreaterThan(0.3);
    // Here (rolling from the start, b = 2/5 equivalent): within 1e-9 relative.
    const v = 0.5;
    const out = simulateFrom('9ft', [{ id: 0, x: 0.3, y: W9 / 2, vx: v, wy: v / R }], P);
    if (!out.ok) throw new Error(out.error.message);
    expect(Math.abs((out.value.layout.balls[0]!.x - 0.3) / law2(v) - 1)).toBeLessThan(1e-9);
  });

  it('fixed-step integration misses the stop by ~v·dt/2; closed form does not', () => {
    // A fixed 1/240 s step with Coulomb rolling resistance applied as a force, as a naive loop would.
    const v0 = 1;
    const world = naiveWorld();
    const body = world.createBody({ type: 'dynamic', position: { x: 0, y: 0 } });
    body.createFixture({ shape: new Circle(R), density });
    body.setLinearVelocity({ x: v0, y: 0 });
    const a = P.muRoll * P.g;
    for (let k = 0; k < 240 * 20; k++) {
      const vx = body.getLinearVelocity().x;
      if (vx <= 0) break;
      if (vx <= a * DT) {
        body.setLinearVelocity({ x: 0, y: 0 });
        break;
      }
      body.applyForceToCenter({ x: -a * body.getMass(), y: 0 });
      world.step(DT, 8, 3);
    }
    const exact = (v0 * v0) / (2 * a);
    const naiveErr = Math.abs(body.getPosition().x - exact);
    expect(naiveErr).toBeGreaterThan(1e-3);
    // Here: a rolling ball that fits on the table stops exactly where law 2 says.
    const traced = simulateFrom('9ft', [{ id: 0, x: 0.1, y: 0.2, vx: 0.6, wy: 0.6 / R }], P);
    if (!traced.ok) throw new Error(traced.error.message);
    expect(Math.abs(traced.value.layout.balls[0]!.x - 0.1 - (0.6 * 0.6) / (2 * a))).toBeLessThan(
      1e-9,
    );
  });

  it('planck Settings are process-wide: sim/ never writes them', () => {
    const snapshot = () => {
      const s = Settings as unknown as Record<string, unknown>;
      return Object.fromEntries(Object.getOwnPropertyNames(Settings).map((k) => [k, s[k]]));
    };
    const before = snapshot();
    const { layout, shot } = breakShot(3);
    expect(simulate(layout, shot).ok).toBe(true);
    expect(snapshot()).toEqual(before);
  });
});
