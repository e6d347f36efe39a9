/**
 * engine/dmath.ts gives Node's bits in a browser: the same module, run in
 * Debian's chromium and here on the same 50,000 arguments, returns the same
 * doubles, where Math.sin, exp, atan2 and the rest do not (the two engines
 * differ in the last bit on 3–16 % of arguments; docs/physics.md
 * "Determinism"). A record made by the command line replays "identical" on
 * the page because of this (test/web/page.slow.test.ts opens one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The compiled module as a script body: its exports become plain functions. */
const MODULE = readFileSync(join(import.meta.dirname, '../../dist/engine/dmath.js'), 'utf8')
  .replace(/^export /gm, '')
  .replace(/\/\/# sourceMappingURL=.*$/m, '');

/** Evaluates every function on the same seeded arguments; run here and in the page. */
const BODY = `
let s = 7;
const rnd = () => { s = (Math.imul(s, 1103515245) + 12345) | 0; return (s >>> 0) / 4294967296; };
const dm = [], math = [];
for (let i = 0; i < 50000; i++) {
  const x = (rnd() - 0.5) * 40, y = (rnd() - 0.5) * 4;
  dm.push(dsin(x), dcos(x), dexp(x), dlog(Math.abs(x)), datan(x), datan2(y, x), dacos(y / 2), dasin(y / 2), dhypot(x, y));
  math.push(Math.sin(x), Math.cos(x), Math.exp(x), Math.log(Math.abs(x)), Math.atan(x), Math.atan2(y, x), Math.acos(y / 2), Math.asin(y / 2), Math.hypot(x, y));
}
return { dm, math };`;

const differing = (a: number[], b: number[]) => a.filter((x, i) => !Object.is(x, b[i])).length;

describe('deterministic math in a browser', () => {
  it('the same bits as in Node on 450,000 values', async () => {
    const here = new Function(`${MODULE}\n${BODY}`)() as { dm: number[]; math: number[] };
    const page = await browser.newPage();
    const there = (await page.evaluate(`(() => { ${MODULE}\n${BODY} })()`)) as {
      dm: number[];
      math: number[];
    };
    await page.close();
    expect(there.dm.length).toBe(450_000);
    expect(differing(here.dm, there.dm)).toBe(0);
    // What Math itself does on this pair of engines, for the record (not asserted: a
    // later Node or chromium may agree again).
    console.log(
      `Math: ${differing(here.math, there.math)} of ${here.math.length} values differ between Node ${process.version} and ${browser.version()}`,
    );
  }, 120_000);
});
