// Every URL that is rendered to static HTML at build time. The server answers any other
// path with the prerendered 404 page (NOT_FOUND_PATH) and HTTP status 404.
export const NOT_FOUND_PATH = '/404';

/** Each page is prerendered in Lithuanian (index.html) and English (this file beside it). */
export const ENGLISH_PAGE_FILE = 'index.en.html';

export const SPONSOR_SHOWCASE_IDS = ['2', '3', '4'] as const;

/**
 * 404 pages for unknown values of a route parameter (e.g. /sponsor/9): prerendered through
 * that same route, so the browser hydrates the HTML with the route it matches.
 */
export const NOT_FOUND_VARIANTS = [{ pattern: /^\/sponsor\/[^/]+\/?$/, path: '/sponsor/0' }] as const;

export const PRERENDER_PATHS = [
  '/',
  '/apie-rengini',
  '/istorija',
  '/zoline',
  '/kontaktai',
  '/duk',
  '/organizatoriai',
  '/tapti-remeju',
  '/registracija',
  '/registracija-sekminga',
  '/sponsor/reduk',
  '/sponsor/reduk/produktai',
  '/sponsor/reduk/prieskoniai',
  '/sponsor/reduk/anglys',
  '/order-success',
  '/order-history',
  '/admin/setup',
  '/admin/login',
  '/admin',
  ...SPONSOR_SHOWCASE_IDS.map((id) => `/sponsor/${id}`),
  '/maistas',
  '/saugumo-taisykles',
  NOT_FOUND_PATH,
  ...NOT_FOUND_VARIANTS.map((variant) => variant.path),
];
