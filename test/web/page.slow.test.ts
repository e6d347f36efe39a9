/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Served, serve } from '../server/spawn.js';
import { launch, SHOTS } from './browser.js';

/**
 * The page end to end (docs/web.md): a real `pool8 serve` serving the built
 * page, Debian's chromium driving it as a user would — a position set up by
 * dragging, suggestions asked for and drawn, a few shots against the bot,
 * a reload that finds the game, its replay stepped by keyboard, a record
 * file opened, and the phone-sized layout. Screenshots go to
 * .pool8-tmp/screenshots.
 */
let server: Served;
let browser: Browser;

beforeAll(async () => {
  server = await serve(['--threads', '2']);
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The screen point of a table point (metres), by the board's own transform. */
async function screenOf(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([tx, ty]) => {
      const svg = document.querySelector('svg.board') as SVGSVGElement;
      const table = svg.dataset.table as string;
      const W = { '9ft': 1.27, '8ft': 1.1684, '7ft': 0.9906 }[table]!;
      const edge = 10 + 0.15 * 400;
      const m = svg.getScreenCTM()!;
      const p = new DOMPoint(edge + tx! * 400, edge + (W - ty!) * 400).matrixTransform(m);
      return { x: p.x, y: p.y };
    },
    [x, y],
  );
}

async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = (await page.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** The record fixture (pool8 play --a greedy --b random --seed 3 --out) and its number of actions. */
const RECORD = join(import.meta.dirname, '../cli/fixtures/record-greedy-random.json');
const RECORD_ACTIONS = (
  JSON.parse(readFileSync(RECORD, 'utf8')) as { frames: { shots: unknown[] }[] }
).frames.reduce((n, f) => n + f.shots.length, 0);

const ball = (id: number) => `svg.board g.balls g.ball[data-ball="${id}"]`;

async function ballAt(page: Page, id: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate((sel) => {
    const g = document.querySelector(sel);
    const c = g?.querySelector('circle');
    if (!c) return null;
    // Back to table metres from the drawing's own coordinates.
    const svg = document.querySelector('svg.board') as SVGSVGElement;
    const W = { '9ft': 1.27, '8ft': 1.1684, '7ft': 0.9906 }[svg.dataset.table as string]!;
    const edge = 70;
    return {
      x: (Number(c.getAttribute('cx')) - edge) / 400,
      y: W - (Number(c.getAttribute('cy')) - edge) / 400,
    };
  }, ball(id));
}

describe('the page in a real browser', () => {
  let gameId = '';
  let actions = 0;

  it('position editor: a position set up by dragging, suggestions drawn as distinct alternatives', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/#/edit`);
    await page.locator(ball(0)).waitFor();
    expect(await page.locator('svg.board g.balls g.ball').count()).toBe(16);
    // Pocket labels are on the table.
    for (const p of ['HL', 'HR', 'SL', 'SR', 'FL', 'FR'])
      expect(
        await page.locator(`svg.board text.pocket-label[data-pocket="${p}"]`).textContent(),
      ).toMatch(new RegExp(`^${p}`));

    await page.getByRole('button', { name: 'Clear table' }).click();
    expect(await page.locator('svg.board g.balls g.ball').count()).toBe(0);
    // Back from the tray, then dragged where they belong.
    const want: Record<number, [number, number]> = {
      0: [0.8, 0.55],
      1: [1.7, 0.9],
      3: [2.25, 0.3],
      8: [1.3, 0.35],
      10: [2.0, 0.8],
      12: [0.6, 0.22],
    };
    for (const [id, [x, y]] of Object.entries(want)) {
      await page.locator(`.tray-ball[data-ball="${id}"]`).click();
      await drag(page, await centre(page, ball(Number(id))), await screenOf(page, x, y));
      const at = await ballAt(page, Number(id));
      expect(Math.hypot(at!.x - x, at!.y - y)).toBeLessThan(0.01);
    }
    // One dragged off the table past the rail goes back to the tray.
    await page.locator('.tray-ball[data-ball="15"]').click();
    await drag(page, await centre(page, ball(15)), await screenOf(page, 1.5, 1.6));
    expect(await page.locator(ball(15)).count()).toBe(0);
    expect(await page.locator('.tray-ball[data-ball="15"]').count()).toBe(1);
    await page.selectOption('select[name="hand"]', '');
    await page.selectOption('select[name="groups"]', 'solids');
    await expect.poll(() => page.locator('.status').textContent()).toMatch(/player 0 solids/);
    await page.screenshot({ path: join(SHOTS, 'editor-position.png') });

    // The position lives in the URL: a reload shows it again.
    const url = page.url();
    expect(url).toMatch(/#\/edit\?p=/);
    await page.reload();
    await page.locator(ball(0)).waitFor();
    const cue = await ballAt(page, 0);
    expect(Math.hypot(cue!.x - 0.8, cue!.y - 0.55)).toBeLessThan(0.01);
    // By keyboard: the focused ball moves 5 mm per arrow, and back.
    await page.locator(ball(0)).focus();
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    const moved = await ballAt(page, 0);
    expect(moved!.x - cue!.x).toBeCloseTo(0.02, 4);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-ball'))).toBe('0');
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowLeft');
    expect((await ballAt(page, 0))!.x).toBeCloseTo(cue!.x, 4);

    await page.selectOption('select[name="level"]', 'beginner');
    await page.locator('[data-action="suggest"]').click();
    await page.locator('li.alternative').first().waitFor({ timeout: 60_000 });
    const keys = await page
      .locator('li.alternative')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
    // Each entry is drawn: its cue-ball path and the numbers in words.
    expect(await page.locator('svg.board g.alt polyline.path.cue').count()).toBe(keys.length);
    const first = await page.locator('li.alternative').first().textContent();
    expect(first).toMatch(/P\(pot\) \d+%.*P\(foul\) \d+%.*P\(win\) \d+% ± \d+%/);
    await page.screenshot({ path: join(SHOTS, 'editor-suggestions.png') });
    await page.locator('li.alternative .entry').first().click();
    await expect.poll(() => page.locator('svg.board').getAttribute('data-animating')).toBe('true');
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(SHOTS, 'editor-suggestion-moving.png') });
    await expect
      .poll(() => page.locator('svg.board').getAttribute('data-animating'), { timeout: 30_000 })
      .toBe('false');
    expect(await page.locator('svg.board g.alt').count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'editor-suggestion-played.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('play against the bot: a few shots, a reload finds the game', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/#/play`);
    await page.selectOption('select[name="level"]', 'beginner');
    // Seed 15 with the bot breaking: the stored break scratches, so you start with the cue ball in hand (R7).
    await page.fill('input[name="seed"]', '15');
    await page.selectOption('select[name="breaker"]', '1');
    await page.locator('[data-action="new-game"]').click();
    await page.waitForURL(/#\/play\/[0-9a-f-]+$/);
    gameId = page.url().split('/').pop()!;
    const view = page.locator('section.play');
    const settled = () =>
      expect
        .poll(() => view.getAttribute('data-turn'), { timeout: 120_000 })
        .toMatch(/^(human|over)$/);
    await settled();
    // The seed's premise checked where it is made: if another stored break
    // stops scratching on it, this line says so, not the count of drags below.
    expect(await page.locator('svg.board g.ball.in-hand').count()).toBe(1);
    let placed = 0;
    for (let shot = 0; shot < 3; shot++) {
      if ((await view.getAttribute('data-turn')) === 'over') break;
      if ((await page.locator('svg.board g.ball.in-hand').count()) > 0) {
        // Ball in hand: the cue ball is dragged to where it is played from (the kitchen here).
        const to = await screenOf(page, 0.55, 0.3);
        await drag(page, await centre(page, 'svg.board g.ball.in-hand'), to);
        const at = await ballAt(page, 0);
        expect(Math.hypot(at!.x - 0.55, at!.y - 0.3)).toBeLessThan(0.01);
        placed++;
      }
      if (shot > 0 && (await page.locator('[data-action="shoot"]').count()) > 0) {
        // Aim by dragging from the cue ball towards the nearest object ball.
        const cue = await centre(page, ball(0));
        const others = await page.locator('svg.board g.balls g.ball').evaluateAll((els) =>
          els
            .filter((e) => e.getAttribute('data-ball') !== '0')
            .map((e) => {
              const b = e.getBoundingClientRect();
              return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
            }),
        );
        others.sort(
          (a, b) => Math.hypot(a.x - cue.x, a.y - cue.y) - Math.hypot(b.x - cue.x, b.y - cue.y),
        );
        await drag(page, cue, others[0]!);
      }
      if ((await page.locator('[data-option]').count()) > 0)
        await page.locator('[data-option]').first().click();
      else await page.locator('[data-action="shoot"]').click();
      await settled();
    }
    expect(placed).toBeGreaterThanOrEqual(1);
    actions = await page.locator('ol.log li').count();
    expect(actions).toBeGreaterThanOrEqual(3);
    // Every verdict names its rule where it applies one.
    const log = await page.locator('ol.log').textContent();
    expect(log).toMatch(/Player [01]/);
    await page.screenshot({ path: join(SHOTS, 'play.png') });

    await page.reload();
    await settled();
    expect(await page.locator('ol.log li').count()).toBe(actions);
    await page.goto(`${server.url}/#/play`);
    await page.locator(`a[href="#/play/${gameId}"]`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('replay: the game stepped by keyboard, a record file opened', async () => {
    expect(gameId).not.toBe('');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/#/replay/${gameId}`);
    await page.locator('ol.steps li').first().waitFor();
    expect(await page.locator('ol.steps li').count()).toBe(actions);
    const counter = page.locator('.counter');
    await expect.poll(() => counter.textContent()).toBe(`position 0 of ${actions}`);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => counter.textContent(), { timeout: 30_000 })
      .toBe(`position 1 of ${actions}`);
    await page.screenshot({ path: join(SHOTS, 'replay-step1.png') });
    await page.keyboard.press('End');
    await expect.poll(() => counter.textContent()).toBe(`position ${actions} of ${actions}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe(`position ${actions - 1} of ${actions}`);
    await page.keyboard.press('Home');
    await expect.poll(() => counter.textContent()).toBe(`position 0 of ${actions}`);

    await page.goto(`${server.url}/#/replay`);
    await page.locator('input[type="file"]').setInputFiles(RECORD);
    await page.locator('[data-check]').waitFor();
    expect(await page.locator('[data-check]').getAttribute('data-check')).toBe('ok');
    expect(await page.locator('ol.steps li').count()).toBe(RECORD_ACTIONS);
    await page.keyboard.press('End');
    await page.screenshot({ path: join(SHOTS, 'replay-record.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('replay: a file of several records (match --out) listed, one chosen, and back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/#/replay`);
    const line = readFileSync(RECORD, 'utf8').trim();
    // Two records and a line torn by a run stopped mid-write.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'games.jsonl',
      mimeType: 'application/jsonl',
      buffer: Buffer.from(`${line}\n${line}\n${line.slice(0, 100)}`),
    });
    const items = page.locator('ol.records li');
    await items.first().waitFor();
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toMatch(/^greedy \(olympiad\) vs random \(olympiad\)/);
    expect(await items.nth(2).textContent()).toMatch(/^line 3 is not JSON/);
    await page.screenshot({ path: join(SHOTS, 'replay-records.png') });
    await items.nth(1).locator('button').click();
    await page.locator('[data-check]').waitFor();
    expect(await page.locator('[data-check]').getAttribute('data-check')).toBe('ok');
    expect(await page.locator('.side h2').textContent()).toContain('record 2 of 3');
    expect(await page.locator('ol.steps li').count()).toBe(RECORD_ACTIONS);
    await page.keyboard.press('End');
    await expect
      .poll(() => page.locator('.counter').textContent())
      .toBe(`position ${RECORD_ACTIONS} of ${RECORD_ACTIONS}`);
    await page.locator('[data-action="records"]').click();
    await expect.poll(() => items.count()).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a phone-sized viewport: nothing wider than the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/#/edit`);
    await page.locator(ball(0)).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'phone-editor.png'), fullPage: true });
    await page.close();
  });
});
