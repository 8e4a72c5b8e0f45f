import { createContext, RouterContextProvider } from 'react-router';
import { formServicesContext, type FormServices } from '~/platform/forms/outcome';
import { privateLinkContext, type PrivateLinkReader } from '~/platform/render/private-link';
import { adminServerContext, type AdminServer } from '~/platform/admin/context';
import type { Language } from '~/platform/i18n/languages';
import type { SiteContent } from './content-type';

/**
 * How the routes' loaders get the published content: the renderer puts the SiteContent in
 * the router context of every page it renders. Made through the server build's entry
 * (src/entry.server.tsx exports `makeLoadContext`), so the key is the server build's own.
 */
export const siteContentContext = createContext<SiteContent>();

/**
 * The site's public address (`PUBLIC_URL`, read at start): the one base of every absolute URL
 * a page writes (canonical, hreflang, og:url, og:image, structured data), like the sitemap,
 * the calendar file and the e-mails (issue 31: a build-time fallback pointed elsewhere).
 */
export const siteUrlContext = createContext<string>();

/** The language the page is rendered in (its `?lang=`; a `.data` request or a post: its cookie). */
export const languageContext = createContext<Language>();

/**
 * The frame's documents (banner, contacts) a render's body used outside the frame's parts
 * (platform/content/frame.tsx): the page store renders such a page again when one changes.
 */
export const frameUseContext = createContext<Set<string>>();

export function makeLoadContext(
  content: SiteContent,
  siteUrl: string,
  /** The render's language (`content` is already read in it: renderer.server.ts, in-language.ts). */
  language: Language,
  /** A form posted to its page: what its route action stores with (platform/forms/outcome.ts). */
  services: FormServices | null = null,
  /** A private-link page rendered for its link: what its loader reads (platform/render/private-link.ts). */
  privateLink: PrivateLinkReader | null = null,
  /** Filled with the frame's documents the page's body reads (the page store's renders). */
  frameUse: Set<string> = new Set(),
  /** An admin page's request: the signed-in admin and the admin services (platform/admin/context.ts). */
  admin: AdminServer | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(siteContentContext, content);
  context.set(languageContext, language);
  context.set(siteUrlContext, siteUrl);
  context.set(formServicesContext, services);
  context.set(privateLinkContext, privateLink);
  context.set(frameUseContext, frameUse);
  context.set(adminServerContext, admin);
  return context;
}
