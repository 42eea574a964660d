/**
 * A real SMTP server in the test process (smtp-server), so that mail is sent over the wire as in
 * production and read back parsed (mailparser): what the tests of e-mail reminders and password
 * resets assert on. `SMTP_URL` of the app under test is `capture.url`.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = ParsedMail & { envelopeTo: string[] };

export type MailCapture = {
  url: string;
  messages: CapturedMail[];
  /** Resolves when at least `count` messages have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** Makes the server refuse (`5xx`) or stop refusing the next messages. */
  refuse(isRefusing: boolean): void;
  /** Makes the server take `ms` to accept each next message (0: at once). */
  slowDown(ms: number): void;
  clear(): void;
  close(): Promise<void>;
};

export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let isRefusing = false;
  let acceptAfterMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((address) => address.address);
      if (isRefusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
        );
        return;
      }
      simpleParser(stream).then(
        async (parsed) => {
          if (acceptAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptAfterMs));
          messages.push(Object.assign(parsed, { envelopeTo: recipients }));
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} messages, ${messages.length} arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    refuse(value) {
      isRefusing = value;
    },
    slowDown(ms) {
      acceptAfterMs = ms;
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
