/**
 * Answers kept while the user's data version they were computed at holds (decision 053): an
 * answer is found again only by a call that carries the same version, so a write by any server
 * (which raises the version in its transaction) is seen by the next call everywhere. Bounded: the
 * least recently used answer goes first once `maxEntries` are kept.
 */
export type VersionedAnswers<Answer> = {
  /** The answer kept for `key` at `version`, or the one `compute` makes (then kept). */
  read(key: string, version: number, compute: () => Promise<Answer>): Promise<Answer>;
  readonly size: number;
};

export function createVersionedAnswers<Answer>({
  maxEntries,
}: {
  maxEntries: number;
}): VersionedAnswers<Answer> {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recent first.
  const kept = new Map<string, { version: number; answer: Answer }>();
  return {
    async read(key, version, compute) {
      const found = kept.get(key);
      if (found && found.version === version) {
        kept.delete(key);
        kept.set(key, found);
        return found.answer;
      }
      const answer = await compute();
      const latest = kept.get(key);
      // A slower call of an older version does not replace what a newer one kept.
      if (!latest || latest.version <= version) {
        kept.delete(key);
        kept.set(key, { version, answer });
        while (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      }
      return answer;
    },
    get size() {
      return kept.size;
    },
  };
}
