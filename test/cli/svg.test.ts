/**
 * The coach's drawing, `pool8 suggest --svg` (docs/drawing.md): distinct
 * alternatives, paths from the simulator, the table to scale with its
 * pockets labelled, a legend row per entry, well-formed XML.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Candidate, CandidateKind } from '../../ai/candidates.js';
import type { RankedShot } from '../../ai/planner.js';
import { stateFromInput } from '../../cli/commands/suggest.js';
import { alternatives, variantsLabel } from '../../cli/draw/alternatives.js';
import { luminance, textOn } from '../../cli/draw/balls.js';
import { layoutOf, shotPaths, simplify } from '../../cli/draw/paths.js';
import { viewFor } from '../../cli/draw/view.js';
import { renderSvg } from '../../cli/svg.js';
import type { Call } from '../../engine/call.js';
import type { Shot } from '../../engine/shot.js';
import type { FrameState } from '../../engine/state.js';
import { BALL_RADIUS, POCKET_IDS, type Point, TABLE_DIMENSIONS } from '../../engine/table.js';
import { simulate } from '../../sim/index.js';

const root = join(import.meta.dirname, '../..');
const read = (f: string) => JSON.parse(readFileSync(join(root, f), 'utf8'));
const openTable = stateFromInput(read('examples/suggest-open-table.json'), 'pl-bca');
const inHand = stateFromInput(read('examples/suggest-ball-in-hand.json'), 'pl-bca');

// ---------------------------------------------------------------------------
// A small XML well-formedness check (no dependency): one root element, tags
// nested and closed, attributes quoted and not repeated, text without a raw
// '<' and with only known entity references.

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function checkText(s: string, at: number): void {
  for (let i = s.indexOf('&'); i >= 0; i = s.indexOf('&', i + 1))
    if (!ENTITY.test(s.slice(i))) throw new Error(`bad entity reference at ${at + i}`);
  if (s.includes('>') && s.includes(']]>')) throw new Error(`']]>' in text at ${at}`);
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function parseXml(src: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const skipProlog = () => {
    for (;;) {
      while (/\s/.test(src[i] ?? '')) i++;
      if (src.startsWith('<?', i)) i = src.indexOf('?>', i) + 2;
      else if (src.startsWith('<!--', i)) i = src.indexOf('-->', i) + 3;
      else return;
      if (i < 2) throw new Error('unterminated prolog');
    }
  };
  skipProlog();
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = lt < 0 ? src.slice(i) : src.slice(i, lt);
    if (text.length > 0) {
      if (stack.length === 0) {
        if (text.trim() !== '') throw new Error(`text outside the root at ${i}`);
      } else {
        checkText(text, i);
        stack[stack.length - 1]!.text += unescapeXml(text);
      }
    }
    if (lt < 0) break;
    i = lt;
    if (src.startsWith('<!--', i)) {
      const e = src.indexOf('-->', i);
      if (e < 0) throw new Error('unterminated comment');
      i = e + 3;
      continue;
    }
    if (src.startsWith('</', i)) {
      const m = NAME.exec(src.slice(i + 2));
      if (!m) throw new Error(`bad end tag at ${i}`);
      const open = stack.pop();
      if (!open || open.name !== m[0])
        throw new Error(`</${m[0]}> at ${i} closes <${open?.name ?? 'nothing'}>`);
      i += 2 + m[0].length;
      while (/\s/.test(src[i] ?? '')) i++;
      if (src[i] !== '>') throw new Error(`bad end tag at ${i}`);
      i++;
      continue;
    }
    const m = NAME.exec(src.slice(i + 1));
    if (!m) throw new Error(`bad start tag at ${i}`);
    const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
    i += 1 + m[0].length;
    let selfClosing = false;
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))![0].length;
      i += ws;
      if (src.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (src[i] === '>') {
        i++;
        break;
      }
      if (ws === 0) throw new Error(`no space before an attribute at ${i}`);
      const a = /^([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/.exec(src.slice(i));
      if (!a) throw new Error(`bad attribute at ${i}: ${src.slice(i, i + 30)}`);
      if (a[1]! in el.attrs) throw new Error(`repeated attribute ${a[1]} at ${i}`);
      const value = a[2] ?? a[3] ?? '';
      checkText(value, i);
      el.attrs[a[1]!] = unescapeXml(value);
      i += a[0].length;
    }
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else if (root) throw new Error(`a second root element <${el.name}> at ${i}`);
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) throw new Error('no root element');
  return root;
}

function all(e: XmlElement, pred: (x: XmlElement) => boolean, out: XmlElement[] = []) {
  if (pred(e)) out.push(e);
  for (const c of e.children) all(c, pred, out);
  return out;
}
const hasClass = (e: XmlElement, c: string) => (e.attrs.class ?? '').split(/\s+/).includes(c);
const textOf = (e: XmlElement): string => e.text + e.children.map(textOf).join('');
const polyPoints = (e: XmlElement): { x: number; y: number }[] =>
  e.attrs
    .points!.trim()
    .split(/\s+/)
    .map((p) => {
      const [x, y] = p.split(',').map(Number);
      return { x: x!, y: y! };
    });

// ---------------------------------------------------------------------------
// A ranking as the planner makes it, built by hand from its real output on
// examples/suggest-open-table.json (the shots are its refined aims).

function ranked(
  kind: CandidateKind,
  call: Call,
  shot: Shot,
  value: number,
  placement: Point | null = null,
): RankedShot {
  const candidate: Candidate = {
    kind,
    call,
    shot,
    placement,
    prior: 0.5,
    target: call.kind === 'pocket' ? { ball: call.ball, pocket: call.pocket } : null,
    describe: call.kind === 'pocket' ? `${call.ball} in ${call.pocket}` : 'safety',
  };
  return {
    candidate,
    shot,
    window: null,
    samples: 64,
    value,
    stderr: 0.015,
    pPot: kind === 'safety' ? 0 : 0.9,
    pFoul: 0.02,
    pLose: 0,
    leave: value,
  };
}
const pot = (ball: number, pocket: 'HL' | 'FL' | 'HR') =>
  ({ kind: 'pocket', ball, pocket }) as Call;

const RANKING: RankedShot[] = [
  ranked('pot', pot(6, 'HL'), { phi: 129.62220921823084, V: 2.2, a: 0, b: -0.3 }, 0.83),
  ranked('pot', pot(6, 'HL'), { phi: 129.72, V: 1.2, a: 0, b: 0 }, 0.82),
  ranked('pot', pot(6, 'HL'), { phi: 128.54, V: 1.2, a: 0.35, b: 0 }, 0.78),
  ranked('pot', pot(1, 'FL'), { phi: 28.859160789683266, V: 2.2, a: 0, b: -0.3 }, 0.57),
  ranked('pot', pot(1, 'FL'), { phi: 29.78, V: 0.87, a: 0, b: 0.3 }, 0.56),
  ranked(
    'bank',
    pot(6, 'HR'),
    { phi: 134.41230906950804, V: 1.5889639518219878, a: 0, b: 0 },
    0.54,
  ),
  ranked('bank', pot(6, 'FL'), { phi: 128.4482446566612, V: 2.84352761579136, a: 0, b: 0 }, 0.52),
  ranked('safety', { kind: 'safety' }, { phi: 131.98721249581666, V: 1.6, a: 0, b: 0 }, 0.42),
  ranked('safety', { kind: 'safety' }, { phi: 100, V: 1, a: 0, b: 0 }, 0.4),
];

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The simulator's own final cue-ball position for a shot, independently of the drawing. */
function finalCue(state: FrameState, shot: Shot, placement: Point | null) {
  const layout = layoutOf(state, placement)!;
  const r = simulate(layout, shot);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.layout.balls.find((b) => b.id === 0) ?? null;
}

