import { useTranslate } from "react-admin";
import { formatMoment } from "../../domain/format";
import { formatCents } from "../../domain/money";
import type { PaymentRecord } from "./types";

/** The cells a payment shows in the Payments grid and on its invoice's page, one way everywhere. */
export const PaymentMoment = ({ payment }: { payment: PaymentRecord }) => <>{formatMoment(payment.created_at)}</>;

export const PaymentKind = ({ payment }: { payment: PaymentRecord }) => {
  const translate = useTranslate();
  return <>{translate(`resources.payments.kinds.${payment.kind}`, { _: payment.kind })}</>;
};

export const PaymentStatus = ({ payment }: { payment: PaymentRecord }) => {
  const translate = useTranslate();
  return <>{translate(`resources.payments.statuses.${payment.status}`, { _: payment.status })}</>;
};

/** Cents as dollars; a refund is money going back, so it reads as a negative amount (as the policy page's totals). */
export const PaymentAmount = ({ payment }: { payment: PaymentRecord }) => <>{payment.kind === "refund" ? `−${formatCents(payment.amount)}` : formatCents(payment.amount)}</>;
