import { runTask, type Task, type TaskResult } from './sampling.js';

/** The piscina worker: a thin loop over the plain-data task protocol (ai/sampling.ts). */
export default function work(tasks: readonly Task[]): TaskResult[] {
  return tasks.map(runTask);
}
