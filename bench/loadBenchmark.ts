import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type BenchmarkType from 'benchmark';

/**
 * Loads benchmark.js in its own V8 context instead of `import`ing it.
 *
 * Why: at load, benchmark.js probes function decompilation by evaluating
 * `function (x) { return { 'x': '' + (1 + x) + '', 'y': 0 }; }`. That object
 * literal has the same hidden class as every `{ x, y }` literal in the
 * process, and storing a string in `x` generalises that field from an
 * unboxed double to a tagged value for all of them. planck builds `{ x, y }`
 * literals in its step; after the probe they box their numbers, so the naive
 * baseline allocated ~70 % more, spent 3× as long in the GC and ran 1.6×
 * slower (58 ms → 95 ms for the break) — which would have inflated every
 * speed-up by the same factor. Object-literal maps are per context, so
 * evaluating benchmark.js in a fresh `vm` context keeps the probe (and the
 * tests it compiles, which only call our function) away from our objects.
 * Reproduce: time `naivePlanck` on the break with and without
 * `import 'benchmark'` first.
 */
export function loadBenchmark(): typeof BenchmarkType {
  const require = createRequire(import.meta.url);
  const file = require.resolve('benchmark');
  const module = { exports: {} as unknown };
  const sandbox: Record<string, unknown> = {
    module,
    exports: module.exports,
    // lodash and platform load in this context; they were measured harmless.
    require,
    // The timer: benchmark.js uses process.hrtime when it finds `process`.
    process,
    setTimeout,
    clearTimeout,
  };
  const context = vm.createContext(sandbox);
  // benchmark.js takes `global` as its root (where it finds Function, Math,
  // process…) when `global.global === global`: make it the context's own global.
  sandbox.global = vm.runInContext('this', context);
  vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file });
  return module.exports as typeof BenchmarkType;
}
