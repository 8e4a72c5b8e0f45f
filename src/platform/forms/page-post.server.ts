import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '~/platform/http/api';
import { errorAnswer, HttpError } from '~/platform/http/errors.server';
import { requestLanguage } from '~/platform/http/static-files.server';
import { postedValues } from './action.server';
import type { FormServices, Receipt, SubmittedValues } from './outcome';

/**
 * Where a public form's post reaches its page route's action (decision 0039): the page's
 * own address (the browser's post, no scripts) and `<page>.data` (React Router's single
 * fetch, with scripts). Fastify keeps what must come before any rendering: the form's rate limit
 * (one budget with its JSON API), the body limit and the content type. A post refused here
 * still goes to the action, which answers with the page, the reason and what was typed.
 */
export interface PagePost {
  /** The page's route path: PATHS.registration, or one with a parameter. */
  path: string;
  /** Also the single-fetch address (`<path>.data`): forms that submit with scripts. */
  withScripts: boolean;
  rateLimit: {
    max: number | ((request: FastifyRequest) => number);
    timeWindow: number | string;
    groupId?: string;
    keyGenerator?: (request: FastifyRequest) => string;
  };
  bodyLimit: number;
  /**
   * The feature's store (FormServices.store): the same function its JSON API uses. Answers the
   * address to go on to, or nothing (the page's "sent"), that address and a receipt for the
   * scripted form, or what the page shows for this post (`result`, with its HTTP status: a page
   * that answers more than "sent").
   */
  store(
    data: unknown,
    request: FastifyRequest,
  ): Promise<string | undefined | { next: string; receipt: Receipt } | PageResult>;
}

/** A store's answer the page renders itself (the route action's `answered`). */
interface PageResult {
  result: unknown;
  status?: number;
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

const isPosted = (body: unknown): body is SubmittedValues =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

function formBody(body: unknown): string {
  const fields = new URLSearchParams();
  if (isPosted(body)) {
    for (const [name, value] of Object.entries(body))
      for (const item of [value].flat()) fields.append(name, item);
  }
  return fields.toString();
}

/** The rate limit's Retry-After (seconds), set on the reply before it refused the post. */
function retryAfterOf(reply: FastifyReply): number | undefined {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** Hands the post to React Router and sends its answer. */
async function toAction(
  app: FastifyInstance,
  post: PagePost,
  request: FastifyRequest,
  reply: FastifyReply,
  rejection?: FormServices['rejection'],
) {
  const url = new URL(request.url, 'http://site.local');
  const isData = url.pathname.endsWith('.data');
  // A page is rendered in the language its address names (or the cookie's).
  if (!isData) url.searchParams.set('lang', requestLanguage(request.url, request.headers.cookie));
  const headers = new Headers({ 'content-type': FORM_CONTENT_TYPE });
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const services: FormServices = {
    store: async (data) => {
      try {
        const stored = await post.store(data, request);
        return typeof stored === 'object' ? stored : { next: stored };
      } catch (error) {
        // Answered here, where the error's class is known (the page's server build has its own).
        const { status, body } = errorAnswer(error as HttpError, request);
        if (status >= 500 && status !== 503 && !(error instanceof HttpError)) throw error;
        const message = body.message ?? API_MESSAGES.badRequest;
        return { rejection: { status, message, fields: body.fields, retryAfter: body.retryAfter } };
      }
    },
    rejection,
    scripted: isData,
    minFillMs: app.ctx.config.FORM_MIN_FILL_MS,
    log: request.log,
  };
  const answer = await app.site!.action(
    new Request(url, { method: 'POST', headers, body: formBody(request.body) }),
    services,
  );
  // Its headers as React Router set them (X-Remix-Response tells the browser's router that an
  // error status is its own answer, not a proxy's), never cached: it holds what was typed. A
  // page keeps its own CSP hashes (PageStore.action).
  for (const [name, value] of answer.headers) if (name !== 'content-length') reply.header(name, value);
  reply.code(answer.status).header('cache-control', 'no-store');
  return reply.send(Buffer.from(await answer.arrayBuffer()));
}

export async function registerPagePost(app: FastifyInstance, post: PagePost) {
  // No build, no pages: the API alone is served.
  if (!app.site) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM_CONTENT_TYPE,
      { parseAs: 'string', bodyLimit: post.bodyLimit },
      (_request, body, done) => done(null, postedValues(new URLSearchParams(body as string))),
    );
    // Too many posts, a body too large, not a form, a control character: the action answers.
    scope.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      if (status >= 500) throw error;
      const message = body.message ?? API_MESSAGES.badRequest;
      return toAction(app, post, request, reply, {
        status,
        message,
        fields: body.fields,
        retryAfter: body.retryAfter ?? retryAfterOf(reply),
      });
    });
    const options = {
      bodyLimit: post.bodyLimit,
      // Counted after the body is read, so a refused post still shows what was typed.
      config: { rateLimit: { ...post.rateLimit, hook: 'preHandler' as const } },
    };
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.headers['content-type']?.startsWith(FORM_CONTENT_TYPE) || !isPosted(request.body)) {
        throw new HttpError(415, 'unsupported_media_type', { message: API_MESSAGES.badRequest });
      }
      return toAction(app, post, request, reply);
    };
    scope.post(post.path, options, handler);
    if (post.withScripts) scope.post(`${post.path}.data`, options, handler);
  });
}
