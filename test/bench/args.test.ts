/**
 * The diagnosis scripts' command lines (bench/args.ts): `--help` prints the
 * usage and exits 0; an unknown option or a missing value is one line on
 * stderr and exit 2, as the CLI does — node's parseArgs alone threw a stack
 * trace (seen: `runout.js --help`). Runs the built scripts after `npm test`'s
 * build; none of these cases plays a shot.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAK_DATA } from '../../ai/breakData.js';

const root = join(import.meta.dirname, '../..');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [join(root, 'dist/bench', script), ...args], {
    encoding: 'utf8',
    cwd: root,
  });

describe.each(['runout.js', 'potModel.js'])('bench/%s options', (script) => {
  const name = script.replace('.js', '');
  it('--help prints the usage and exits 0', () => {
    const r = run(script, ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: node dist/bench/${script}`));
    expect(r.stdout).toContain('--seed S');
  });
  it('an unknown option is one line and exit 2', () => {
    const r = run(script, ['--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${name}: Unknown option '--bogus'\n`);
  });
  it('a bad value is one line and exit 2', () => {
    const r = run(script, ['--seed', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${name}: --seed must be a whole number\n`);
  });
});

/** runout.js refuses `option value` with this one line on stderr and exit 2. */
function refuses(option: string, value: string, message: string) {
  const r = run('runout.js', [option, value]);
  expect(r.status).toBe(2);
  expect(r.stderr).toBe(message);
}

describe('bench/runout.js --noise', () => {
  it.each([
    ['not JSON', 'x'],
    ['not an object', '[1]'],
    ['an unknown field', '{"psi":1}'],
    ['a negative σ', '{"phi":-1}'],
    ['not a number', '{"V":"0.1"}'],
  ])('%s is one line and exit 2', (_, value) =>
    refuses(
      '--noise',
      value,
      `runout: --noise must be a JSON object of phi, V, a, b, theta, each a number ≥ 0, e.g. '{"phi":0.0625}'\n`,
    ),
  );
});

describe('bench/runout.js --budget', () => {
  it.each([
    ['not JSON', 'x', `runout: --budget must be JSON, e.g. '{"finalists":12}'\n`],
    [
      'an unknown field',
      '{"finalist":12}',
      'runout: --budget: budget has no field "finalist"; it has candidates, samples, finalists, finalSamples, potSamples, lookahead\n',
    ],
    [
      'a lookahead field out of range',
      '{"lookahead":{"pots":0}}',
      'runout: --budget: budget.lookahead.pots must be a whole number from 1 to 100, not 0\n',
    ],
  ])('%s is one line and exit 2', (_, value, message) => refuses('--budget', value, message));

  // Found while timing larger depth-2 budgets: the script spread the
  // overrides over the level's budget, so a lookahead naming only some of its
  // fields planned with no variants at depth 2 and ran out none of 16 racks.
  it("a partial lookahead keeps the level's other lookahead fields", () => {
    const r = run('runout.js', [
      '--racks',
      '1',
      '--seed',
      '5',
      '--threads',
      '1',
      '--budget',
      '{"candidates":1,"samples":1,"finalists":1,"finalSamples":1,"potSamples":1,"lookahead":{"pots":2}}',
    ]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).plannedWith).toBe(
      '1 candidates × 1 samples; 1 finalists × 1 samples at depth 2 (2 pots × 3 variants × 3 samples, all 5 variants with ≤ 3 to go) + 1 plain',
    );
  });
});

