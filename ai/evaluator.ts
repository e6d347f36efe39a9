import { runTask, type Task, type TaskResult } from './sampling.js';

/**
 * Where the planner's tasks run. Results come back in task order, never in
 * completion order (docs/design.md point 7), so the decision cannot depend on
 * thread timing.
 */
export interface Evaluator {
  run(tasks: readonly Task[]): Promise<TaskResult[]>;
  /**
   * Runs the tasks in order, starting none once `stop()` has returned true
   * (the planner's time limit): a task not started gets null, a started one
   * exactly what `run` gives it.
   */
  runUntil(tasks: readonly Task[], stop: () => boolean): Promise<(TaskResult | null)[]>;
  readonly threads: number;
}

/**
 * `stop` made to stay true once it has been: a time limit does not come
 * back, and a task must not start after one that was refused.
 */
export function latch(stop: () => boolean): () => boolean {
  let stopped = false;
  return () => {
    if (!stopped) stopped = stop();
    return stopped;
  };
}

/** Runs every task on the calling thread. */
export const inlineEvaluator: Evaluator = {
  threads: 1,
  run: (tasks) => Promise.resolve(tasks.map(runTask)),
  runUntil: (tasks, stop) => {
    const over = latch(stop);
    return Promise.resolve(tasks.map((t) => (over() ? null : runTask(t))));
  },
};
