// Every page's address, written once. The route table (src/routes.ts) is built from these,
// links use them (`PATHS.about`, `sponsorShowcasePath('2')`), and the list of prerendered
// pages is derived from the route table (react-router.config.ts).

export const PATHS = {
  home: '/',
  about: '/apie-rengini',
  history: '/istorija',
  zoline: '/zoline',
  contacts: '/kontaktai',
  faq: '/duk',
  organizers: '/organizatoriai',
  becomeSponsor: '/tapti-remeju',
  registration: '/registracija',
  registrationSuccess: '/registracija-sekminga',
  /** After registering over the limits: on the waiting list (issue 32). */
  registrationWaiting: '/registracija-laukiate',
  /** The e-mailed link to accept a freed place (`?token=`), with or without scripts. */
  placeOffer: '/registracija-vieta',
  partner: '/sponsor/reduk',
  partnerProducts: '/sponsor/reduk/produktai',
  partnerSpices: '/sponsor/reduk/prieskoniai',
  partnerCharcoal: '/sponsor/reduk/anglys',
  sponsorShowcase: '/sponsor/:id',
  /** One product's order page: where Buy leads when the page's scripts are not running. */
  order: '/uzsakymas/:productId',
  orderSuccess: '/order-success',
  orderHistory: '/order-history',
  recipes: '/maistas',
  safety: '/saugumo-taisykles',
  privacy: '/privatumas',
  myData: '/mano-duomenys',
  adminSetup: '/admin/setup',
  adminLogin: '/admin/login',
  adminInvitation: '/admin/invitation',
  admin: '/admin',
  adminTeam: '/admin/team',
  adminPrivacy: '/admin/privacy',
  adminContent: '/admin/content',
  adminContentType: '/admin/content/:type',
  /** Prepare next year (issue 30): the next edition's dates, last year's history, the banner. */
  adminNextYear: '/admin/next-year',
  /** The gate's check-in screen (issue 33): admins, or volunteers with a check-in link. */
  adminCheckIn: '/admin/check-in',
  /** Messages to participants (issue 32): write, preview, send to a group of registrations. */
  adminMessages: '/admin/messages',
  /** The food counts of an edition (issue 47): portions by diet, the food to buy. */
  adminFood: '/admin/food',
  /** The volunteer rota of an edition (issue 47): tasks, slots, who helps when. */
  adminRota: '/admin/rota',
} as const;

export const adminContentPath = (type: string) => PATHS.adminContentType.replace(':type', type);

export type PagePath = (typeof PATHS)[keyof typeof PATHS];

export const orderPagePath = (productId: string) => PATHS.order.replace(':productId', productId);

export const SPONSOR_SHOWCASE_IDS = ['2', '3', '4'] as const;
export const sponsorShowcasePath = (id: string) => PATHS.sponsorShowcase.replace(':id', id);

/**
 * The lists shown a number of items a page (platform/content/paged-list.ts): page 1 at the
 * list's address, page n at `<address>/<n>`, one route with an optional `:page` (src/routes.ts).
 */
export const PAGED_LIST_PATHS = [
  PATHS.history,
  PATHS.recipes,
  PATHS.partnerProducts,
  PATHS.partnerSpices,
] as const;
export const withPageParam = (path: string) => `${path}/:page?`;

/** The server answers any unknown path with this prerendered page and HTTP status 404. */
export const NOT_FOUND_PATH = '/404';

/**
 * 404 pages for unknown values of a route parameter (e.g. /sponsor/9): prerendered through
 * that same route, so the browser hydrates the HTML with the route it matches.
 */
export const NOT_FOUND_VARIANTS = [
  { pattern: /^\/sponsor\/[^/]+\/?$/, path: sponsorShowcasePath('0') },
  { pattern: /^\/uzsakymas\/[^/]+\/?$/, path: orderPagePath('0') },
  // A page of a list that has no such page ('/istorija/99').
  ...PAGED_LIST_PATHS.map((path) => ({ pattern: new RegExp(`^${path}/[^/]+/?$`), path: `${path}/0` })),
] as const;

/** Pages of parameterised routes, and the 404 pages, rendered besides every fixed route. */
export const PARAMETER_PAGES = [
  ...SPONSOR_SHOWCASE_IDS.map(sponsorShowcasePath),
  NOT_FOUND_PATH,
  ...NOT_FOUND_VARIANTS.map((variant) => variant.path),
];

/**
 * Pages opened with a private link (an order's token, a self-service link): with their
 * parameter they are rendered for that one request, their loader reading the link
 * (platform/render/private-link-page.server.ts), so the HTML carries the answer; never
 * kept or cached. Without it they are ordinary prerendered pages.
 */
