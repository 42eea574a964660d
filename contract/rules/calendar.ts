/**
 * What the schemas check with of `calendar.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here, so a file and its schema never import each other.
 */

/** 32 random bytes in base64url, without padding: 43 characters. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
