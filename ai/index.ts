/**
 * ai/: the bot. The Monte Carlo planner (`plan`) decides a shot, a choice
 * after the break, or a stalemate for any state; the levels set its
 * execution noise and thinking budget; an `Evaluator` runs its simulations,
 * on the calling thread (`inlineEvaluator`) or on a worker pool
 * (`PoolEvaluator`, closed with `close()`).
 */
export { BUDGET_FIELDS, describeBudget, overrideBudget } from './budget.js';
export type { Candidate, CandidateKind } from './candidates.js';
export { type Evaluator, inlineEvaluator } from './evaluator.js';
export {
  type Budget,
  type EndgameLookahead,
  isLevelName,
  LEVEL_NAMES,
  LEVELS,
  type Level,
  type LevelName,
  type Lookahead,
  type Noise,
} from './levels.js';
export { describeNoise, MAX_TIP_OFFSET, NOISE_FIELDS, overrideNoise, perturb } from './noise.js';
export {
  chooseOption,
  type Decision,
  type PlanOptions,
  plan,
  type RankedShot,
  reasonFor,
} from './planner.js';
export { PoolEvaluator } from './pool.js';
export {
  type AimResult,
  type AimTask,
  layoutFor,
  playShot,
  type SampleResult,
  type SampleTask,
  type Task,
  type TaskResult,
} from './sampling.js';
export { deriveSeed } from './seeds.js';
export {
  type Suggestion,
  SuggestionSchema,
  type Suggestions,
  SuggestionsSchema,
  suggestionOf,
} from './suggestion.js';
