"use client";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import { emptyCart, type Cart, type CartLine } from "@/lib/cart/cart";
import type { cartResponseSchema, CartLineOut, ServerCart } from "@/lib/schemas/cart";

// The cart is the signed-in person's, kept on the server (GET/PUT /cart): it follows them to
// another browser and nobody else signing in here sees it. lib/cart/cart's pure functions
// still describe each change; update() sends the lines that result. What belongs to one page's
// checkout (the attempt's Idempotency-Key, the numbers a 409 named) stays in this page.

/** Where the old, browser-only cart was kept: removed on first load. */
const LEGACY_STORAGE_KEYS = ["numbers-portal:cart:v1"];

export type Hold = NonNullable<CartLineOut["hold"]>;
export type LineDocuments = CartLineOut["documents"];
type PageState = Pick<Cart, "attempt" | "unavailable">;

const emptyPageState: PageState = { attempt: null, unavailable: [] };
let pageState: PageState = emptyPageState;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setPageState(next: PageState) {
  pageState = next;
  for (const listener of listeners) listener();
}

// Marks the server gives a line: the number cannot be bought (by this organization) now.
const goneStates = new Set<Hold["state"]>(["sold", "held_by_another", "not_in_inventory"]);

function toCart(server: ServerCart | undefined, page: PageState): Cart {
  if (!server) return { ...emptyCart, ...page };
  const lines = server.lines.flatMap((line): CartLine[] => {
    const geography = {
      key: line.key,
      country: line.country,
      number_type: line.number_type,
      region: line.region,
      region_name: line.region_name,
    };
    if (line.kind === "number" && line.number_e164)
      return [{ ...geography, kind: "number", number_e164: line.number_e164, product: line.product }];
    // A geography line whose product was withdrawn has no price: it is left out.
    return line.product
      ? [{ ...geography, kind: "geography", quantity: line.quantity, product: line.product }]
      : [];
  });
  const marked = server.lines.flatMap((line) =>
    line.number_e164 && line.hold && goneStates.has(line.hold.state) ? [line.number_e164] : [],
  );
  return { lines, attempt: page.attempt, unavailable: [...new Set([...page.unavailable, ...marked])] };
}

function toRequestLines(lines: readonly CartLine[]) {
  return lines.map((line) =>
    line.kind === "number"
      ? { kind: "number" as const, number_e164: line.number_e164, product_id: line.product?.id ?? null }
      : {
          kind: "geography" as const,
          country: line.country,
          number_type: line.number_type,
          region: line.region,
          product_id: line.product.id,
          quantity: line.quantity,
        },
  );
}

/** The answer shown until the server's: kept holds stay, a new number reads "holding…" (null). */
function optimistic(previous: ServerCart | undefined, lines: readonly CartLine[]): ServerCart {
  const before = new Map(previous?.lines.map((line) => [line.key, line]));
  return {
    lines: lines.map((line) => ({
      key: line.key,
      kind: line.kind,
      number_e164: line.kind === "number" ? line.number_e164 : null,
      country: line.country,
      number_type: line.number_type,
      region: line.region,
      region_name: line.region_name,
      product: line.product,
      quantity: line.kind === "number" ? 1 : line.quantity,
      hold: before.get(line.key)?.hold ?? null,
      documents: before.get(line.key)?.documents ?? null,
    })),
    // The server prices the new lines in its answer; until then the last answer's charges stay.
    charges: previous?.charges ?? [],
  };
}

function removeLegacyCart() {
  try {
    for (const key of LEGACY_STORAGE_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing of the old cart to remove.
  }
}

/** How long the cart may take to answer before the page says it could not be loaded. */
const CART_TIMEOUT_MS = 15_000;

/** A GET /cart that has not answered within CART_TIMEOUT_MS. */
class CartTimeoutError extends Error {
  constructor() {
    super(`The cart did not answer within ${CART_TIMEOUT_MS / 1000} seconds.`);
    this.name = "CartTimeoutError";
  }
}

// A hung request would leave "Opening your cart…" up for ever: after the timeout it is
// aborted and reported as a failure (setTimeout, not AbortSignal.timeout, so tests can move
// the page's clock).
async function fetchCart(signal: AbortSignal): Promise<ServerCart> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, CART_TIMEOUT_MS);
  const stop = () => controller.abort();
  signal.addEventListener("abort", stop);
  try {
    return (await apiFetch<typeof cartResponseSchema>("/cart", { signal: controller.signal })).data.data;
  } catch (error) {
    throw timedOut ? new CartTimeoutError() : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", stop);
  }
}

