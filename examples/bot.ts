/**
 * A bot breaks a new frame: create it, rack (seed 7), ask for its move,
 * play the move through the referee with the bot's execution noise, print
 * the verdict, close the bot. In a project with pool8 installed:
 *
 *   npx tsc --module nodenext --target es2022 --strict bot.ts && node bot.js
 */
import { createBot, newFrame, referee } from 'pool8';

const bot = createBot({ level: 'amateur', threads: 2, seed: 7 });
try {
  const state = newFrame({ seed: 7 });

  const move = await bot.decide(state);
  if (!move.ok) throw new Error(`${move.error.code}: ${move.error.message}`);
  console.log('move:', JSON.stringify(move.value));

  // The referee simulates the stroke, noisy as the bot plays it, and rules on it.
  const played = referee.apply(state, move.value, { noise: bot.noise, seed: 7 });
  if (!played.ok) throw new Error(`${played.error.code}: ${played.error.message}`);

  const { verdict } = played.value;
  console.log(
    `verdict: ${verdict.kind} (${verdict.rules.join(', ')});`,
    `down: ${[...verdict.credited, ...verdict.stayDown].join(', ') || 'none'};`,
    `fouls: ${verdict.fouls.join(', ') || 'none'}; next: player ${verdict.nextPlayer}`,
  );
} finally {
  await bot.close();
}
