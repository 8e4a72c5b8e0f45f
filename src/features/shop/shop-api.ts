import type { CreateOrderResponse, OrderHistoryResponse, OrderView } from './order-view';
import type { OrderRequest } from './schema';

// The browser's side of the shop API (src/features/shop/shop.server.ts).

export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`shop API answered ${status} ${code}`);
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ShopApiError(response.status, body.error ?? 'error');
  }
  return (await response.json()) as T;
}

export function createOrder(order: OrderRequest): Promise<CreateOrderResponse> {
  return request('/api/orders', { method: 'POST', body: JSON.stringify(order) });
}

export function fetchOrder(token: string): Promise<OrderView> {
  return request(`/api/orders/${encodeURIComponent(token)}`);
}

export async function lookupOrders(tokens: string[]): Promise<OrderView[]> {
  if (tokens.length === 0) return [];
  const { orders } = await request<{ orders: OrderView[] }>('/api/orders/lookup', {
    method: 'POST',
    body: JSON.stringify({ tokens }),
  });
  return orders;
}

export function requestHistoryLink(email: string, language: string): Promise<{ ok: true }> {
  return request('/api/orders/history-link', { method: 'POST', body: JSON.stringify({ email, language }) });
}

export function fetchHistory(link: string): Promise<OrderHistoryResponse> {
  return request(`/api/orders/history?link=${encodeURIComponent(link)}`);
}
