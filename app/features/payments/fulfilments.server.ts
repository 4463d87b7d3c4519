/**
 * Registers every product's fulfilment with server/payments. Imported by server/app.ts at start-up
 * (so a webhook arriving before any page load finds them) and by the routes that take payments.
 */
import "../fixers/fee-fulfilment.server";
import "./vip-purchase.server";
import "./donation.server";
