import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, type AdminSectionServer } from '~/platform/admin/area.server';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import { contentSecurityPolicy, inlineScriptHashes } from '~/platform/http/security.server';
import type { Language } from '~/platform/i18n/languages';
import {
  CONTENT_ENDPOINTS,
  type PublishPlan,
  previewQuerySchema,
  publishAllSchema,
  publishSchema,
  restoreSchema,
  saveDraftSchema,
} from '~/platform/content/api';
import type { ContentType, SiteContent } from '~/platform/content/content-type';
import type { ContentService } from '~/platform/content/service.server';
import type { ContentFollower } from '~/platform/content/follower.server';
import {
  listDocuments,
  publishDraft,
  publishDrafts,
  readDocument,
  readVersion,
  restoreVersion,
  saveDraft,
  unrenderable,
} from '~/platform/content/store.server';

/**
 * Renders one page with the given content (the page store's renderer), for previews and
 * the check before a publish; throws when the page cannot be rendered (an error page).
 */
export type PreviewRenderer = (page: string, language: Language, content: SiteContent) => Promise<string>;

const typeParams = z.object({ type: z.string().max(80) });
const versionParams = typeParams.extend({ version: z.coerce.number().int().min(1) });

/**
 * The content editor's API in the admin area (behind the admin guard): the documents, save
 * a draft, publish (the pages are rendered anew at once, on every instance), earlier
 * versions, restore, and a preview of a page with the draft.
 */
export function contentAdmin(
  types: readonly ContentType[],
  service: () => ContentService,
  preview: () => PreviewRenderer | undefined,
  followers: readonly ContentFollower[] = [],
  plan: (documents: readonly string[]) => { render: number; splice: number } | undefined = () => undefined,
): AdminSectionServer {
  const byId = new Map(types.map((type) => [type.id, type]));
  // Every table that follows this type, in the publish's own transaction.
  const followerOf = (type: ContentType): ContentFollower['apply'] | undefined => {
    const own = followers.filter((f) => f.type.id === type.id);
    if (own.length === 0) return undefined;
    return async (db, published) => {
      for (const follower of own) await follower.apply(db, published);
    };
  };
  /** Pages rendered with `documents` (type id → document): a page that fails refuses them (422). */
  const renderWith = async (
    request: FastifyRequest,
    documents: ReadonlyMap<string, unknown>,
    pages: readonly { page: string; language: Language }[],
  ): Promise<string[]> => {
    const render = preview();
    if (!render) return [];
    const published = service().content;
    const content: SiteContent = {
      ...published,
      documents: { ...published.documents, ...Object.fromEntries(documents) },
      preview: { type: [...documents.keys()].join(',') },
    };
    const html: string[] = [];
    for (const { page, language } of pages) {
      try {
        html.push(await render(page, language, content));
      } catch (error) {
        request.log.warn(
          { err: error, types: [...documents.keys()], page, language },
          'content does not render',
        );
        throw unrenderable();
      }
    }
    return html;
  };
  /** Every page that shows one of `types`, in both languages. */
  const pagesOf = (types: readonly ContentType[]) =>
    [...new Set(types.flatMap((type) => type.pages))].flatMap((page) =>
      (['lt', 'en'] as const).map((language) => ({ page, language })),
    );
  const typeOf = (params: unknown) => {
    const type = byId.get(parseInput(typeParams, params).type);
    if (!type) throw notFound();
    return type;
  };

  return {
    name: 'content',
    routes: (scope: FastifyInstance) => {
      const db = scope.ctx.database.db;

      scope.get(CONTENT_ENDPOINTS.list.path, async () => {
        const documents = new Map((await listDocuments(db)).map((d) => [d.type, d]));
        return {
          types: types.map((type) => ({ id: type.id, pages: type.pages, ...documents.get(type.id) })),
        };
      });

      scope.get(CONTENT_ENDPOINTS.document.path, async (request) => readDocument(db, typeOf(request.params)));

      scope.put(CONTENT_ENDPOINTS.draft.path, { bodyLimit: 1024 * 1024 }, async (request) => {
        const type = typeOf(request.params);
        const { data, baseVersion } = parseInput(saveDraftSchema, request.body);
        return saveDraft(db, type, data, baseVersion, actorOf(request));
      });

      scope.post(CONTENT_ENDPOINTS.publish.path, async (request) => {
        const type = typeOf(request.params);
        const { baseVersion } = parseInput(publishSchema, request.body);
        // Every page that shows it, in both languages, must render before it goes live.
        const result = await publishDraft(
          db,
          type,
          baseVersion,
          actorOf(request),
          followerOf(type),
          async (doc) => {
            await renderWith(request, new Map([[type.id, doc]]), pagesOf([type]));
          },
        );
        // The pages show it before the answer goes back: the organiser can look at once, and
        // is told how many were rendered anew (issue 43).
        const { pages } = await service().published();
        request.log.info({ type: type.id, version: result.publishedVersion }, 'content published');
        return { ...result, pages: pages ?? null };
      });

      // What a publish will render, asked just before it (the editor shows it while waiting).
      scope.get(CONTENT_ENDPOINTS.publishPlan.path, async (request): Promise<PublishPlan> => {
        const type = typeOf(request.params);
        const planned = plan([type.id]);
        return {
          check: new Set(type.pages).size,
          render: planned?.render ?? null,
          splice: planned?.splice ?? null,
        };
      });

      scope.post(CONTENT_ENDPOINTS.publishAll.path, async (request) => {
        const { documents } = parseInput(publishAllSchema, request.body);
        const drafts = documents.map(({ type: id, baseVersion }) => {
          const type = byId.get(id);
          if (!type) throw notFound();
          return { type, baseVersion, follow: followerOf(type) };
        });
        // Every page that shows one of them, with all of them at once, must render.
        const published = await publishDrafts(db, drafts, actorOf(request), async (docs) => {
          await renderWith(request, docs, pagesOf(drafts.map((d) => d.type)));
        });
        await service().published();
        request.log.info({ published }, 'content published together');
        return { published };
      });

      scope.get(CONTENT_ENDPOINTS.version.path, async (request) => {
        const type = typeOf(request.params);
        const { version } = parseInput(versionParams, request.params);
        return readVersion(db, type, version);
      });

      scope.post(CONTENT_ENDPOINTS.restore.path, async (request) => {
        const type = typeOf(request.params);
        const { version, baseVersion } = parseInput(restoreSchema, request.body);
        return restoreVersion(db, type, version, baseVersion, actorOf(request));
      });

      scope.get(CONTENT_ENDPOINTS.preview.path, async (request, reply) => {
        const query = parseInput(previewQuerySchema, request.query);
        const types = query.type.map((id) => byId.get(id));
        if (types.some((type) => !type)) throw notFound();
        if (!preview()) throw new HttpError(503, 'unavailable');
        // Each draft as saved; several are shown together (next year: facts, history, banner).
        const drafts = new Map<string, unknown>();
        for (const type of types) drafts.set(type!.id, (await readDocument(db, type!)).draft);
        const [html = ''] = await renderWith(request, drafts, [{ page: query.page, language: query.lang }]);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .header(
            'content-security-policy',
            contentSecurityPolicy(
              inlineScriptHashes(html),
              scope.ctx.config.PUBLIC_URL.startsWith('https://'),
            ),
          )
          .send(html);
      });
    },
  };
}
