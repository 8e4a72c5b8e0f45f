import { apiRequest } from '~/platform/http/request';
import { SHOP_ENDPOINTS } from './api';
import type { OrderHistoryResponse, OrderView } from './order-view';

// The browser's side of the shop API (shop.server.ts); failures throw ApiError.

export function fetchOrder(token: string): Promise<OrderView> {
  return apiRequest('GET', SHOP_ENDPOINTS.order.url({ token }));
}

export async function lookupOrders(tokens: string[]): Promise<OrderView[]> {
  if (tokens.length === 0) return [];
  const { orders } = await apiRequest<{ orders: OrderView[] }>('POST', SHOP_ENDPOINTS.lookup.url(), {
    tokens,
  });
  return orders;
}

export function requestHistoryLink(email: string, language: string): Promise<{ ok: true }> {
  return apiRequest('POST', SHOP_ENDPOINTS.historyLink.url(), { email, language });
}

export function fetchHistory(link: string): Promise<OrderHistoryResponse> {
  return apiRequest('GET', `${SHOP_ENDPOINTS.history.url()}?link=${encodeURIComponent(link)}`);
}

export function eraseOrderDetails(token: string): Promise<OrderView> {
  return apiRequest('POST', SHOP_ENDPOINTS.erase.url({ token }));
}
