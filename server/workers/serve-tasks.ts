/**
 * The worker side of the pool (worker-pool.ts, decision 061): a worker process says it is ready,
 * takes one task, answers it with its result or with its error in the user's words, and is ended
 * by the pool. An error that is not the file's (a bug) is answered with no status: a 500 upstream.
 * A worker whose server has gone (its channel closed) ends itself.
 */
import type { WorkerAnswer } from './worker-pool';

/** An error a task throws on purpose, with the status and words the caller answers. */
type TaskError = Error & { statusCode?: number };

export function serveTasks<Task extends { kind: string }>(
  handlers: { [Kind in Task['kind']]: (task: Extract<Task, { kind: Kind }>) => unknown },
) {
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveTasks runs in a worker process of the pool');
  process.once('disconnect', () => process.exit(0));
  process.once('message', async ({ task }: { task: Task }) => {
    const startedAt = performance.now();
    let answer: WorkerAnswer<unknown>;
    try {
      const handler = handlers[task.kind as Task['kind']] as (task: Task) => unknown;
      const result = await handler(task);
      answer = { ok: true, result, taskMs: performance.now() - startedAt };
    } catch (caught) {
      const error = caught as TaskError;
      answer = {
        ok: false,
        error: {
          message: error instanceof Error ? error.message : String(caught),
          statusCode: error.statusCode,
        },
        taskMs: performance.now() - startedAt,
      };
    }
    send(answer);
  });
  send('ready');
}
