/**
 * The photo queue's rules (decision 046), with tasks the test finishes by hand: at most `slots`
 * photos at once and one per user, turns taken round-robin across users, the caps refusing at
 * once with an estimate of the wait, and a photo whose client hung up dropped before its turn.
 */
import { describe, expect, it } from 'vitest';
import {
  createPhotoQueue,
  PhotoAbandoned,
  PhotoQueueFull,
  type PhotoQueueLimits,
} from './photo-queue';

const ROOMY: PhotoQueueLimits = { slots: 2, waitingPerUser: 10, waitingInAll: 100 };

/** A queue, the names of the photos in the order they started, and a way to finish each. */
function setUp(limits: PhotoQueueLimits = ROOMY) {
  let clock = 0;
  const queue = createPhotoQueue(limits, () => clock);
  const started: string[] = [];
  const finishers = new Map<string, (outcome?: Error) => void>();
  function add(userId: number, name: string, signal?: AbortSignal): Promise<string> {
    return queue.run(
      userId,
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          finishers.set(name, (error) => (error ? reject(error) : resolve(name)));
        }),
      signal,
    );
  }
  /** Finishes a started photo and lets the queue start the next ones. */
  async function finish(
    name: string,
    { afterMs = 0, error }: { afterMs?: number; error?: Error } = {},
  ) {
    const finisher = finishers.get(name);
    if (!finisher) throw new Error(`${name} has not started`);
    clock += afterMs;
    finisher(error);
    await settle();
  }
  return { add, finish, started };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the photo queue', () => {
  it('processes at most `slots` photos at once, and one of each user', async () => {
    const { add, finish, started } = setUp();
    void add(1, 'a1');
    void add(1, 'a2');
    void add(1, 'a3');
    await settle();
    // A second slot is free, but the user's next photo waits for their first.
    expect(started).toEqual(['a1']);
    void add(2, 'b1');
    void add(3, 'c1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    // The free slot goes to the user first in line: user 1's second photo waited longest.
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('b1');
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
  });

  it("takes turns round-robin: another user's photo waits behind one of each user, not all of them", async () => {
    const { add, finish, started } = setUp({ ...ROOMY, slots: 1 });
    const answers = ['a1', 'a2', 'a3', 'a4'].map((name) => add(1, name));
    await settle();
    const other = add(2, 'b1');
    void add(2, 'b2');
    void add(3, 'c1');
    await finish('a1');
    await finish('a2');
    // B arrived while a2 already waited; after a2 each user has one turn in the order they came.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('b1');
    await expect(other).resolves.toBe('b1');
    await finish('c1');
    await finish('a3');
    await finish('b2');
    await finish('a4');
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
    await expect(Promise.all(answers)).resolves.toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it("refuses a user's photo past their waiting cap at once, and still takes another user's", async () => {
    const { add, started } = setUp({ slots: 2, waitingPerUser: 2, waitingInAll: 16 });
    void add(1, 'a1');
    void add(1, 'a2');
    void add(1, 'a3');
    const refused = add(1, 'a4');
    await expect(refused).rejects.toBeInstanceOf(PhotoQueueFull);
    // Their first photo is processed and two wait: the next free turn is three photos away.
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 3 });
    void add(2, 'b1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
  });

  it('refuses any photo that would wait behind `waitingInAll` photos, but never one that can start', async () => {
    const { add, started } = setUp({ slots: 2, waitingPerUser: 5, waitingInAll: 2 });
    void add(1, 'a1');
    void add(1, 'a2');
    void add(1, 'a3');
    // The queue is full, but a slot is free and user 2 has nothing processed: it starts.
    void add(2, 'b1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    await expect(add(3, 'c1')).rejects.toBeInstanceOf(PhotoQueueFull);
    await expect(add(2, 'b2')).rejects.toBeInstanceOf(PhotoQueueFull);
  });

  it('estimates the wait from the queue ahead and the time photos have taken', async () => {
    const { add, finish } = setUp({ slots: 1, waitingPerUser: 1, waitingInAll: 10 });
    void add(1, 'a1');
    void add(1, 'a2');
    // Before any photo is measured, one takes a second: a1 and a2 go before the next of user 1.
    await expect(add(1, 'a3')).rejects.toMatchObject({ retryAfterSeconds: 2 });
    void add(2, 'b1');
    void add(3, 'c1');
    // Four photos queued for one slot.
    await expect(add(1, 'a3')).rejects.toMatchObject({ retryAfterSeconds: 4 });
    // a1 took 6 s: the average moves a fifth of the way, from 1 s to 2 s.
    await finish('a1', { afterMs: 6000 });
    void add(1, 'a3');
    await expect(add(1, 'a4')).rejects.toMatchObject({ retryAfterSeconds: 8 });
  });

  it('drops a waiting photo whose client hung up, unprocessed, and goes on with the next', async () => {
    const { add, finish, started } = setUp({ ...ROOMY, slots: 1 });
    void add(1, 'a1');
    const hangUp = new AbortController();
    const abandoned = add(2, 'b1', hangUp.signal);
    void add(3, 'c1');
    hangUp.abort();
    await expect(abandoned).rejects.toBeInstanceOf(PhotoAbandoned);
    await finish('a1');
    expect(started).toEqual(['a1', 'c1']);
    // Hung up before it was even queued: refused as abandoned.
    await expect(add(4, 'd1', AbortSignal.abort())).rejects.toBeInstanceOf(PhotoAbandoned);
  });

  it('lets a started photo finish when its client hangs up, and frees the slot of a failed one', async () => {
    const { add, finish, started } = setUp({ ...ROOMY, slots: 1 });
    const hangUp = new AbortController();
    const running = add(1, 'a1', hangUp.signal);
    const failing = add(2, 'b1');
    void add(3, 'c1');
    await settle();
    hangUp.abort();
    await finish('a1');
    await expect(running).resolves.toBe('a1');
    const refusal = expect(failing).rejects.toThrow('unreadable');
    await finish('b1', { error: new Error('unreadable') });
    await refusal;
    expect(started).toEqual(['a1', 'b1', 'c1']);
  });
});
