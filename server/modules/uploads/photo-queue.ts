/**
 * The photos waiting to be re-encoded, and the order they are taken in (decision 046).
 * Re-encoding is the costliest work a request can ask for and the cores are shared by every
 * user, so: at most `slots` photos are processed at once, at most one of each user, and a free
 * slot goes to the next user in turn (round-robin), so that one user's ten photos take ten turns
 * among the others' instead of going ahead of them. A photo that would wait beside
 * `waitingPerUser` photos of its user, or behind `waitingInAll` photos of everyone, is refused at
 * once with an estimate of the seconds until there is room. A photo whose client hangs up while
 * it waits is dropped unprocessed. Pure logic: the work is handed in as tasks.
 */

export type PhotoQueueLimits = {
  /** Photos processed at once, whoever sent them. */
  slots: number;
  /** Photos of one user that may wait while another of theirs is processed. */
  waitingPerUser: number;
  /** Photos of all users that may wait at once. */
  waitingInAll: number;
};

/** The queue is too long for this photo; try again after `retryAfterSeconds`. */
export class PhotoQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The photo queue is full; try again in ${retryAfterSeconds} s`);
    this.name = 'PhotoQueueFull';
  }
}

/** The client hung up while its photo waited; the photo was not processed. */
export class PhotoAbandoned extends Error {
  constructor() {
    super('The client hung up while its photo waited');
    this.name = 'PhotoAbandoned';
  }
}

/**
 * What a photo takes before any has been measured: an ordinary phone photo takes a fraction of
 * a second, the largest allowed about two; a first estimate errs long.
 */
const FIRST_ESTIMATE_MS = 1000;
/** How much the latest photo moves the running average of the time a photo takes. */
const AVERAGE_WEIGHT = 0.2;

type WaitingPhoto = { start: () => void; drop: () => void };

export function createPhotoQueue(
  limits: PhotoQueueLimits,
  now: () => number = () => performance.now(),
) {
  /** Users with photos waiting, in the order of their turns; each user's photos in arrival order. */
  const waiting = new Map<number, WaitingPhoto[]>();
  let waitingCount = 0;
  /** The users whose photo is being processed: one each. */
  const processing = new Set<number>();
  let averageMs = FIRST_ESTIMATE_MS;

  /** Fills the free slots, each from the first user in turn with nothing being processed. */
  function startNext() {
    while (processing.size < limits.slots) {
      const userId = [...waiting.keys()].find((id) => !processing.has(id));
      if (userId === undefined) return;
      const photos = waiting.get(userId)!;
      const photo = photos.shift()!;
      waitingCount -= 1;
      // The user's next photo, if any, waits for a turn after everyone else's.
      waiting.delete(userId);
      if (photos.length > 0) waiting.set(userId, photos);
      photo.start();
    }
  }

  /**
   * Seconds until a photo of `userId` would find room: the user's photos go one at a time, and
   * all the photos queued go `slots` at a time, at the average time a photo has taken.
   */
  function secondsUntilRoom(userId: number): number {
    const usersPhotos = (waiting.get(userId)?.length ?? 0) + (processing.has(userId) ? 1 : 0);
    const turnsAhead = Math.max(usersPhotos, (waitingCount + processing.size) / limits.slots);
    return Math.max(1, Math.ceil((turnsAhead * averageMs) / 1000));
  }

  function run<T>(userId: number, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new PhotoAbandoned());
    const waitsForTurn = processing.has(userId) || processing.size >= limits.slots;
    if (waitsForTurn) {
      const usersWaiting = waiting.get(userId)?.length ?? 0;
      if (usersWaiting >= limits.waitingPerUser || waitingCount >= limits.waitingInAll) {
        return Promise.reject(new PhotoQueueFull(secondsUntilRoom(userId)));
      }
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => photo.drop();
      const photo: WaitingPhoto = {
        start() {
          signal?.removeEventListener('abort', onAbort);
          processing.add(userId);
          const started = now();
          // The slot is free before the answer goes back, so the caller's next photo queues
          // behind whoever is waiting.
          const finish = () => {
            averageMs += (now() - started - averageMs) * AVERAGE_WEIGHT;
            processing.delete(userId);
            startNext();
          };
          Promise.resolve()
            .then(task)
            .then(
              (value) => {
                finish();
                resolve(value);
              },
              (error: unknown) => {
                finish();
                reject(error);
              },
            );
        },
        drop() {
          const photos = waiting.get(userId) ?? [];
          const index = photos.indexOf(photo);
          if (index < 0) return;
          photos.splice(index, 1);
          waitingCount -= 1;
          if (photos.length === 0) waiting.delete(userId);
          reject(new PhotoAbandoned());
        },
      };
      const usersPhotos = waiting.get(userId);
      if (usersPhotos) usersPhotos.push(photo);
      else waiting.set(userId, [photo]);
      waitingCount += 1;
      signal?.addEventListener('abort', onAbort, { once: true });
      startNext();
    });
  }

  return {
    /**
     * Runs `task` when it is `userId`'s turn and a slot is free. Rejects with PhotoQueueFull at
     * once when the queue is too long for it, and with PhotoAbandoned when `signal` aborts
     * before its turn; a task that has started runs to its end.
     */
    run,
  };
}
