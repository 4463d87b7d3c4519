import { fulfilBookingPayment } from "~/features/bookings/payment.server.ts";
import { fulfilFixerOnboardingFee } from "~/features/fixers/fee-fulfilment.server.ts";
import { fulfilDonation } from "./donation.server.ts";
import type { FulfilmentHandler } from "./payments.server.ts";
import type { ProductKey } from "./products.ts";
import { fulfilVipPurchase } from "./vip-purchase.server.ts";

/**
 * What each product does once paid. The composition root (server/app.ts) hands this to the
 * payments service; a product without a fulfilment is a type error here, not a payment that
 * never fulfils.
 */
export const fulfilments: Record<ProductKey, FulfilmentHandler> = {
  vipAccess: fulfilVipPurchase,
  earlyAccessDonation: fulfilDonation,
  fixerOnboarding: fulfilFixerOnboardingFee,
  booking: fulfilBookingPayment,
};
