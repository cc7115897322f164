// Two small concurrency tools of the engine: a limit on how many tasks run at
// once (checks in flight), and named locks (checks that change bucket-wide
// state, such as the intelligence instructions, never overlap).

/** Runs at most `max` tasks at once, in the order they were queued. */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= max) return;
    const start = queue.shift();
    if (start) {
      active++;
      start();
    }
  };
  return (task) =>
    new Promise((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}

/** Named locks: `with(name, task)` runs the task once no other task holds the name. */
export class NamedLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  async with<T>(name: string | undefined, task: () => Promise<T>): Promise<T> {
    if (!name) return task();
    const before = this.tails.get(name) ?? Promise.resolve();
    const run = before.then(task, task);
    this.tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }
}
