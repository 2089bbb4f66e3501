// The demo shop's orders: ids ascending with creation time, each with lines, shipping, tax, fees, a coupon, a
// timeline of notes and sometimes a refund, consistent to the cent.
import type { Address, BillingAddress, CouponLine, Customer, FeeLine, LineItem, Order, OrderNote, OrderStatus, Refund, ShippingLine, TaxLine } from 'wc-legacy-api/shop';
import { CUSTOMER_NOTES, CITIES, COMPANIES, type CouponSeed, DAY, EMPTY, FIRST_NAMES, LAST_NAMES, PAYMENT_METHODS, SHIPPING_METHODS, STREETS, TAX_REDUCED, TAX_STANDARD, USER_AGENTS, asciiSlug, orderStatusFor } from './catalog-data';
import { type Draw, taxOf } from './draw';

/** Something an order line can sell: a simple product, or a variation of a parent. */
export interface Sellable {
  readonly productId: number;
  readonly variationId: number | null;
  readonly name: string;
  readonly priceCents: number;
  readonly taxClass: string;
}

/** What the orders are drawn from; `couponUses` is filled in (one count per coupon seed). */
export interface OrderInputs {
  readonly draw: Draw;
  readonly nowMs: number;
  readonly orderCount: number;
  readonly customers: readonly Customer[];
  readonly customerAddresses: readonly { readonly billing: BillingAddress; readonly shipping: Address }[];
  readonly sellables: readonly Sellable[];
  readonly deleted: readonly Sellable[];
  readonly couponSeeds: readonly CouponSeed[];
  readonly usableCoupons: readonly number[];
  readonly couponUses: number[];
}

