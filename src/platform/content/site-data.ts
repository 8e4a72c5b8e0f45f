import { useRouteLoaderData } from 'react-router';
import type { EventFacts } from '~/platform/site-content/event';
import type { Banner } from '~/platform/site-content/banner';

/**
 * What every page gets from the root route's loader (src/root.tsx): the content the site's
 * frame and many pages show. Both languages travel with the page, so switching language
 * needs no new data.
 */
export interface SiteData {
  event: EventFacts;
  banner: Banner;
  /** The page is an organiser's preview of a draft. */
  preview: boolean;
}

export function useSiteData(): SiteData {
  const data = useRouteLoaderData('root') as SiteData | undefined;
  if (!data) throw new Error('useSiteData: no root loader data (rendered outside the site?)');
  return data;
}
