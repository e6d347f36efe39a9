import type { CandidateKind } from '../../ai/candidates.js';
import type { Call } from '../../engine/call.js';

/**
 * Distinct alternatives for the drawing (docs/drawing.md "Alternatives"):
 * the planner ranks every stroke it tried, and the best few are often the
 * same pot with another spin or speed. A coach wants the different *shots*,
 * so the ranking is grouped by (kind, ball, pocket) — a safety is one group
 * per kind — and each group shows its best member, with how many variants
 * were folded into it. Pure: same ranking in, same entries out.
 */
export interface Ranked {
  readonly candidate: { readonly kind: CandidateKind; readonly call: Call };
}

export interface Alternative<T extends Ranked> {
  /** The best-ranked member of the group. */
  readonly best: T;
  /** Its place in the whole ranking, 1-based. */
  readonly rank: number;
  /** How many other members of the group (spin and speed variants) were folded. */
  readonly variants: number;
  /** Those members, best first, with their places in the ranking (the page lists them). */
  readonly folded: readonly { readonly shot: T; readonly rank: number }[];
  /** The group key, e.g. "pot 6 HL" or "safety". */
  readonly key: string;
}

export function alternativeKey(c: Ranked['candidate']): string {
  return c.call.kind === 'pocket' ? `${c.kind} ${c.call.ball} ${c.call.pocket}` : c.kind;
}

/** Groups a ranking (best first) and returns up to `max` groups, best first. */
export function alternatives<T extends Ranked>(
  ranked: readonly T[],
  max: number,
): Alternative<T>[] {
  const groups = new Map<
    string,
    { best: T; rank: number; variants: number; folded: { shot: T; rank: number }[] }
  >();
  ranked.forEach((r, i) => {
    const key = alternativeKey(r.candidate);
    const g = groups.get(key);
    if (g) {
      g.variants++;
      g.folded.push({ shot: r, rank: i + 1 });
    } else groups.set(key, { best: r, rank: i + 1, variants: 0, folded: [] });
  });
  // A Map iterates in insertion order, which is the order of each group's best.
  return [...groups.entries()].slice(0, Math.max(0, max)).map(([key, g]) => ({ key, ...g }));
}

/**
 * "+2 spin/speed variants", "+1 spin/speed variant", "" when nothing was
 * folded; for safeties (one group whatever they aim at) "+3 other safeties".
 */
export function variantsLabel(n: number, kind: CandidateKind = 'pot'): string {
  if (n === 0) return '';
  if (kind === 'safety') return `+${n} other safet${n === 1 ? 'y' : 'ies'}`;
  return `+${n} spin/speed variant${n === 1 ? '' : 's'}`;
}
