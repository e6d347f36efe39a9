import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerSim, runSim } from '../../cli/commands/sim.js';
import { CliError } from '../../cli/io.js';
import { parseLayout, parseShot, SIM_ERROR_CODES, simulate } from '../../sim/index.js';
import { R, W9 } from './helpers.js';

describe('parseLayout / parseShot: coded errors naming the field or ball (docs/wire.md)', () => {
  const cases: [string, unknown, string, { ball?: number; field?: string }][] = [
    ['not an object', 3, 'E_SIM_BAD_INPUT', { field: 'layout' }],
    ['bad table', { table: '10ft', balls: [] }, 'E_SIM_BAD_TABLE', { field: 'layout.table' }],
    [
      'balls not an array',
      { table: '9ft', balls: {} },
      'E_SIM_BAD_BALL',
      { field: 'layout.balls' },
    ],
    [
      'unknown id',
      { balls: [{ id: 16, x: 1, y: 0.5 }] },
      'E_SIM_UNKNOWN_BALL',
      { field: 'layout.balls[0].id' },
    ],
    ['non-finite x', { balls: [{ id: 3, x: 'a', y: 0.5 }] }, 'E_SIM_BAD_BALL', { ball: 3 }],
  ];
  it.each(cases)('%s', (_, input, code, where) => {
    const r = parseLayout(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error).toMatchObject(where);
  });

  const geometric: [string, { id: number; x: number; y: number }[], string, number][] = [
    [
      'duplicate id',
      [
        { id: 0, x: 0.5, y: 0.5 },
        { id: 0, x: 1, y: 0.5 },
      ],
      'E_SIM_DUPLICATE_BALL',
      0,
    ],
    [
      'overlap',
      [
        { id: 0, x: 0.5, y: 0.5 },
        { id: 4, x: 0.5 + 2 * R - 1e-4, y: 0.5 },
      ],
      'E_SIM_OVERLAP',
      4,
    ],
    ['inside a cushion', [{ id: 0, x: 1, y: R / 2 }], 'E_SIM_OUTSIDE_CUSHIONS', 0],
    ['off the table', [{ id: 0, x: -1, y: 0.5 }], 'E_SIM_OUTSIDE_CUSHIONS', 0],
    ['beyond a pocket, off the slate', [{ id: 0, x: 1.27, y: -0.2 }], 'E_SIM_OUTSIDE_CUSHIONS', 0],
    ['over the side pocket', [{ id: 0, x: 1.27, y: -0.01 }], 'E_SIM_IN_POCKET', 0],
    ['into a corner jaw', [{ id: 0, x: 2.56, y: 0.09 }], 'E_SIM_OUTSIDE_CUSHIONS', 0],
    ['over a pocket', [{ id: 0, x: 0.01, y: 0.01 }], 'E_SIM_IN_POCKET', 0],
  ];
  it.each(geometric)('simulate rejects %s', (_, balls, code, ball) => {
    const r = simulate({ table: '9ft', balls: balls as never }, { phi: 0, V: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.ball).toBe(ball);
  });

  it('a ball hanging in a pocket mouth is a legal position (replay of a match bug: the 6 rattled and stopped past the cushion line, and the next shot was refused)', () => {
    const layout = {
      table: '9ft' as const,
      balls: [
        { id: 0 as const, x: 2.096848501299079, y: 0.5161361126783092 },
        { id: 6 as const, x: 2.545562146715546, y: 0.027064997437233562 },
        { id: 8 as const, x: 1.9706404087752905, y: 0.4774504886820537 },
      ],
    };
    expect(simulate(layout, { phi: -175.77, V: 1.3, a: 0, b: -0.5 }).ok).toBe(true);
  });

  it('frozen balls (exactly 2R apart) are fine; a missing cue ball is not', () => {
    const frozen = simulate(
      {
        table: '9ft',
        balls: [
          { id: 0, x: 0.5, y: W9 / 2 },
          { id: 1, x: 0.5 + 2 * R, y: W9 / 2 },
        ],
      },
      { phi: 0, V: 1 },
    );
    expect(frozen.ok).toBe(true);
    const noCue = simulate({ table: '9ft', balls: [{ id: 1, x: 1, y: 0.5 }] }, { phi: 0, V: 1 });
    expect(!noCue.ok && noCue.error.code).toBe('E_SIM_NO_CUE_BALL');
  });

  it('parseShot', () => {
    expect(parseShot({ phi: 10, V: 2 })).toEqual({ ok: true, value: { phi: 10, V: 2 } });
    const bad: [unknown, string][] = [
      [{ V: 2 }, 'shot.phi'],
      [{ phi: 0, V: -1 }, 'shot.V'],
      [{ phi: 0, V: 1, a: 0.6, b: 0.6 }, 'shot.b'],
      [{ phi: 0, V: 1, a: 0.8 }, 'shot.a'],
      [{ phi: 0, V: 16 }, 'shot.V'],
      [{ phi: 0, V: 1, theta: 61 }, 'shot.theta'],
      [{ phi: 0, V: 1, theta: 95 }, 'shot.theta'],
    ];
    for (const [x, field] of bad) {
      const r = parseShot(x);
      expect(!r.ok && r.error.code).toBe('E_SIM_BAD_SHOT');
      expect(!r.ok && r.error.field).toBe(field);
    }
  });

  it('every code is in the registry', () => {
    expect(new Set(SIM_ERROR_CODES).size).toBe(SIM_ERROR_CODES.length);
  });
});

describe('pool8 sim', () => {
  afterEach(() => vi.restoreAllMocks());
  const input = JSON.stringify({
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 0.6, y: 0.635 },
        { id: 1, x: 1.9, y: 0.635 },
      ],
    },
    shot: { phi: 0, V: 2 },
  });

  it('prints { events, layout } and, with --trace, samples at least every 10 ms', () => {
    const out = runSim(input, true);
    expect(out.events[0]).toEqual({ type: 'strike', t: 0, ball: 0 });
    expect(out.events.at(-1)!.type).toBe('rest');
    expect(out.events.some((e) => e.type === 'crossHeadString')).toBe(true);
    for (let k = 1; k < out.events.length; k++)
      expect(out.events[k]!.t!).toBeGreaterThanOrEqual(out.events[k - 1]!.t!);
    const tr = out.trace![0]!;
    for (let k = 1; k < tr.length; k++)
      expect(tr[k]![0] - tr[k - 1]![0]).toBeLessThanOrEqual(0.01 + 1e-12);
    expect(runSim(input, false).trace).toBeUndefined();
  });

  it('runs through commander and rejects bad input with a coded error (exit 1)', async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      writes.push(String(s));
      return true;
    });
    const program = new Command('pool8').exitOverride();
    registerSim(program);
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool8-')), 'shot.json');
    fs.writeFileSync(file, input);
    await program.parseAsync(['node', 'pool8', 'sim', '--in', file]);
    const doc = JSON.parse(writes.join(''));
    expect(doc.layout.balls.length).toBe(2);
    const bad = JSON.stringify({
      layout: {
        balls: [
          { id: 0, x: 0.6, y: 0.6 },
          { id: 0, x: 1, y: 1 },
        ],
      },
      shot: { phi: 0, V: 1 },
    });
    let caught: unknown;
    try {
      runSim(bad, false);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).code).toBe('E_SIM_DUPLICATE_BALL');
    expect((caught as CliError).exitCode).toBe(1);
  });
});
