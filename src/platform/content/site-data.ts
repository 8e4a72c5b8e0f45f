import { useRouteLoaderData } from 'react-router';
import type { EventFacts } from '~/platform/site-content/event';
import type { EventPhase } from '~/platform/event/phase';
import type { Language } from '~/platform/i18n/languages';

/**
 * What every page gets from the root route's loader (src/root.tsx): the event facts the site's
 * frame and many pages show (the banner and the contacts come apart from the loaders' data:
 * platform/content/frame.tsx). Only the page's own language travels with it: each localized
 * value holds the page's text under both keys (platform/content/in-language.ts), and
 * switching language loads the page in the other one (decision 0045).
 */
export interface SiteData {
  /** The site's public address (PUBLIC_URL at run time): the base of every absolute URL. */
  siteUrl: string;
  event: EventFacts;
  /**
   * The event facts as texts write them ({{date}}, {{pitchPerNight}}…, platform/event/format.ts),
   * in the page's language (under both keys), written by the server: the browser's first date or money format costs
   * a phone ~200 ms of starting Intl while the page wakes, for strings the HTML already holds.
   */
  eventTexts: Record<Language, Record<string, string>>;
  /** Whether registration is open and the weekend over, at the moment the page was rendered for. */
  phase: EventPhase;
  /** The page is an organiser's preview of a draft. */
  preview: boolean;
}

export function useSiteData(): SiteData {
  const data = useRouteLoaderData('root') as SiteData | undefined;
  if (!data) throw new Error('useSiteData: no root loader data (rendered outside the site?)');
  return data;
}
