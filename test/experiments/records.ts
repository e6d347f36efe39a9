/**
 * Game records as the experiment tests compare them: one per line, without
 * the decision times (the machine's, not the games') and the digest that
 * covers them, sorted — so two runs of the same games compare equal however
 * they were scheduled.
 */
export const comparableRecords = (jsonl: string): string[] =>
  jsonl
    .trim()
    .split('\n')
    .map((l) => {
      const r = JSON.parse(l);
      delete r.digest;
      for (const f of r.frames) for (const s of f.shots) delete s.ms;
      return JSON.stringify(r);
    })
    .sort();
