/**
 * play/: the experiment machinery around the bot. `playFrame` plays one
 * frame between two decision functions (`makeDecider`: the planner or a
 * baseline), `playMatch` paired games; `gameRecord` and `replay` keep and
 * check what was played bit for bit; stats.ts turns results into Elo with
 * intervals and an SPRT.
 */
export * from './baselines.js';
export * from './game.js';
export * from './innings.js';
export * from './match.js';
export * from './players.js';
export * from './record.js';
export * from './stats.js';
