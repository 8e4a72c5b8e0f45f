import type { FastifyReply } from 'fastify';

/**
 * Answers a JSON file to save, named `<prefix>-<date>.json` (the privacy exports): never
 * cached, as such a file holds personal data.
 */
export function sendJsonFile(reply: FastifyReply, prefix: string, content: object, at = new Date()) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${prefix}-${at.toISOString().slice(0, 10)}.json"`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(content, null, 2));
}
