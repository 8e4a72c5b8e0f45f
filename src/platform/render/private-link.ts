import { createContext, data, type RouterContextProvider } from 'react-router';

/**
 * What the server read for the private link in a page's address (an order's token, a
 * self-service link): the answer the page draws, with the HTTP status it is sent with
 * (404 for a link that does not work).
 */
export interface PrivateLinkAnswer {
  result: unknown;
  status: number;
}

/** Reads the link in the address being rendered (set by the server for that one request). */
export type PrivateLinkReader = () => Promise<PrivateLinkAnswer>;

/**
 * The router context key the server sets when it renders a private-link page for its link
 * (platform/render/private-link-page.server.ts); null everywhere else (the page rendered
 * without a link, a client-side navigation's data request).
 */
export const privateLinkContext = createContext<PrivateLinkReader | null>(null);

/**
 * A private-link page's loader: the server's answer for the link in the address, sent with
 * its status, so the HTML carries the answer and needs no script to show it; null when the
 * page is rendered without one (the page then reads the link itself, after hydration).
 */
export async function privateLinkLoader<Result>(context: Readonly<RouterContextProvider>) {
  const read = context.get(privateLinkContext);
  if (!read) return null;
  const { result, status } = await read();
  return data(result as Result, { status });
}
