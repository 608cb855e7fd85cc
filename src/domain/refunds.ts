import { differenceInCalendarDays, parseISO } from "date-fns";

/**
 * What a cancelled policy gives back, in integer cents (docs/API.md "Cancel and refund"; reference section 4.5):
 * a full refund returns everything received; a prorated one keeps the premium earned from the effective date up to
 * the cancellation date and returns the rest, never below 0 and never more than was received.
 */
export type RefundAction = "cancel_prorate" | "cancel_full_refund";

export interface RefundInput {
  action: RefundAction;
  totalReceived: number;
  totalPremium: number;
  effectiveDate: string;
  expirationDate: string;
  cancellationDate: string;
}

/** Premium earned by `cancellationDate`: premium × days elapsed / days in the term, rounded to the cent. */
export function earnedPremium({ totalPremium, effectiveDate, expirationDate, cancellationDate }: Omit<RefundInput, "action" | "totalReceived">): number {
  const term = differenceInCalendarDays(parseISO(expirationDate), parseISO(effectiveDate));
  if (term <= 0) return totalPremium;
  const elapsed = Math.min(term, Math.max(0, differenceInCalendarDays(parseISO(cancellationDate), parseISO(effectiveDate))));
  return Math.round((totalPremium * elapsed) / term);
}

export function refundAmount(input: RefundInput): number {
  const received = Math.max(0, input.totalReceived);
  if (input.action === "cancel_full_refund") return received;
  return Math.min(received, Math.max(0, received - earnedPremium(input)));
}

/** A cancellation date must fall within the policy's term (effective ≤ date ≤ expiration). */
export function withinTerm(date: string, effectiveDate: string | null, expirationDate: string | null): boolean {
  return (!effectiveDate || date >= effectiveDate) && (!expirationDate || date <= expirationDate);
}
