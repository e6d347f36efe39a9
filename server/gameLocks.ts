/**
 * One game's requests applied in order: each runs after the previous one
 * for the same game has finished, while other games proceed at once. The
 * chain of a game is dropped when its last request ends.
 */
export class GameLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(id: string, task: () => Promise<T> | T): Promise<T> {
    const before = this.tails.get(id) ?? Promise.resolve();
    const mine = before.then(task, task);
    const tail = mine.catch(() => undefined);
    this.tails.set(id, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    }
  }
}
