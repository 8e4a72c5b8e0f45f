import type { ContentType } from '~/platform/content/content-type';
import { eventContent } from '~/platform/site-content/event';
import { bannerContent } from '~/platform/site-content/banner';
import { homeTexts } from '~/features/home/texts';

/** Every kind of content the organisers edit, in the editor's order. */
export const CONTENT_TYPES: readonly ContentType[] = [eventContent, bannerContent, homeTexts];
