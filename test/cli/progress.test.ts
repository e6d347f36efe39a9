/**
 * The progress line of long commands (`pool8 match`, `search-break`): the
 * count, the time taken and the time left from the pace so far.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { duration, progress } from '../../cli/options.js';

afterEach(() => vi.restoreAllMocks());

describe('duration', () => {
  it('says seconds, minutes and hours', () => {
    expect(duration(0)).toBe('0s');
    expect(duration(42_400)).toBe('42s');
    expect(duration(843_000)).toBe('14m03s');
    expect(duration(7_500_000)).toBe('2h05m');
  });
});

describe('progress', () => {
  it('shows the time taken and, from the pace so far, the time left', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
      lines.push(String(s));
      return true;
    });
    // The line form (not a terminal), whatever runs the tests.
    const tty = process.stderr.isTTY;
    process.stderr.isTTY = false;
    onTestFinished(() => {
      process.stderr.isTTY = tty;
    });
    let t = 1000;
    const bar = progress('A vs B', 10, () => t);
    t += 30_000; // 1 of 10 in 30 s: 9 more at that pace is 4m30s
    bar(1, 'A 1–0 B');
    t += 270_000;
    bar(10, 'A 6–4 B');
    const text = lines.join('');
    expect(text).toContain(
      'A vs B [##......................] 1/10 A 1–0 B (30s, about 4m30s left)\n',
    );
    expect(text).toContain('A vs B [########################] 10/10 A 6–4 B (5m00s)\n');
  });
});
