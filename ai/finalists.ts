/**
 * The finalists of the second level (CueCard's two levels, docs/planner.md):
 * which first-level candidates are sampled again, at depth 2.
 *
 * Without the choice among pots by attack value every finalist is chosen by
 * value. With it (levels.ts `positionChoice`), the first `byValue` are the
 * best by value, so that the decision to pot or play safe, which stays with
 * the value, sees its best options; the rest are the pots best by their
 * first-level attack value, the measure the pot played is then chosen by. A
 * leave with no shot is worth the safety floor to the value and a miss to
 * the attack value, so a pot that leaves nothing can take a finalist's place
 * by value that it would not take by attack.
 */
export function chooseFinalists(
  /** The live candidates, best first by value. */
  byValue: readonly number[],
  /** The live pots (no safeties), best first by attack value; empty without the choice. */
  byAttack: readonly number[],
  /** How many finalists. */
  count: number,
  /** How many of them are the best by value, when `byAttack` is used. */
  valueFirst: number,
): number[] {
  const chosen = new Set(byValue.slice(0, byAttack.length > 0 ? valueFirst : count));
  for (const i of [...byAttack, ...byValue]) {
    if (chosen.size >= count) break;
    chosen.add(i);
  }
  return [...chosen].slice(0, count);
}