// Writes go one after another, so a quick second change never lands before the first; and
// only the last write's answer replaces the cart shown, so an earlier answer (one line when two
// were added quickly) never hides the later change while it is being saved.
let saving: Promise<unknown> = Promise.resolve();
let latestWrite = 0;

/** What update() answers once the change is saved: null, or the error that refused it. */
export type SaveResult = Promise<unknown>;

/**
 * { cart, update, holds, documents, loaded, error, retry }: update takes one of lib/cart/cart's pure
 * functions' results and saves the lines to the server, answering null once saved or the error
 * when not (the cart shown goes back to the server's); holds says, per line key, how each named
 * number is held. `error`: the cart could not be read, so `cart` is not the person's cart.
 * `enabled: false` for someone whose role has no cart (support): the server is never asked.
 */
export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.cart(),
    queryFn: ({ signal }) => fetchCart(signal),
    enabled,
    // Offline, a paused read would leave "Opening your cart…" up: it fails and says so instead.
    networkMode: "always",
    // A read that timed out has waited long enough: the page says so rather than wait again.
    retry: (failures, error) =>
      !(error instanceof CartTimeoutError) &&
      failures < 2 &&
      !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
  });
  const page = useSyncExternalStore(
    subscribe,
    () => pageState,
    () => emptyPageState,
  );
  useEffect(removeLegacyCart, []);

  const cart = useMemo(() => toCart(query.data, page), [query.data, page]);
  const holds = useMemo(
    () => new Map((query.data?.lines ?? []).map((line) => [line.key, line.hold] as const)),
    [query.data],
  );
  // Per line key: the documents its numbers would wait for if bought now (null: none).
  // Per currency, what checking out now would charge (the server's, through billing_prorated).
  const charges = useMemo(() => query.data?.charges ?? [], [query.data]);
  const documents = useMemo(
    () => new Map((query.data?.lines ?? []).map((line) => [line.key, line.documents] as const)),
    [query.data],
  );

  const update = useCallback(
    function save(change: (cart: Cart) => Cart): SaveResult {
      const previous = queryClient.getQueryData<ServerCart>(queryKeys.cart());
      // Not read yet (or the read failed): the lines sent would replace the person's whole cart
      // with this one change. Read it first; when it cannot be read, nothing is saved.
      if (previous === undefined)
        return queryClient
          .fetchQuery({ queryKey: queryKeys.cart(), queryFn: ({ signal }) => fetchCart(signal) })
          .then(
            () => save(change),
            (error: unknown) => error,
          );
      const current = toCart(previous, pageState);
      const next = change(current);
      setPageState({ attempt: next.attempt, unavailable: next.unavailable });
      if (JSON.stringify(next.lines) === JSON.stringify(current.lines)) return Promise.resolve(null);
      // A GET /cart still in flight (a refetch) would overwrite this change with the cart as it
      // was: cancel it first, as TanStack Query's optimistic updates do.
      void queryClient.cancelQueries({ queryKey: queryKeys.cart() });
      queryClient.setQueryData(queryKeys.cart(), optimistic(previous, next.lines));
      const write = ++latestWrite;
      saving = saving
        .catch(() => undefined)
        .then(() =>
          apiFetch<typeof cartResponseSchema>("/cart", {
            method: "PUT",
            body: { lines: toRequestLines(next.lines) },
          }),
        )
        .then((answer) => {
          if (write === latestWrite) queryClient.setQueryData(queryKeys.cart(), answer.data.data);
          return null;
        })
        .catch(async (error: unknown) => {
          await queryClient.invalidateQueries({ queryKey: queryKeys.cart() });
          return error;
        });
      return saving;
    },
    [queryClient],
  );

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    cart,
    update,
    holds,
    documents,
    charges,
    loaded: query.isSuccess || query.isError,
    // A failed read with nothing read before: the cart shown is not the person's.
    error: query.isError && query.data === undefined ? query.error : null,
    retry,
  };
}

/**
 * POST /cart/renew/{number}: one number of the cart held again for the full time from now; the
 * others keep theirs (a line's Renew is about that line). `variables` names the one renewing.
 */
export function useRenewHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (number: string) =>
      (
        await apiFetch<typeof cartResponseSchema>(`/cart/renew/${encodeURIComponent(number)}`, {
          method: "POST",
        })
      ).data.data,
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart(), cart),
  });
}

/** A random Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
