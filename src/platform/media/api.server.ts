import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { actorOf, type AdminSectionServer } from '~/platform/admin/area.server';
import { HttpError, notFound } from '~/platform/http/errors.server';
import { MEDIA_ENDPOINTS, MEDIA_LIMITS, MEDIA_MESSAGES, variantParamsSchema } from './api';
import { processPhoto } from './process.server';
import { sendStaticFile } from '~/platform/http/static-site.server';
import { photoCacheOf } from './cache.server';
import { listMedia, saveMedia } from './store.server';

const tooLarge = () => new HttpError(413, 'too_large', { message: MEDIA_MESSAGES.tooLarge });

/** Uploads are decoded one at a time: a few large photos at once would take the memory. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The photo library in the admin area: upload (one file per request, so the editor shows
 * each file's progress) and the list. `changed` runs after a new photo is stored, so the
 * pages' content learns its sizes.
 */
export function mediaAdmin(changed: () => Promise<void>): AdminSectionServer {
  return {
    name: 'media',
    routes: async (scope: FastifyInstance) => {
      await scope.register(async (uploads) => {
        await uploads.register(fastifyMultipart, {
          limits: { files: 1, fields: 0, parts: 1, fileSize: MEDIA_LIMITS.maxBytes },
        });
        uploads.post(
          MEDIA_ENDPOINTS.library.path,
          { bodyLimit: MEDIA_LIMITS.maxBytes + 64 * 1024 },
          async (request, reply) => {
            if (!request.isMultipart())
              throw new HttpError(400, 'no_file', { message: MEDIA_MESSAGES.noFile });
            const file = await request.file();
            if (!file) throw new HttpError(400, 'no_file', { message: MEDIA_MESSAGES.noFile });
            let bytes: Buffer;
            try {
              bytes = await file.toBuffer();
            } catch (error) {
              if (error instanceof uploads.multipartErrors.RequestFileTooLargeError) throw tooLarge();
              throw error;
            }
            // Past the size limit the file is cut short (whether or not the plugin says so).
            if (file.file.truncated) throw tooLarge();
            const photo = await oneAtATime(() => processPhoto(bytes));
            const db = request.server.ctx.database.db;
            const saved = await saveMedia(db, photo, file.filename || 'photo', actorOf(request));
            if (saved.created) await changed();
            return reply.code(saved.created ? 201 : 200).send({
              id: saved.id,
              width: photo.width,
              height: photo.height,
            });
          },
        );
      });

      scope.get(MEDIA_ENDPOINTS.library.path, async (request) => ({
        items: await listMedia(request.server.ctx.database.db),
      }));
    },
  };
}

/**
 * Public: one size of an uploaded photo. Its bytes never change, so it is cached for good
 * (strong ETag, 304s) and kept in memory (cache.server.ts); once there, the fast path in
 * front of Fastify answers it like a built image (decision 0008), and this route, the
 * reference answer, reads it from the database on first request.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const photos = photoCacheOf(app.ctx.database.db, app.ctx.config.PUBLIC_URL.startsWith('https://'));
  app.staticFastPath?.serveFromMemory('/media/', (pathname) => photos.peek(pathname));
  app.get(MEDIA_ENDPOINTS.variant.path, { logLevel: 'warn' }, async (request, reply) => {
    const params = variantParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound();
    const file = await photos.load(params.data.id, params.data.variant);
    if (!file) throw notFound();
    return sendStaticFile(reply, file);
  });
}
