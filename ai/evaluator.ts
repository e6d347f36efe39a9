import { runTask, type Task, type TaskResult } from './sampling.js';

/**
 * Where the planner's tasks run. Results come back in task order, never in
 * completion order (STYLE.md point 7), so the decision cannot depend on
 * thread timing.
 */
export interface Evaluator {
  run(tasks: readonly Task[]): Promise<TaskResult[]>;
  readonly threads: number;
}

/** Runs every task on the calling thread. */
export const inlineEvaluator: Evaluator = {
  threads: 1,
  run: (tasks) => Promise.resolve(tasks.map(runTask)),
};
