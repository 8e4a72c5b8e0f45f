import { createContext, RouterContextProvider } from 'react-router';
import { formServicesContext, type FormServices } from '~/platform/forms/outcome';
import type { SiteContent } from './content-type';

/**
 * How the routes' loaders get the published content: the renderer puts the SiteContent in
 * the router context of every page it renders. Made through the server build's entry
 * (src/entry.server.tsx exports `makeLoadContext`), so the key is the server build's own.
 */
export const siteContentContext = createContext<SiteContent>();

export function makeLoadContext(
  content: SiteContent,
  /** A form posted to its page: what its route action stores with (platform/forms/outcome.ts). */
  services: FormServices | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(siteContentContext, content);
  context.set(formServicesContext, services);
  return context;
}
