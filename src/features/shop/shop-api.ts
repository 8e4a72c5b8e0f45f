import { apiRequest } from '~/platform/http/request';
import { SHOP_ENDPOINTS } from './api';
import type { CreateOrderResponse, OrderHistoryResponse, OrderView } from './order-view';
import type { OrderRequest } from './schema';

// The browser's side of the shop API (shop.server.ts); failures throw ApiError.

export function createOrder(order: OrderRequest): Promise<CreateOrderResponse> {
  return apiRequest('POST', SHOP_ENDPOINTS.createOrder.url(), order);
}

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
