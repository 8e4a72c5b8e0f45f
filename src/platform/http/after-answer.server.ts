import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/**
 * Work that must not change how long an answer takes (issue 28, finding 14c: a lookup before
 * answering told who had orders): it starts once the response has been written. Failures are
 * logged; the server waits for unfinished work when it closes.
 */
export function afterAnswer(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });
  const run = (log: FastifyBaseLogger, what: string, work: () => Promise<void>) => {
    const job = work()
      .catch((error: unknown) => log.error({ err: error }, what))
      .finally(() => running.delete(job));
    running.add(job);
  };
  /** Starts `work` once `reply` has been written. */
  const later = (reply: FastifyReply, log: FastifyBaseLogger, what: string, work: () => Promise<void>) => {
    reply.raw.once('close', () => run(log, what, work));
  };
  /** `run` starts `work` at once: for an answer that is not a reply of ours (a page's route action). */
  return Object.assign(later, { run });
}
