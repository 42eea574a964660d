/**
 * The server's hint, in the page's HTML, that it found a session for this request (decision
 * 024): `<meta name="session-hint" content="signed-in">`, written by server/plugins/web-app.ts.
 * A hint only, read once by the first screen to start a signed-in user's reads with the session
 * read rather than after it; the session read itself decides what is shown.
 */
import { SESSION_HINT } from '@contract/pages';

/** Whether the page's HTML says the server found a session (`html`: the page's document). */
export function htmlSaysSignedIn(html: Pick<Document, 'querySelector'> = document): boolean {
  const hint = html.querySelector(`meta[name="${SESSION_HINT.name}"]`);
  return hint?.getAttribute('content') === SESSION_HINT.signedIn;
}