export function generateOrders(inputs: OrderInputs): Order[] {
  const { rnd, pick, int, cents } = inputs.draw;
  const { nowMs, orderCount, customers, customerAddresses, sellables, deleted, couponSeeds, usableCoupons, couponUses } = inputs;
  // Spread evenly (with jitter) over the 18 months before now.
  const orders: Order[] = [];
  const span = 548 * DAY;
  const startMs = nowMs - span;
  let itemId = 1;
  let noteId = 1;
  let refundId = 1;
  let customerCursor = 0; // customers registered before the current order's creation
  const paymentsUnpaid = PAYMENT_METHODS.map(([methodId, methodTitle]) => ({ methodId, methodTitle, paidAt: null }));
  const guestAddresses: { billing: BillingAddress; shipping: Address }[] = [];
  for (let g = 0; g < 40; g++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const [city, state, postcode] = pick(CITIES);
    const shipping: Address = { firstName: first, lastName: last, company: pick(COMPANIES), address1: `${pick(STREETS)} ${int(1, 99)}`, address2: '', city, state, postcode, country: rnd() < 0.8 ? 'DE' : 'AT' };
    guestAddresses.push({ shipping, billing: { ...shipping, email: `guest${g}.${asciiSlug(last)}@example.org`, phone: g % 3 === 0 ? '' : `+49 40 ${int(100000, 999999)}` } });
  }

  // One order's instants often coincide (created = updated, paid = first note); such orders share one Date object.
  const orderDates: Date[] = [];
  const dateAt = (ms: number): Date => {
    for (const d of orderDates) if (d.getTime() === ms) return d;
    const d = new Date(ms);
    orderDates.push(d);
    return d;
  };
  const noteTexts = new Map<string, string>();
  const statusNote = (from: OrderStatus, to: OrderStatus): string => {
    const key = `${from}>${to}`;
    let text = noteTexts.get(key);
    if (text === undefined) {
      text = `Order status changed from ${from} to ${to}.`;
      noteTexts.set(key, text);
    }
    return text;
  };
  const ips = Array.from({ length: 250 }, (_, i) => `203.0.113.${i}`);
  let notesOut: OrderNote[] = [];
  const note = (at: number, content: string, customerNote = false, approved = true, type = 'order_note'): void => {
    notesOut.push({ id: noteId++, createdAt: dateAt(at), content, customerNote, approved, type });
  };

  for (let i = 0; i < orderCount; i++) {
    const id = 1001 + i;
    const createdMs = Math.floor((startMs + ((i + rnd()) / Math.max(1, orderCount)) * span) / 1000) * 1000;
    const createdAt = new Date(createdMs);
    orderDates.length = 0;
    orderDates.push(createdAt);
    const ageDays = (nowMs - createdMs) / DAY;
    const status = orderStatusFor(i, ageDays, rnd());

    while (customerCursor < customers.length && (customers[customerCursor] as Customer).registeredAt.getTime() <= createdMs) customerCursor++;
    // Users 1-3 (administrator, shop managers) do not shop; everyone registered before the order may.
    const guest = customerCursor <= 3 || rnd() < 0.2;
    const customerIndex = guest ? -1 : 3 + Math.floor(rnd() * (customerCursor - 3));
    const address = guest ? pick(guestAddresses) : (customerAddresses[customerIndex] as { billing: BillingAddress; shipping: Address });
    const customerId = guest ? 0 : (customers[customerIndex] as Customer).id;

    // Line items.
    const lineCount = rnd() < 0.15 ? 1 : int(2, 5);
    const drafts: { s: Sellable; qty: number; subtotal: number }[] = [];
    for (let l = 0; l < lineCount; l++) {
      const s = ageDays > 200 && rnd() < 0.03 ? pick(deleted) : pick(sellables);
      const qty = rnd() < 0.7 ? 1 : int(2, 4);
      drafts.push({ s, qty, subtotal: s.priceCents * qty });
    }
    const itemsSubtotal = drafts.reduce((sum, d) => sum + d.subtotal, 0);

    // Coupon: a percent or fixed cart discount spread over the lines (the last line takes the remainder).
    let discount = 0;
    let couponIndex = -1;
    if (usableCoupons.length > 0 && rnd() < 0.18) {
      couponIndex = pick(usableCoupons);
      const c = couponSeeds[couponIndex] as CouponSeed;
      discount = c.type === 'percent' ? Math.floor((itemsSubtotal * c.amount) / 100) : Math.min(c.amount, itemsSubtotal);
      if (discount === 0) couponIndex = -1;
    }
    let remaining = discount;
    let cartTaxStd = 0;
    let cartTaxRed = 0;
    let itemsTotal = 0;
    const lineItems: LineItem[] = drafts.map((d, l) => {
      const share = l === drafts.length - 1 ? remaining : Math.min(remaining, Math.floor((discount * d.subtotal) / Math.max(1, itemsSubtotal)));
      remaining -= share;
      const total = d.subtotal - share;
      const reduced = d.s.taxClass === 'reduced-rate';
      const tax = taxOf(total, reduced ? TAX_REDUCED.percent : TAX_STANDARD.percent);
      if (reduced) cartTaxRed += tax;
      else cartTaxStd += tax;
      itemsTotal += total;
      return {
        id: itemId++,
        name: d.s.name,
        productId: d.s.productId,
        variationId: d.s.variationId,
        quantity: d.qty,
        subtotal: cents(d.subtotal),
        total: cents(total),
        tax: cents(tax),
        taxClass: d.s.taxClass,
      };
    });

    // Shipping (free above 50 € or with the free shipping coupon), fees for cash on delivery.
    const [methodId, methodTitle, baseShipping] = pick(SHIPPING_METHODS);
    const shippingCents = itemsSubtotal >= 5000 && methodId === 'flat_rate' ? 0 : baseShipping;
    const shippingTax = taxOf(shippingCents, TAX_STANDARD.percent);
    const shippingLines: ShippingLine[] = [{ id: itemId++, methodId, methodTitle: shippingCents === 0 && methodId === 'flat_rate' ? 'Free Shipping' : methodTitle, total: cents(shippingCents) }];
    const paymentIndex = Math.floor(rnd() * PAYMENT_METHODS.length);
    let feeCents = 0;
    let feeTax = 0;
    let feeLines: readonly FeeLine[] = EMPTY;
    if (PAYMENT_METHODS[paymentIndex]?.[0] === 'cod') {
      feeCents = 200;
      feeTax = taxOf(feeCents, TAX_STANDARD.percent);
      cartTaxStd += feeTax;
      feeLines = [{ id: itemId++, title: 'Cash on delivery fee', taxClass: '', total: cents(feeCents), tax: cents(feeTax) }];
    } else if (rnd() < 0.03) {
      feeCents = 350;
      feeTax = taxOf(feeCents, TAX_STANDARD.percent);
      cartTaxStd += feeTax;
      feeLines = [{ id: itemId++, title: 'Gift wrapping', taxClass: '', total: cents(feeCents), tax: cents(feeTax) }];
    }
    const taxLines: TaxLine[] = [];
    if (cartTaxStd > 0 || shippingTax > 0) {
      taxLines.push({ id: itemId++, code: TAX_STANDARD.code, title: TAX_STANDARD.title, taxTotal: cents(cartTaxStd), shippingTaxTotal: cents(shippingTax), compound: false });
    }
    if (cartTaxRed > 0) {
      taxLines.push({ id: itemId++, code: TAX_REDUCED.code, title: TAX_REDUCED.title, taxTotal: cents(cartTaxRed), shippingTaxTotal: cents(0), compound: false });
    }
    let couponLines: readonly CouponLine[] = EMPTY;
    if (couponIndex >= 0) {
      couponUses[couponIndex] = (couponUses[couponIndex] ?? 0) + 1;
      couponLines = [{ id: itemId++, code: (couponSeeds[couponIndex] as CouponSeed).code, amount: cents(discount) }];
    }
    const cartTax = cartTaxStd + cartTaxRed;
    const totalCents = itemsTotal + shippingCents + feeCents + cartTax + shippingTax;

    // Timeline: paid a few minutes after creation, completed days later, updated at the last event (never after now).
    const paidStatuses = status === 'completed' || status === 'processing' || status === 'refunded' || (status === 'on-hold' && rnd() < 0.3);
    const paidAt = paidStatuses ? dateAt(Math.min(nowMs, createdMs + int(1, 30) * 60_000)) : null;
    const completedAt = status === 'completed' || status === 'refunded' ? dateAt(Math.min(nowMs, createdMs + int(1, 6) * DAY + int(0, 86_399) * 1000)) : null;
    let updatedMs = completedAt?.getTime() ?? paidAt?.getTime() ?? createdMs;

    let refunds: readonly Refund[] = EMPTY;
    if (status === 'refunded') {
      const at = Math.min(nowMs, updatedMs + int(1, 10) * DAY);
      refunds = [{ id: refundId++, createdAt: dateAt(at), amount: cents(totalCents), reason: rnd() < 0.5 ? 'Returned by customer' : '' }];
      updatedMs = at;
    } else if (status === 'completed' && rnd() < 0.04 && lineItems.length > 1) {
      const at = Math.min(nowMs, updatedMs + int(1, 20) * DAY);
      const first = drafts[0] as { subtotal: number };
      refunds = [{ id: refundId++, createdAt: dateAt(at), amount: cents(Math.min(totalCents, first.subtotal)), reason: 'Item damaged in transit' }];
      updatedMs = at;
    }

    // Notes: the status history as approved order notes, sometimes a customer-visible note, an unapproved note or a
    // note of another comment type (neither is ever served).
    const notes: OrderNote[] = [];
    notesOut = notes;
    if (status !== 'pending') {
      const first = status === 'failed' || status === 'cancelled' ? status : 'processing';
      note(paidAt?.getTime() ?? createdMs, statusNote('pending', first));
      if (status !== first) note(updatedMs === createdMs ? createdMs : Math.max(createdMs, (completedAt?.getTime() ?? updatedMs)), statusNote(first, status === 'refunded' ? 'completed' : status));
      if (status === 'refunded') note(updatedMs, statusNote('completed', 'refunded'));
    }
    const r = rnd();
    if (r < 0.08) note(Math.min(nowMs, createdMs + 3600_000), 'Your order has been dispatched. Tracking number: 00340434161094045123', true);
    else if (r < 0.11) note(createdMs, 'Fraud check pending (internal, not approved).', false, false);
    else if (r < 0.12) note(createdMs, 'Webhook delivered.', false, true, 'webhook_delivery');
    for (const n of notes) updatedMs = Math.max(updatedMs, n.createdAt.getTime());

    orders.push({
      id,
      number: String(id),
      createdAt,
      updatedAt: dateAt(updatedMs),
      completedAt,
      status,
      currency: 'EUR',
      total: cents(totalCents),
      cartTax: cents(cartTax),
      shippingTotal: cents(shippingCents),
      shippingTax: cents(shippingTax),
      cartDiscount: cents(discount),
      orderDiscount: cents(0),
      payment: paidAt === null ? (paymentsUnpaid[paymentIndex] as (typeof paymentsUnpaid)[number]) : { ...(paymentsUnpaid[paymentIndex] as (typeof paymentsUnpaid)[number]), paidAt },
      billing: address.billing,
      shipping: address.shipping,
      customerNote: pick(CUSTOMER_NOTES),
      customerIp: ips[(id * 7) % 250] as string,
      customerUserAgent: pick(USER_AGENTS),
      customerId,
      lineItems,
      shippingLines,
      taxLines,
      feeLines,
      couponLines,
      refunds,
      notes,
    });
  }
  return orders;
}
