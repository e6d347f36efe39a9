/**
 * engine/: the rules of eight-ball (docs/rules.md,
 * R1–R21) as one pure, deterministic referee over plain JSON values.
 */
export * from './adjudicate.js';
export * from './ball.js';
export * from './call.js';
export * from './decide.js';
export * from './errors.js';
export * from './foul.js';
export * from './foulBeforeStroke.js';
export * from './layout.js';
export * from './match.js';
export * from './parse.js';
export * from './placement.js';
export * from './prng.js';
export * from './rack.js';
export * from './rackCheck.js';
export * from './referee.js';
export * from './result.js';
export * from './rules.js';
export * from './shot.js';
export * from './shotEvent.js';
export * from './shotFacts.js';
export * from './spot.js';
export * from './stalemate.js';
export * from './state.js';
export * from './table.js';
export * from './targets.js';
export * from './validator.js';
export * from './verdict.js';
export * from './wireType.js';