describe('bench/runout.js --break', () => {
  it.each([
    [
      'not JSON',
      'x',
      `runout: --break must be a JSON object like {"yFrac":0.5,"offset":0.5,"V":11,"b":-0.3}\n`,
    ],
    [
      'an unknown field',
      '{"yFrac":0.5,"offset":0,"V":11,"b":0,"a":0}',
      'runout: --break has an unknown field "a" (fields: yFrac, offset, V, b)\n',
    ],
    [
      'a speed out of range',
      '{"yFrac":0.5,"offset":0,"V":30,"b":0}',
      'runout: --break.V must be a number from 1 to 12.5\n',
    ],
  ])('%s is one line and exit 2', (_, value, message) => refuses('--break', value, message));

  // A small budget keeps the innings short; the point is the break, which the planner does not search.
  const cheap = '{"candidates":2,"samples":2,"finalists":1,"finalSamples":2,"lookahead":null}';
  const inning = (extra: string[]) => {
    const r = run('runout.js', [
      '--racks',
      '3',
      '--seed',
      '5',
      '--threads',
      '1',
      '--json',
      '--budget',
      cheap,
      ...extra,
    ]);
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as {
      break: unknown;
      perRack: { end: string; shots: number; left: number }[];
    };
  };
  it('the stored break given as --break plays the same innings as without it', () => {
    const stored = inning([]);
    const given = inning(['--break', JSON.stringify(BREAK_DATA.best.spec)]);
    expect(stored.break).toBeNull();
    expect(given.break).toEqual(BREAK_DATA.best.spec);
    const ends = (x: typeof stored) => x.perRack.map((p) => [p.end, p.shots, p.left]);
    expect(ends(given)).toEqual(ends(stored));
    // Another break changes what the racks give: a soft stop-shot into the apex.
    const other = inning(['--break', '{"yFrac":0.5,"offset":0,"V":3,"b":0}']);
    expect(ends(other)).not.toEqual(ends(stored));
  });
});

describe('bench/pairedRunouts.js', () => {
  const report = (seed: number, ends: string[]) =>
    `${JSON.stringify({
      racks: ends.length,
      seed,
      level: 'olympiad',
      budget: {},
      ends: {
        runout: ends.filter((e) => e === 'runout').length,
        miss: ends.filter((e) => e === 'miss').length,
      },
      decisionMs: { p50: 1, p95: 2, max: 3 },
      perRack: ends.map((end, rack) => ({ rack, end, shots: 1, left: 0, last: '' })),
    })}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'pool8-paired-'));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  it('counts the racks only one variant ran out and tests them', () => {
    // 12 racks: A runs out 0–1, B runs out 1–11 and 0; so only A: rack 0, only B: racks 2–11 (10).
    const ends = (f: (i: number) => boolean) =>
      Array.from({ length: 12 }, (_, i) => (f(i) ? 'runout' : 'miss'));
    const a = write(
      'a.json',
      report(
        7,
        ends((i) => i < 2),
      ),
    );
    const b = write(
      'b.json',
      report(
        7,
        ends((i) => i !== 0),
      ),
    );
    const r = run('pairedRunouts.js', [a, b]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('run out only by A 1, only by B 10');
    // 2·(1 + 11)/2¹¹ = 0.01171875
    expect(r.stdout).toContain('McNemar exact two-sided P = 0.0117');
  });
  it('refuses reports made on different racks', () => {
    const a = write('c.json', report(7, ['runout']));
    const b = write('d.json', report(8, ['runout']));
    const r = run('pairedRunouts.js', [a, b]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^pairedRunouts: the reports are not on the same racks/);
  });
  it('sums pairs made on different seeds into one test', () => {
    // Seed 7: only A rack 0, only B racks 1–3; seed 8: only B racks 0–6. In all: 1 against 10.
    const a7 = write('a7.json', report(7, ['runout', 'miss', 'miss', 'miss', 'runout']));
    const b7 = write('b7.json', report(7, ['miss', 'runout', 'runout', 'runout', 'runout']));
    const a8 = write('a8.json', report(8, Array(8).fill('miss')));
    const b8 = write('b8.json', report(8, [...Array(7).fill('runout'), 'miss']));
    const r = run('pairedRunouts.js', [a7, b7, a8, b8]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('run out only by A 1, only by B 3');
    expect(r.stdout).toContain('run out only by A 0, only by B 7');
    expect(r.stdout).toContain(
      'all 2 pairs, 13 racks: run-outs A 2 (15.4%), B 11 (84.6%); run out only by A 1, only by B 10; McNemar exact two-sided P = 0.0117',
    );
    // A pair on different racks is refused even among good ones.
    const r2 = run('pairedRunouts.js', [a7, b7, a7, b8]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^pairedRunouts: the reports are not on the same racks/);
  });
  it('wants pairs of files', () => {
    for (const args of [['only.json'], ['a.json', 'b.json', 'c.json']]) {
      const r = run('pairedRunouts.js', args);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        'pairedRunouts: give two runout --json files, or pairs of them (A B A2 B2 ...)\n',
      );
    }
  });
});