describe('alternatives (cli/draw/alternatives.ts)', () => {
  it('groups by (kind, ball, pocket), keeps the best of each in rank order, counts the variants', () => {
    const a = alternatives(RANKING, 10);
    expect(a.map((x) => x.key)).toEqual([
      'pot 6 HL',
      'pot 1 FL',
      'bank 6 HR',
      'bank 6 FL',
      'safety',
    ]);
    expect(a.map((x) => x.rank)).toEqual([1, 4, 6, 7, 8]);
    expect(a.map((x) => x.variants)).toEqual([2, 1, 0, 0, 1]);
    // The folded members, for the page's "variants" list: their own places in the ranking.
    expect(a[0]!.folded.map((f) => f.rank)).toEqual([2, 3]);
    expect(a[0]!.folded[0]!.shot).toBe(RANKING[1]);
    expect(a.map((x) => x.folded.length)).toEqual(a.map((x) => x.variants));
    expect(a[0]!.best).toBe(RANKING[0]);
    expect(a[1]!.best).toBe(RANKING[3]);
  });
  it('stops at max; a bank and a pot of the same ball and pocket are different shots', () => {
    expect(alternatives(RANKING, 2).map((x) => x.key)).toEqual(['pot 6 HL', 'pot 1 FL']);
    expect(alternatives(RANKING, 0)).toEqual([]);
    expect(alternatives([], 5)).toEqual([]);
    const mixed = [RANKING[5]!, ranked('pot', pot(6, 'HR'), { phi: 1, V: 1 }, 0.1)];
    expect(alternatives(mixed, 5).map((x) => x.key)).toEqual(['bank 6 HR', 'pot 6 HR']);
  });
  it('says how many variants were folded', () => {
    expect(variantsLabel(0)).toBe('');
    expect(variantsLabel(1)).toBe('+1 spin/speed variant');
    expect(variantsLabel(2)).toBe('+2 spin/speed variants');
    expect(variantsLabel(1, 'safety')).toBe('+1 other safety');
    expect(variantsLabel(3, 'safety')).toBe('+3 other safeties');
  });
});

