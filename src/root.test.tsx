import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ensureNamespaces, i18n } from '~/platform/i18n/i18n';
import { ErrorBoundary } from './root';

// In framework mode the error arrives as a prop; a plain data router exposes it by hook.
function ErrorBoundaryHost() {
  return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} actionData={undefined} />;
}

/** Server-renders the root error boundary for a route whose loader throws `error`. */
async function renderError(error: unknown, language: 'lt' | 'en' = 'en') {
  await ensureNamespaces(language, ['common']);
  await i18n.changeLanguage(language);
  const handler = createStaticHandler([
    {
      path: '/',
      Component: () => null,
      ErrorBoundary: ErrorBoundaryHost,
      loader: () => {
        throw error;
      },
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe('root error boundary', () => {
  it("shows 'Unexpected Application Error!' with the error message", async () => {
    const html = await renderError(new Error('Database exploded'));
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Database exploded');
    expect(html).toContain('href="/"');
  });

  it('shows status and status text of a route error response', async () => {
    const html = await renderError(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(html).toContain('503 Service Unavailable');
  });

  it('is translated into Lithuanian', async () => {
    const html = await renderError(new Error('x'), 'lt');
    expect(html).toContain('Netikėta programos klaida!');
  });
});
