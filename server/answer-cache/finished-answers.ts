/**
 * Finished answers kept in memory (decision 056): the bytes a read sent, compressed as they were
 * sent, found again by the same user, URL, data version and variant (the day and the encoding).
 * Bounded by bytes: the least recently used URL of any user goes first once `maxBytes` are kept.
 *
 * A user's data version only grows, so once a newer one is seen every answer of an older one is
 * dead: they are dropped then, and a slower read of an older version finishing late keeps nothing.
 */

export type FinishedAnswer = {
  body: Buffer;
  contentType: string;
  /** `br` or `gzip`, or undefined when the body went out as it is. */
  contentEncoding: string | undefined;
  etag: string;
};

export type AnswerAddress = {
  userId: number;
  version: number;
  url: string;
  /** What else the answer depends on: the day it was made for and its encoding. */
  variant: string;
};

/** What a kept answer costs beyond its body: its strings, maps and objects, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;

/** One URL's answers, all of its user's newest version. */
type UrlAnswers = {
  userId: number;
  byVariant: Map<string, FinishedAnswer>;
  bytes: number;
};

export type FinishedAnswers = ReturnType<typeof createFinishedAnswers>;

export function createFinishedAnswers({ maxBytes }: { maxBytes: number }) {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recent first.
  const byUrl = new Map<string, UrlAnswers>();
  /** Each user's newest version seen, and the URLs kept for it. */
  const users = new Map<number, { version: number; urls: Set<string> }>();
  let keptBytes = 0;

  const urlKey = (address: AnswerAddress) => `${address.userId} ${address.url}`;
  const costOf = (key: string, variant: string, answer: FinishedAnswer) =>
    answer.body.length + 2 * (key.length + variant.length) + ENTRY_OVERHEAD_BYTES;

  function dropUrl(key: string) {
    const kept = byUrl.get(key);
    if (!kept) return;
    byUrl.delete(key);
    keptBytes -= kept.bytes;
    const user = users.get(kept.userId);
    user?.urls.delete(key);
    if (user?.urls.size === 0) users.delete(kept.userId);
  }

  /** Forgets answers of versions older than `version`; false when `version` itself is old. */
  function isCurrent(userId: number, version: number): boolean {
    const user = users.get(userId);
    if (!user || user.version === version) return true;
    if (user.version > version) return false;
    for (const key of [...user.urls]) dropUrl(key);
    users.delete(userId);
    return true;
  }

  return {
    find(address: AnswerAddress): FinishedAnswer | undefined {
      if (!isCurrent(address.userId, address.version)) return undefined;
      const key = urlKey(address);
      const kept = byUrl.get(key);
      const answer = kept?.byVariant.get(address.variant);
      if (!kept || !answer) return undefined;
      byUrl.delete(key);
      byUrl.set(key, kept);
      return answer;
    },

    keep(address: AnswerAddress, answer: FinishedAnswer) {
      const key = urlKey(address);
      const cost = costOf(key, address.variant, answer);
      if (cost > maxBytes || !isCurrent(address.userId, address.version)) return;
      let user = users.get(address.userId);
      if (!user) {
        user = { version: address.version, urls: new Set() };
        users.set(address.userId, user);
      }
      let kept = byUrl.get(key);
      if (!kept) {
        kept = {
          userId: address.userId,
          byVariant: new Map(),
          bytes: 0,
        };
        user.urls.add(key);
      }
      const replaced = kept.byVariant.get(address.variant);
      const growth = cost - (replaced ? costOf(key, address.variant, replaced) : 0);
      kept.byVariant.set(address.variant, answer);
      kept.bytes += growth;
      keptBytes += growth;
      byUrl.delete(key);
      byUrl.set(key, kept);
      while (keptBytes > maxBytes) dropUrl(byUrl.keys().next().value!);
    },

    /** The bytes kept, bodies and their keys. */
    get bytes() {
      return keptBytes;
    },
  };
}
