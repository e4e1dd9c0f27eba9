"use client";
import { useCallback, useSyncExternalStore } from "react";
import { emptyCart, parseCart, type Cart } from "@/lib/cart/cart";

// The cart lives in localStorage so it survives a reload and is shared by open tabs.
const STORAGE_KEY = "numbers-portal:cart:v1";

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedCart: Cart = emptyCart;

function readCart(): Cart {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return emptyCart;
  }
  // useSyncExternalStore needs the same object back while nothing changed.
  if (raw === cachedRaw) return cachedCart;
  cachedRaw = raw;
  cachedCart = (raw === null ? null : parseCart(safeJson(raw))) ?? emptyCart;
  return cachedCart;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function writeCart(cart: Cart): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or disabled (private mode): the cart then lasts as long as the page.
    cachedRaw = JSON.stringify(cart);
    cachedCart = cart;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * [cart, update]: update takes one of lib/cart/cart's pure functions' results. Until the page
 * has hydrated, the cart is the empty one the server rendered with.
 */
export function useCart(): { cart: Cart; update: (change: (cart: Cart) => Cart) => void } {
  const cart = useSyncExternalStore(subscribe, readCart, () => emptyCart);
  const update = useCallback((change: (cart: Cart) => Cart) => writeCart(change(readCart())), []);
  return { cart, update };
}

/**
 * False while the server's render is being hydrated, for views that must not show the empty
 * cart as if it were the person's. A hook of its own: its change after hydration re-renders
 * only the views that ask (an empty cart re-renders nothing, the inventory table included).
 */
export function useCartHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/** A random Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
