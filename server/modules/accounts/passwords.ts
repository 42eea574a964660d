/** D6: Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum, unreadable under verbatimModuleSyntax: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows: checked when no account matches, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
