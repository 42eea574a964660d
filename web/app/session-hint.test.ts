import { SESSION_HINT } from '@contract/pages';
import { describe, expect, it } from 'vitest';
import { htmlSaysSignedIn } from './session-hint';

/** A document holding the given meta tags, as far as the hint's reader looks at it. */
function htmlWith(metas: Record<string, string>): Pick<Document, 'querySelector'> {
  return {
    querySelector: (selector: string) => {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      const content = name === undefined ? undefined : metas[name];
      return content === undefined ? null : ({ getAttribute: () => content } as never);
    },
  };
}

describe("htmlSaysSignedIn: the server's session hint in the page's HTML", () => {
  it('is true when the server wrote that it found a session', () => {
    expect(htmlSaysSignedIn(htmlWith({ [SESSION_HINT.name]: SESSION_HINT.signedIn }))).toBe(true);
  });

  it('is false without the hint, or with another word in it', () => {
    expect(htmlSaysSignedIn(htmlWith({}))).toBe(false);
    expect(htmlSaysSignedIn(htmlWith({ [SESSION_HINT.name]: 'signed-out' }))).toBe(false);
    expect(htmlSaysSignedIn(htmlWith({ description: SESSION_HINT.signedIn }))).toBe(false);
  });
});
