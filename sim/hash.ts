import type { SimOutcome } from './simulate.js';

/**
 * A 64-bit FNV-1a digest (hex) of an outcome's exact bits: every number is
 * hashed through its IEEE-754 representation, so two outcomes hash equal only
 * if they agree to the last bit. Used by the determinism tests (in-process,
 * child process, worker thread) and the golden fixtures.
 */
const buf = new DataView(new ArrayBuffer(8));

export function outcomeHash(o: SimOutcome): string {
  let h = 0xcbf29ce484222325n;
  const P = 0x100000001b3n;
  const M = 0xffffffffffffffffn;
  const byte = (x: number) => {
    h = ((h ^ BigInt(x & 0xff)) * P) & M;
  };
  const num = (x: number) => {
    buf.setFloat64(0, x);
    for (let i = 0; i < 8; i++) byte(buf.getUint8(i));
  };
  const str = (s: string) => {
    for (let i = 0; i < s.length; i++) byte(s.charCodeAt(i));
    byte(0);
  };
  for (const e of o.events) {
    str(e.type);
    for (const [k, v] of Object.entries(e)) {
      if (k === 'type') continue;
      str(k);
      if (typeof v === 'number') num(v);
      else str(String(v));
    }
  }
  str(o.layout.table);
  for (const b of o.layout.balls) {
    num(b.id);
    num(b.x);
    num(b.y);
  }
  return h.toString(16).padStart(16, '0');
}

/** The same 64-bit FNV-1a digest over a string's UTF-16 code units: a record's seal. */
export function textHash(s: string): string {
  let h = 0xcbf29ce484222325n;
  const P = 0x100000001b3n;
  const M = 0xffffffffffffffffn;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h = ((h ^ BigInt(c & 0xff)) * P) & M;
    h = ((h ^ BigInt(c >> 8)) * P) & M;
  }
  return h.toString(16).padStart(16, '0');
}
