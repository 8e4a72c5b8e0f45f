import { createContext, type ReactNode, useContext } from 'react';
import type { Product } from './products';

interface ShopProductsValue {
  products: readonly Product[];
  /** The lowest price of a spice on sale, in pence ("from £…"). */
  spicePrice: number;
}

const ShopProductsContext = createContext<ShopProductsValue | null>(null);

/** Gives a shop page's components the products it shows (from the route's loader). */
export function ShopProducts({ children, ...value }: ShopProductsValue & { children: ReactNode }) {
  return <ShopProductsContext.Provider value={value}>{children}</ShopProductsContext.Provider>;
}

function useShop(): ShopProductsValue {
  const shop = useContext(ShopProductsContext);
  if (!shop) throw new Error('useShopProducts: no <ShopProducts> around this component');
  return shop;
}

/** The products this page shows, in the organisers' order. */
export function useShopProducts(): readonly Product[] {
  return useShop().products;
}

/** The lowest price of a spice on sale, in pence. */
export function useSpicePrice(): number {
  return useShop().spicePrice;
}

/** One product this page shows, or undefined (not sold, or no longer on sale). */
export function useProduct(id: string): Product | undefined {
  return useShopProducts().find((product) => product.id === id);
}
