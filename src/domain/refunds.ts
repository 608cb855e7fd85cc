import { differenceInCalendarDays, parseISO } from "date-fns";

/**
 * What a cancelled policy gives back, in integer cents (docs/API.md "Cancel and refund"; reference section 4.5;
 * issue 10 section 1). The cancellation date is the first day without cover, so cancelling on the effective date
 * earns nothing and cancelling on the expiration date earns the whole term.
 *
 * - A full refund (cancel_full_refund) returns every line received: premium, tax and fees.
 * - A prorated refund (cancel_prorate) returns the premium not yet earned, and the tax on it in the same proportion.
 *   Installment and policy fees are never returned: they paid for a service already given.
 * - Neither ever returns more of a kind than was received (a monthly policy with unpaid invoices).
 */
export type RefundAction = "cancel_prorate" | "cancel_full_refund";

/** Cents received (or billed) by kind of invoice line (payment-line types of document 3 section 3). */
export interface MoneyByKind {
  premium: number;
  fee: number;
  tax: number;
}

export interface RefundBreakdown extends MoneyByKind {
  total: number;
}

export interface RefundInput {
  action: RefundAction;
  /** What the customer paid so far, by kind. */
  received: MoneyByKind;
  /** The policy's whole premium and tax for the term (the quote). */
  totalPremium: number;
  totalTax: number;
  effectiveDate: string;
  expirationDate: string;
  cancellationDate: string;
}

/** Days of the term, and days covered before `cancellationDate` (0 … term). */
function termDays({ effectiveDate, expirationDate, cancellationDate }: Pick<RefundInput, "effectiveDate" | "expirationDate" | "cancellationDate">) {
  const term = differenceInCalendarDays(parseISO(expirationDate), parseISO(effectiveDate));
  const elapsed = Math.min(Math.max(term, 0), Math.max(0, differenceInCalendarDays(parseISO(cancellationDate), parseISO(effectiveDate))));
  return { term, elapsed };
}

/** Premium earned by `cancellationDate`: premium × days covered / days in the term, rounded to the cent. */
export function earnedPremium(input: Pick<RefundInput, "totalPremium" | "effectiveDate" | "expirationDate" | "cancellationDate">): number {
  const { term, elapsed } = termDays(input);
  if (term <= 0) return input.totalPremium;
  return Math.round((input.totalPremium * elapsed) / term);
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));

export function refundFor(input: RefundInput): RefundBreakdown {
  const received = { premium: Math.max(0, input.received.premium), fee: Math.max(0, input.received.fee), tax: Math.max(0, input.received.tax) };
  if (input.action === "cancel_full_refund") return { ...received, total: received.premium + received.fee + received.tax };
  const premium = clamp(received.premium - earnedPremium(input), received.premium);
  const tax = input.totalPremium > 0 ? clamp(Math.round((input.totalTax * premium) / input.totalPremium), received.tax) : 0;
  return { premium, fee: 0, tax, total: premium + tax };
}

/** A cancellation date must fall within the policy's term (effective ≤ date ≤ expiration). */
export function withinTerm(date: string, effectiveDate: string | null, expirationDate: string | null): boolean {
  return (!effectiveDate || date >= effectiveDate) && (!expirationDate || date <= expirationDate);
}
