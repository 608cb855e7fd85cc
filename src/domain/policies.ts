/**
 * Policy enums. Stored statuses are the union of document 1 section 4 and document 2 section 4 (readings C-08);
 * the browse filter offers only its eight.
 */
export const POLICY_STATUSES = [
  "AWAITING_PAYMENT",
  "AWAITING_ACH",
  "PAID",
  "BOUND",
  "BOUND_WITH_WARNING",
  "BIND_ERROR",
  "BIND_REJECTED",
  "RENEWING",
  "RENEWED",
  "EXPIRED",
  "CANCELLED",
  "REINSTATED",
  "EXTERNAL_UNVERIFIED",
  "EXTERNAL_VERIFIED",
  "EXTERNAL_REJECTED",
  "ARCHIVED",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** Statuses in which a policy counts as active (reference section 3.5). */
export const ACTIVE_POLICY_STATUSES: readonly PolicyStatus[] = [
  "BOUND",
  "BOUND_WITH_WARNING",
  "RENEWING",
  "RENEWED",
  "REINSTATED",
  "EXTERNAL_VERIFIED",
];

/** The statuses of an external policy (a proof of coverage) under review. */
export const EXTERNAL_STATUSES = ["EXTERNAL_UNVERIFIED", "EXTERNAL_VERIFIED", "EXTERNAL_REJECTED"] as const satisfies readonly PolicyStatus[];

/** External (proof-of-coverage) review statuses ↔ stored statuses (readings C-09). */
export const REVIEW_STATUS_TO_POLICY_STATUS = {
  verified: "EXTERNAL_VERIFIED",
  unverified: "EXTERNAL_UNVERIFIED",
  rejected: "EXTERNAL_REJECTED",
  cancelled: "CANCELLED",
} as const satisfies Record<string, PolicyStatus>;

export const BILLING_STATUSES = ["CURRENT", "BEHIND", "REJECTED", "RESCINDED", "ERROR", "EXTERNAL"] as const;
export const RENEWAL_STATUSES = [
  "NONE",
  "UPCOMING",
  "REJECTED",
  "PREPARING",
  "PREPARED",
  "PREPARATION_FAILED",
  "PENDING",
  "RENEWED",
  "FAILED",
] as const;
export const CANCELLATION_REASONS = [
  "nonpayment",
  "agent_request",
  "insured_request",
  "new_application_nonpayment",
  "underwriter_cancellation",
  "disqualification",
  "test_policy",
  "manual_cancellation_with_refunds",
  "manual_cancellation_without_refunds",
] as const;

/** Policy type ids as the reference gives them (section 3.4). */
export const POLICY_TYPES = [
  { id: 1, title: "Residential", slug: "residential", master: false, master_coverage: false },
  { id: 2, title: "Master Policy", slug: "master-policy", master: true, master_coverage: false },
  { id: 3, title: "Master Policy Coverage", slug: "master-policy-coverage", master: false, master_coverage: true },
  { id: 4, title: "Commercial", slug: "commercial", master: false, master_coverage: false },
  { id: 5, title: "Rent Guarantee", slug: "rent-guarantee", master: false, master_coverage: false },
  { id: 6, title: "Security Deposit Replacement", slug: "security-deposit", master: false, master_coverage: false },
  { id: 7, title: "Master Security Deposit Replacement", slug: "master-security-deposit", master: true, master_coverage: false },
  { id: 8, title: "Master Security Deposit Replacement Coverage", slug: "master-security-coverage", master: false, master_coverage: true },
] as const;

/** Coverage designations in the order of document 2 section 3; the third (liability) is the default (readings C-38). */
export const COVERAGE_DESIGNATIONS = [
  "contents",
  "loss_of_use",
  "liability",
  "med_payment",
  "water_backup",
  "replacement_cost",
  "forced_entry_theft",
  "pet_damage",
  "bed_bug",
  "earthquake",
  "hurricane",
] as const;
export type CoverageDesignation = (typeof COVERAGE_DESIGNATIONS)[number];

export const INVOICE_STATUSES = [
  "quoted",
  "upcoming",
  "available",
  "pending",
  "complete",
  "missed",
  "cancelled",
  "managed_externally",
] as const;

export const LINE_ITEM_CATEGORIES = ["other", "policy_premium", "policy_fee", "policy_tax", "master_policy_premium"] as const;

/** Invoices that can be charged now (document 2 section 4). */
export const CHARGEABLE_INVOICE_STATUSES = ["missed", "upcoming", "available"] as const;

/**
 * Policies whose invoices may be charged: bought or in force. A cancelled, expired, rejected or external policy is
 * never charged (issue 10 section 1), whatever its invoices say.
 */
export const CHARGEABLE_POLICY_STATUSES: readonly PolicyStatus[] = [
  "AWAITING_PAYMENT",
  "AWAITING_ACH",
  "PAID",
  "BOUND",
  "BOUND_WITH_WARNING",
  "RENEWING",
  "RENEWED",
  "REINSTATED",
];

/** How far a cancellation's refund got at the gateway (server/billing/refunds.ts). */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Statuses from which a policy may be cancelled or refunded (document 2 section 4). */
export const REFUNDABLE_POLICY_STATUSES: readonly PolicyStatus[] = ["BOUND", "BOUND_WITH_WARNING", "RENEWING", "RENEWED", "REINSTATED"];

/** The browse grid's status filter offers exactly these (document 2 section 2, readings C-08). */
export const POLICY_STATUS_FILTER: readonly PolicyStatus[] = [
  "ARCHIVED",
  "BOUND",
  "BOUND_WITH_WARNING",
  "CANCELLED",
  "EXTERNAL_REJECTED",
  "EXTERNAL_UNVERIFIED",
  "EXTERNAL_VERIFIED",
  "EXPIRED",
];

/** Change requests (reference section 3.6; the Cancel/Refund dialog's two actions, document 2 section 9). */
export const CHANGE_REQUEST_ACTIONS = ["cancel_prorate", "cancel_full_refund"] as const;
export type ChangeRequestAction = (typeof CHANGE_REQUEST_ACTIONS)[number];
export const CHANGE_REQUEST_STATUSES = ["awaiting_confirmation", "in_progress", "approved", "failed", "declined"] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
export const PENDING_CHANGE_REQUEST_STATUSES: readonly ChangeRequestStatus[] = ["awaiting_confirmation", "in_progress"];

/**
 * The decline dialog's ten fixed reasons, in its order (readings C-37; labels in the i18n catalogue): shared by the
 * dialog and by assisted review, which suggests them by key.
 */
export const DECLINE_REASON_KEYS = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"] as const;
export type DeclineReasonKey = (typeof DECLINE_REASON_KEYS)[number];
