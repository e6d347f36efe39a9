import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The coach's page (docs/web.md): web/ bundled to dist/web, which `pool8
 * serve` serves at `/`. The engine, the simulator and the drawing code are
 * imported from their own sources: they do no I/O, so they run in the
 * browser as they run in Node, and a replay or a shot preview needs no
 * round trip.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
