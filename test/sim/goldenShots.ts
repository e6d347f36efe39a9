import type { Layout } from '../../engine/layout.js';
import type { Shot } from '../../engine/shot.js';
import { breakShot, L9, R, W9 } from './helpers.js';

/**
 * Ten named shots whose outcome hashes are pinned in
 * fixtures/golden.json (the simulator's "perft" table). A changed hash is a
 * changed physics result: regenerate deliberately (see determinism.test.ts).
 */
export const GOLDEN_SHOTS: readonly { name: string; layout: Layout; shot: Shot }[] = [
  {
    name: 'centre ball up the table',
    layout: { table: '9ft', balls: [{ id: 0, x: 0.5, y: W9 / 2 }] },
    shot: { phi: 0, V: 1.5 },
  },
  {
    name: 'straight-in stop shot',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 1.2, y: W9 / 2 },
        { id: 5, x: 1.8, y: W9 / 2 },
      ],
    },
    shot: { phi: 0, V: 2, b: -0.2 },
  },
  {
    name: 'half-ball cut with follow',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 0.7, y: 0.5 },
        { id: 2, x: 1.4, y: 0.5 + R },
      ],
    },
    shot: { phi: 0, V: 2.5, b: 0.3 },
  },
  {
    name: 'draw with left english',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 0.9, y: 0.4 },
        { id: 7, x: 1.5, y: 0.6 },
      ],
    },
    shot: { phi: 18.43494882292201, V: 3, a: -0.3, b: -0.4 },
  },
  {
    name: 'three-rail kick',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 0.3, y: 0.3 },
        { id: 8, x: 2.2, y: 1.0 },
      ],
    },
    shot: { phi: 35, V: 5, a: 0.4 },
  },
  {
    name: 'corner pot FL',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: L9 - 1.1 * Math.SQRT1_2, y: W9 - 1.1 * Math.SQRT1_2 },
        { id: 3, x: L9 - 0.6 * Math.SQRT1_2, y: W9 - 0.6 * Math.SQRT1_2 },
      ],
    },
    shot: { phi: 45, V: 1.5 },
  },
  {
    name: 'side pot SR',
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: L9 / 2 - 0.1, y: 0.8 },
        { id: 11, x: L9 / 2, y: 0.4 },
      ],
    },
    shot: { phi: -75.96375653207353, V: 2 },
  },
  {
    name: 'elevated massé-ish stroke',
    layout: { table: '9ft', balls: [{ id: 0, x: 1.0, y: 0.6 }] },
    shot: { phi: 90, V: 2, a: 0.3, b: -0.3, theta: 30 },
  },
  {
    name: 'frozen cluster on the 8ft table',
    layout: {
      table: '8ft',
      balls: [
        { id: 0, x: 0.5, y: 0.584 },
        { id: 1, x: 1.5, y: 0.584 },
        { id: 2, x: 1.5 + 2 * R, y: 0.584 },
        { id: 3, x: 1.5 + R, y: 0.584 + Math.sqrt(3) * R },
      ],
    },
    shot: { phi: 0, V: 4 },
  },
  { name: 'break, seed 1', ...breakShot(1) },
];
