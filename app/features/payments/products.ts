import { products } from "~/content/prices.ts";

/**
 * What can be bought: the products of app/content/prices.ts (the only source of amounts), and a
 * booking's extra charge (decision 084), priced per extra as the booking is. It is named here, not in
 * prices.ts, whose module every public page loads: no page sells it.
 */
const catalogue = { ...products, bookingExtra: { ...products.booking, name: "FixiT booking extra charge" } } as const;
export type ProductKey = keyof typeof catalogue;

/** How each product is written in `payments.product` (snake_case, stable: staff lists and reports read it). */
export const PRODUCT_CODES = {
  fixerOnboarding: "fixer_onboarding",
  vipAccess: "vip_access",
  earlyAccessDonation: "early_access_donation",
  booking: "booking",
  bookingExtra: "booking_extra",
} as const satisfies Record<ProductKey, string>;

export type ProductCode = (typeof PRODUCT_CODES)[ProductKey];

export const productKeys = Object.keys(PRODUCT_CODES) as ProductKey[];

export function isProductKey(value: unknown): value is ProductKey {
  return typeof value === "string" && Object.hasOwn(PRODUCT_CODES, value);
}

/** The product a `payments.product` value names, or null for anything else. */
export function productKeyFromCode(code: string): ProductKey | null {
  return productKeys.find((key) => PRODUCT_CODES[key] === code) ?? null;
}

/** Where a buyer goes back to when they cancel a checkout, unless the caller says otherwise. */
export const DEFAULT_RETURN_PATHS: Record<ProductKey, string> = {
  fixerOnboarding: "/fixer-register",
  vipAccess: "/early-access#vip-access",
  earlyAccessDonation: "/early-access",
  booking: "/jobs",
  bookingExtra: "/bookings",
};

export function productDetails(key: ProductKey) {
  const product = catalogue[key];
  return { key, code: PRODUCT_CODES[key], name: product.name, amountPence: product.pricePence, terms: product.terms, currency: "gbp" as const };
}
