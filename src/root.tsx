import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, Link } from 'react-router';
import type { Route } from './+types/root';
import { contentOf } from './platform/content/content-type';
import { languageContext, siteContentContext, siteUrlContext } from './platform/content/context';
import type { SiteData } from './platform/content/site-data';
import { eventContent } from './platform/site-content/event';
import { eventPhase } from '~/platform/event/phase';
import { eventPlaceholders } from '~/platform/event/placeholders';
import { FrameDataScript } from './platform/content/frame';
import { LanguageProvider } from '~/platform/i18n/LanguageProvider';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { Spinner } from '~/platform/ui/Spinner';
import interLatinExt from '~/platform/ui/fonts/inter-latin-ext.woff2?url';
import interLatin from '~/platform/ui/fonts/inter-latin.woff2?url';
import '~/platform/ui/app.css';
import { PATHS } from '~/platform/paths';

/**
 * The event facts every page needs: see platform/content/site-data.ts. The banner and the
 * contacts are not here but in the frame's data (`FrameDataScript`, decision 0044).
 */
export function loader({ context }: Route.LoaderArgs): SiteData {
  const content = context.get(siteContentContext);
  const event = contentOf(content, eventContent);
  // In the render's language only, under both keys like every localized value (in-language.ts).
  const phase = eventPhase(event, content.at ? new Date(content.at) : new Date());
  const eventTexts = eventPlaceholders(event, context.get(languageContext), { over: phase.over });
  return {
    siteUrl: context.get(siteUrlContext),
    event,
    eventTexts: { lt: eventTexts, en: eventTexts },
    phase,
    preview: content.preview !== undefined,
  };
}

/** The same for the whole visit: a page that is open stays as it was rendered. */
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  ...[interLatin, interLatinExt].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
];

/** zod's settings live on globalThis (zod/v4/core): `jitless` parses without compiling code. */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true}';

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <FrameDataScript />
        {/* Before any module: zod probes for eval with `new Function`, which our CSP refuses,
            and the browser reports every refusal (Lighthouse best practices). */}
        <script dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <LanguageProvider>
      <Outlet />
    </LanguageProvider>
  );
}

/** Shown while the SPA fallback page boots (only for paths that were not prerendered). */
export function HydrateFallback() {
  const { t } = useTranslation();
  return <Spinner label={t('loading')} className="py-32" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  let detail: string;
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (error instanceof Error) {
    detail = error.message;
  } else {
    detail = t('error.text');
  }
  return (
    <main className="py-24">
      <Container className="max-w-2xl text-center">
        <title>{t('error.title')}</title>
        <h1 className="text-3xl font-extrabold">{t('error.title')}</h1>
        <p className="mt-4 rounded-xl bg-white p-4 font-mono text-sm text-red-800 shadow-sm">{detail}</p>
        <Button asChild className="mt-8">
          <Link to={PATHS.home}>{t('error.home')}</Link>
        </Button>
      </Container>
    </main>
  );
}
