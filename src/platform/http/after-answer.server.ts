import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

interface Unfinished {
  /** Work under way; the server waits for it when it closes. */
  running: Set<Promise<void>>;
  /** Answers still being written, whose work is to come. */
  waiting: Set<Promise<void>>;
}
/**
 * Each server's unfinished after-answer work: what `afterAnswerSettled` waits for. Keyed by
 * the HTTP server, which a feature's encapsulated instance shares with the root one.
 */
const unfinished = new WeakMap<object, Unfinished>();

function unfinishedOf(app: FastifyInstance): Unfinished {
  let found = unfinished.get(app.server);
  if (!found) {
    const created: Unfinished = { running: new Set(), waiting: new Set() };
    app.addHook('onClose', async () => {
      await Promise.allSettled(created.running);
    });
    unfinished.set(app.server, created);
    found = created;
  }
  return found;
}

/**
 * Work that must not change how long an answer takes (issue 28, finding 14c: a lookup before
 * answering told who had orders): it starts once the response has been written. Failures are
 * logged; the server waits for unfinished work when it closes.
 */
export function afterAnswer(app: FastifyInstance) {
  const { running, waiting } = unfinishedOf(app);
  const run = (log: FastifyBaseLogger, what: string, work: () => Promise<void>) => {
    const job = work()
      .catch((error: unknown) => log.error({ err: error }, what))
      .finally(() => running.delete(job));
    running.add(job);
  };
  /** Starts `work` once `reply` has been written. */
  const later = (reply: FastifyReply, log: FastifyBaseLogger, what: string, work: () => Promise<void>) => {
    let written!: () => void;
    const answer = new Promise<void>((resolve) => (written = resolve));
    waiting.add(answer);
    reply.raw.once('close', () => {
      run(log, what, work);
      waiting.delete(answer);
      written();
    });
  };
  /** `run` starts `work` at once: for an answer that is not a reply of ours (a page's route action). */
  return Object.assign(later, { run });
}

/**
 * Resolves once the app has no work left to do after its answers: the event a test waits for
 * (issue 46) instead of a pause before "and nothing more was sent".
 */
export async function afterAnswerSettled(app: FastifyInstance): Promise<void> {
  const found = unfinished.get(app.server);
  while (found && found.running.size + found.waiting.size > 0)
    await Promise.allSettled([...found.waiting, ...found.running]);
}
