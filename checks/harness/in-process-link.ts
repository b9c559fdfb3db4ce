/**
 * The in-process transport: each message calls the session's method of the same name, and the harness awaits it
 * (with the reply timeout) before sending the next, so the pacing is the same pull as over a pipe. A throw or an
 * expired timeout is a BrokenSystem. Messages are deep-copied, so a session can keep or edit what it receives.
 */
import { BrokenSystem, type Link, type SystemSession } from './system.ts';
import type { Message } from './protocol.ts';
import { NEXT } from './protocol.ts';

/** Race a promise against a timeout; the timeout is a BrokenSystem with `what` in its reason. */
export async function withTimeout<T>(p: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BrokenSystem(`no reply to ${what} within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([p, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

export function inProcessLink(session: SystemSession): Link {
  return {
    async exchange(msg: Message, timeoutMs: number): Promise<unknown> {
      const copy = structuredClone(msg);
      const call = async (): Promise<unknown> => {
        try {
          switch (copy.type) {
            case 'start':
              return (await session.start(copy)) ?? NEXT;
            case 'task':
              return (await session.task(copy)) ?? NEXT;
            case 'observe':
              return (await session.observe(copy)) ?? NEXT;
            case 'ask':
              return await session.ask(copy);
            case 'finish':
              return (await session.finish(copy)) ?? undefined;
          }
        } catch (e) {
          if (e instanceof BrokenSystem) throw e;
          throw new BrokenSystem(`the system threw on ${copy.type}: ${(e as Error)?.message ?? String(e)}`);
        }
      };
      return withTimeout(call(), timeoutMs, copy.type);
    },
    async close(abort = false) {
      try {
        await session.close?.(abort);
      } catch {
        /* a system that fails to tear down has nothing left to say: the case's outcome stands */
      }
    },
    trailing() {
      const cost = session.unreported?.();
      return cost ? [JSON.stringify({ type: 'cost', cost })] : [];
    },
  };
}
