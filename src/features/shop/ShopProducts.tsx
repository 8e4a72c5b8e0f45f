import { createContext, type ReactNode, useContext } from 'react';
import type { Product } from './products';

const ShopProductsContext = createContext<readonly Product[] | null>(null);

/** Gives a shop page's components the products on sale (from the route's loader). */
export function ShopProducts({ products, children }: { products: readonly Product[]; children: ReactNode }) {
  return <ShopProductsContext.Provider value={products}>{children}</ShopProductsContext.Provider>;
}

/** The products on sale, in the organisers' order. */
export function useShopProducts(): readonly Product[] {
  const products = useContext(ShopProductsContext);
  if (!products) throw new Error('useShopProducts: no <ShopProducts> around this component');
  return products;
}

/** One product on sale, or undefined (not sold, or no longer on sale). */
export function useProduct(id: string): Product | undefined {
  return useShopProducts().find((product) => product.id === id);
}