export const PRIVATE_LINK_PAGES = [
  { path: PATHS.orderSuccess, param: 'order_id' },
  { path: PATHS.myData, param: 'link' },
  { path: PATHS.placeOffer, param: 'token' },
] as const;

/**
 * Pages that mean nothing without a parameter: the server sends the visitor to `to` with a
 * notice the page there shows (SPEC: /order-success without order_id → a toast, home).
 */
export const PARAMETER_REQUIRED = [
  { path: PATHS.orderSuccess, param: 'order_id', to: PATHS.home, notice: 'order-missing' },
] as const;

/** The notice an address asks a page to show once (PARAMETER_REQUIRED). */
export const NOTICE_PARAM = 'notice';
export type Notice = (typeof PARAMETER_REQUIRED)[number]['notice'];

function splitUrl(url: string): { path: string; query: URLSearchParams | undefined } {
  const mark = url.indexOf('?');
  const pathname = mark === -1 ? url : url.slice(0, mark);
  return {
    path: pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname,
    query: mark === -1 ? undefined : new URLSearchParams(url.slice(mark + 1)),
  };
}

function redirectFor(path: string, query: URLSearchParams | undefined): string | undefined {
  const rule = PARAMETER_REQUIRED.find((candidate) => candidate.path === path);
  if (!rule || query?.get(rule.param)) return undefined;
  const target = new URLSearchParams();
  const lang = query?.get('lang');
  if (lang) target.set('lang', lang);
  target.set(NOTICE_PARAM, rule.notice);
  return `${rule.to}?${target.toString()}`;
}

/** Where a PARAMETER_REQUIRED page asked for without its parameter sends the visitor (keeping `lang`). */
export function missingParameterRedirect(url: string): string | undefined {
  const { path, query } = splitUrl(url);
  return redirectFor(path, query);
}

/**
 * What the server answers a page request with, from one reading of its URL: a redirect
 * (PARAMETER_REQUIRED), a page rendered for this request (a PRIVATE_LINK_PAGES page with
 * its link), or the key of the page table to look up (the path).
 */
export function pageRequest(url: string): { redirect: string } | { privateLink: string } | { key: string } {
  const { path, query } = splitUrl(url);
  const redirect = redirectFor(path, query);
  if (redirect) return { redirect };
  const privateLink = PRIVATE_LINK_PAGES.find((candidate) => candidate.path === path);
  if (privateLink && query?.get(privateLink.param)) return { privateLink: privateLink.path };
  const mark = url.indexOf('?');
  return { key: mark === -1 ? url : url.slice(0, mark) };
}

/**
 * The admin pages on loaders and actions (decision 0052): rendered for each request with the
 * signed-in admin's data (platform/admin/pages.server.ts), never kept in the page table.
 */
export const ADMIN_LOADER_PAGES: readonly string[] = [PATHS.admin, PATHS.adminFood, PATHS.adminRota];

/** Every page there is: the fixed routes and PARAMETER_PAGES. */
export const ALL_PAGES: string[] = [
  ...Object.values(PATHS).filter((path) => !path.includes(':')),
  ...PARAMETER_PAGES,
];

/**
 * Pages for one visitor only (a token, a session, what they just sent) or the organisers:
 * left out of the sitemap and disallowed in robots.txt. Every other page is public.
 */
export const PRIVATE_PAGE_PREFIXES: readonly string[] = [
  PATHS.admin,
  PATHS.registrationSuccess,
  PATHS.registrationWaiting,
  PATHS.placeOffer,
  PATHS.orderSuccess,
  PATHS.orderHistory,
  PATHS.myData,
];

const isPrivatePage = (path: string) =>
  PRIVATE_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
const NOT_FOUND_PAGES = new Set<string>([
  NOT_FOUND_PATH,
  ...NOT_FOUND_VARIANTS.map((variant) => variant.path),
]);

/** The pages search engines may list (the sitemap): every page but the private ones and the 404s. */
export const PUBLIC_PAGES: string[] = ALL_PAGES.filter(
  (path) => !isPrivatePage(path) && !NOT_FOUND_PAGES.has(path),
);

/**
 * The pages visitors read, private ones included: every page but the admin area's and the
 * 404s (the first-load budget and Lighthouse measure these).
 */
export const VISITOR_PAGES: string[] = ALL_PAGES.filter(
  (path) => !path.startsWith(PATHS.admin) && !NOT_FOUND_PAGES.has(path),
);

/** Each page is prerendered in Lithuanian (index.html) and English (this file beside it). */
export const ENGLISH_PAGE_FILE = 'index.en.html';