describe('the XML check', () => {
  it('accepts well-formed XML and refuses what is not', () => {
    expect(parseXml('<a x="1"><b>t &amp; u</b><c/></a>').children).toHaveLength(2);
    for (const bad of [
      '<a><b></a></b>',
      '<a>',
      '<a x=1/>',
      '<a x="1" x="2"/>',
      '<a>x & y</a>',
      '<a>1 < 2</a>',
      '<a/><b/>',
      '<a y="<"/>',
    ])
      expect(() => parseXml(bad), bad).toThrow();
  });
});

describe('renderSvg', () => {
  const svg = renderSvg(openTable, RANKING, 5, { level: 'olympiad noise' });
  const doc = parseXml(svg);
  const groups = all(doc, (e) => e.name === 'g' && hasClass(e, 'alt'));
  const rows = all(doc, (e) => e.name === 'g' && hasClass(e, 'legend-row'));
  const entries = alternatives(RANKING, 5);
  const view = viewFor(openTable.table);

  it('is one well-formed SVG document with a title and a description in words', () => {
    expect(doc.name).toBe('svg');
    expect(doc.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    const title = doc.children.find((e) => e.name === 'title');
    const desc = doc.children.find((e) => e.name === 'desc');
    expect(title && textOf(title)).toContain('5 distinct shots');
    const d = desc ? textOf(desc) : '';
    expect(d).toContain('6 → HL, pot');
    expect(d).toContain('φ 129.62°');
    expect(d).toContain('V 2.20 m/s');
    expect(d).toContain('P(win) 83% ± 3%');
    expect(d).toContain('+2 spin/speed variants');
  });

  it('draws one path group and one legend row per distinct alternative, in order', () => {
    expect(groups.map((g) => g.attrs['data-key']).sort()).toEqual(entries.map((e) => e.key).sort());
    expect(new Set(groups.map((g) => g.attrs['data-key'])).size).toBe(groups.length);
    expect(rows).toHaveLength(entries.length);
    expect(rows.map((r) => r.attrs['data-entry'])).toEqual(['1', '2', '3', '4', '5']);
    const first = textOf(rows[0]!);
    expect(first).toContain('6 → HL, pot');
    expect(first).toContain('+2 spin/speed variants');
    expect(first).toContain('V 2.20 m/s');
    expect(first).toContain('tip a 0.00, b −0.30');
    expect(first).toContain('P(pot) 90%');
    expect(first).toContain('P(foul) 2%');
    expect(first).toContain('P(win) 83% ± 3%');
    // The cue-tip diagram: a dot below the centre for draw.
    const tip = all(rows[0]!, (e) => hasClass(e, 'tip'))[0]!;
    const [face, , dot] = tip.children;
    expect(Number(dot!.attrs.cy)).toBeGreaterThan(Number(face!.attrs.cy));
    expect(Number(dot!.attrs.cx)).toBeCloseTo(Number(face!.attrs.cx), 6);
    // --top 3: three entries.
    const three = parseXml(renderSvg(openTable, RANKING, 3));
    expect(all(three, (e) => hasClass(e, 'alt'))).toHaveLength(3);
    expect(all(three, (e) => hasClass(e, 'legend-row'))).toHaveLength(3);
  });

  it('ends each cue-ball path where the simulator leaves the cue ball (to 0.1 mm)', () => {
    groups.forEach((g) => {
      const e = entries.find((x) => x.key === g.attrs['data-key'])!;
      const cue = all(g, (x) => hasClass(x, 'cue'));
      expect(cue).toHaveLength(1);
      const pts = polyPoints(cue[0]!);
      const end = view.toTable(pts[pts.length - 1]!.x, pts[pts.length - 1]!.y);
      const start = view.toTable(pts[0]!.x, pts[0]!.y);
      const fin = finalCue(openTable, e.best.shot, null);
      expect(fin, e.key).not.toBeNull();
      expect(Math.abs(end.x - fin!.x), e.key).toBeLessThan(1e-4);
      expect(Math.abs(end.y - fin!.y), e.key).toBeLessThan(1e-4);
      // It starts at the cue ball.
      expect(Math.hypot(start.x - 0.9, start.y - 0.55)).toBeLessThan(1e-4);
    });
    // The leave is drawn as a hollow circle there.
    const leaves = all(doc, (x) => x.name === 'circle' && hasClass(x, 'leave'));
    expect(leaves.length).toBeGreaterThanOrEqual(entries.length);
    for (const l of leaves) expect(l.attrs.fill ?? 'none').toBe('none');
  });

  it('bends a bank at the cushion: the object ball reaches a rail before its pocket', () => {
    const bank = groups.find((g) => g.attrs['data-key'] === 'bank 6 HR')!;
    const six = all(bank, (x) => hasClass(x, 'object') && x.attrs['data-ball'] === '6')[0]!;
    const pts = polyPoints(six).map((p) => view.toTable(p.x, p.y));
    expect(pts.length).toBeGreaterThanOrEqual(3);
    const { width: W } = TABLE_DIMENSIONS['9ft'];
    // The left rail (y = W): some vertex is at one ball radius from its nose.
    expect(pts.some((p) => Math.abs(W - p.y - BALL_RADIUS) < 1e-3)).toBe(true);
    // The ghost ball at first contact touches the 6 (two radii apart).
    const ghost = all(doc, (x) => hasClass(x, 'ghost'));
    expect(ghost.length).toBe(entries.length);
    const paths = unwrap(shotPaths(openTable, entries[2]!.best.shot, null));
    expect(paths.firstContact!.ball).toBe(6);
    expect(
      Math.hypot(paths.firstContact!.at.x - 0.45, paths.firstContact!.at.y - 1.05),
    ).toBeCloseTo(2 * BALL_RADIUS, 3);
    expect(paths.pocketed).toContainEqual({ ball: 6, pocket: 'HR' });
  });

  it('labels the six pockets with the ids the text uses', () => {
    const labels = all(doc, (e) => e.name === 'text' && hasClass(e, 'pocket-label'));
    expect(labels.map((l) => l.attrs['data-pocket']).sort()).toEqual([...POCKET_IDS].sort());
    for (const l of labels) expect(textOf(l)).toContain(l.attrs['data-pocket']!);
  });

  it('draws every ball to scale with a number that contrasts with its colour, stripes banded', () => {
    const balls = all(doc, (e) => e.name === 'g' && hasClass(e, 'ball'));
    expect(balls.map((b) => b.attrs['data-ball'])).toEqual(
      openTable.balls.map((b) => String(b.id)),
    );
    for (const b of balls) {
      const disc = b.children[0]!;
      expect(Number(disc.attrs.r)).toBeCloseTo(BALL_RADIUS * view.scale, 1);
      const id = Number(b.attrs['data-ball']);
      const text = b.children.find((c) => c.name === 'text');
      if (id === 0) expect(text).toBeUndefined();
      else expect(text && textOf(text)).toBe(String(id));
      // Stripes: a white ball with a coloured band (a path), the number on the band.
      expect(b.children.some((c) => c.name === 'path')).toBe(id >= 9);
    }
    expect(textOn('#f5c400')).toBe('#111111'); // 1 and 9: dark on yellow
    expect(textOn('#f07800')).toBe('#111111'); // 5 and 13: dark on orange
    expect(textOn('#7a1f1f')).toBe('#ffffff'); // 7 and 15: white on maroon
    expect(textOn('#111111')).toBe('#ffffff');
    expect(luminance('#ffffff')).toBeCloseTo(1, 6);
  });

  it('draws the cue ball in hand where the shot places it, and its path from there', () => {
    const placement = { x: 2.0687252453979634, y: 0.30611071432675263 };
    const shot = { phi: -20.44354146156324, V: 3.5, a: 0, b: 0.3 };
    const r = [ranked('pot', { kind: 'pocket', ball: 9, pocket: 'FR' }, shot, 0.9, placement)];
    const d = parseXml(renderSvg(inHand, r, 5));
    const placed = all(d, (e) => e.attrs['data-placed-by'] === '1');
    expect(placed).toHaveLength(1);
    const cue = all(d, (e) => hasClass(e, 'cue'))[0]!;
    const pts = polyPoints(cue).map((p) => view.toTable(p.x, p.y));
    expect(Math.hypot(pts[0]!.x - placement.x, pts[0]!.y - placement.y)).toBeLessThan(1e-4);
    const fin = finalCue(inHand, shot, placement)!;
    const end = pts[pts.length - 1]!;
    expect(Math.hypot(end.x - fin.x, end.y - fin.y)).toBeLessThan(1e-4);
  });

  it('marks a scratch: no leave circle, the path ends in the pocket, the legend says so', () => {
    // The cue ball placed in the open, sent straight into the head-right corner.
    const shot = { phi: 225, V: 2, a: 0, b: 0 };
    const p = unwrap(shotPaths(openTable, shot, { x: 0.3, y: 0.3 }));
    expect(p.leave).toBeNull();
    expect(p.pocketed).toContainEqual({ ball: 0, pocket: 'HR' });
    const end = p.cue.points[p.cue.points.length - 1]!;
    expect(Math.hypot(end.x, end.y)).toBeLessThan(0.12);
    const d = parseXml(
      renderSvg(openTable, [ranked('pot', pot(6, 'HL'), shot, 0.1, { x: 0.3, y: 0.3 })], 5),
    );
    expect(all(d, (e) => hasClass(e, 'leave'))).toHaveLength(0);
    expect(textOf(all(d, (e) => hasClass(e, 'legend-row'))[0]!)).toContain(
      'cue ball scratches in HR',
    );
  });

  it('says why when the simulator refuses a stroke, and draws no path for it', () => {
    // A tip offset of 0.71 R is beyond the simulator's faithful range (0.7 R).
    const shot = { phi: 129.6, V: 2, a: 0.5, b: -0.5 };
    const p = shotPaths(openTable, shot, null);
    expect(p.ok).toBe(false);
    const d = parseXml(renderSvg(openTable, [ranked('pot', pot(6, 'HL'), shot, 0.5)], 5));
    expect(all(d, (e) => hasClass(e, 'cue'))).toHaveLength(0);
    expect(all(d, (e) => hasClass(e, 'alt'))).toHaveLength(1);
    expect(textOf(all(d, (e) => hasClass(e, 'legend-row'))[0]!)).toContain('E_SIM_BAD_SHOT');
  });

  it('simplifies a polyline keeping its ends and its corners', () => {
    const line = Array.from({ length: 11 }, (_, i) => ({ x: i / 10, y: 0 }));
    const corner = [...line, ...line.slice(1).map((p) => ({ x: 1, y: p.x }))];
    expect(simplify(corner, 1e-6)).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ]);
  });
});

describe('pool8 suggest --svg (the built CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pool8-svg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('writes a well-formed drawing of distinct shots and says which ranks it drew', () => {
    const file = join(dir, 'shots.svg');
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'dist/cli/main.js'),
        'suggest',
        '--in',
        'examples/suggest-open-table.json',
        '--threads',
        '1',
        '--svg',
        file,
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(r.status, r.stderr).toBe(0);
    const m = /drawn to .*: (\d+) distinct shots \(ranks ([\d, ]+);/.exec(r.stdout);
    expect(m).not.toBeNull();
    const doc = parseXml(readFileSync(file, 'utf8'));
    const groups = all(doc, (e) => e.name === 'g' && hasClass(e, 'alt'));
    expect(groups).toHaveLength(Number(m![1]));
    expect(new Set(groups.map((g) => g.attrs['data-key'])).size).toBe(groups.length);
    expect(all(doc, (e) => hasClass(e, 'legend-row'))).toHaveLength(groups.length);
    expect(m![2]!.split(', ')[0]).toBe('1');
  });
});
