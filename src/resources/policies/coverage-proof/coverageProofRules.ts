import { addYears, format, parseISO } from "date-fns";
import { REVIEW_STATUS_TO_POLICY_STATUS } from "../../../domain/policies";
import type { PolicyType } from "../browse/types";
import type { PolicyDetail } from "../show/types";

/**
 * The coverage-proof form's rules in one place (document 2 sections 2–5, 7; document 1 section 3): the number's
 * characters, the dates, the review statuses, the hidden policy types, the money inputs and the form data sent.
 */
export const REVIEW_STATUSES = ["verified", "unverified", "rejected", "cancelled"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const DEFAULT_DESIGNATION = "liability"; // the third of the list (readings C-38)
export const CERTIFICATE_MAX_BYTES = 30 * 1024 * 1024;
export const CERTIFICATE_TYPES = "application/pdf,image/*";
const TYPES_HIDDEN_BY_ID = [4, 5];

/** Letters, digits, hyphen and underscore only. */
export const stripNumber = (value: string | null | undefined) => String(value ?? "").replace(/[^A-Za-z0-9_-]/g, "");

/** One year after, 29 February → 28 February (readings C-46). */
export const oneYearAfter = (date: string) => format(addYears(parseISO(date), 1), "yyyy-MM-dd");

export const selectablePolicyTypes = (types: PolicyType[]) => types.filter((t) => !t.master && !t.master_coverage && !TYPES_HIDDEN_BY_ID.includes(t.id));

export function reviewStatusOf(status: string): ReviewStatus {
  const entry = Object.entries(REVIEW_STATUS_TO_POLICY_STATUS).find(([, stored]) => stored === status);
  return (entry?.[0] as ReviewStatus | undefined) ?? "unverified";
}

/** "1234567.5" → "1,234,567.5" for display; keeps what the user is typing (a trailing dot, decimals). */
export function formatMoney(value: string | number | null | undefined): string {
  const text = String(value ?? "").replace(/[^0-9.]/g, "");
  if (!text) return "";
  const [whole, ...rest] = text.split(".");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return rest.length ? `${grouped}.${rest.join("").slice(0, 2)}` : grouped;
}

/** "$1,234.50" → "1234.50". */
export const parseMoney = (value: string) => value.replace(/[^0-9.]/g, "");

export interface InsuredValues {
  email: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  contact_phone: string;
  spouse: boolean;
  street_number: string;
  street_name: string;
  street_two: string;
  city: string;
  state: string;
  zip_code: string;
}

export interface CoverageValues {
  id?: number;
  designation: string;
  limit: string;
  /** Whether the coverage is in force (document 1 section 3: the DMR form edits it); true unless unticked. */
  enabled?: boolean;
}

export interface CoverageProofValues {
  id?: number;
  agency_id: number | "";
  account_id: number | "";
  community_id: number | "";
  building_id: number | "";
  unit_id: number | "";
  number: string;
  out_of_system_carrier_title: string;
  policy_type_id: number | "";
  effective_date: string;
  expiration_date: string;
  status: ReviewStatus;
  cancellation_date: string;
  /** Bought through the platform (document 1 section 3, default false); the DMR form edits it. */
  system_purchased?: boolean;
  files: Array<{ rawFile: File; title?: string }>;
  coverages: CoverageValues[];
  users: InsuredValues[];
}

export const emptyInsured = (address: Partial<InsuredValues> = {}): InsuredValues => ({
  email: "",
  first_name: "",
  middle_name: "",
  last_name: "",
  contact_phone: "",
  spouse: false,
  street_number: "",
  street_name: "",
  street_two: "",
  city: "",
  state: "",
  zip_code: "",
  ...address,
});

export const ADDRESS_FIELDS = ["street_number", "street_name", "street_two", "city", "state", "zip_code"] as const;

export function newUploadValues(keep: Partial<CoverageProofValues> = {}): CoverageProofValues {
  return {
    agency_id: "",
    account_id: "",
    community_id: "",
    building_id: "",
    unit_id: "",
    number: "",
    out_of_system_carrier_title: "",
    policy_type_id: "",
    effective_date: "",
    expiration_date: "",
    status: "verified",
    cancellation_date: "",
    files: [],
    coverages: [{ designation: DEFAULT_DESIGNATION, limit: "" }],
    users: [emptyInsured()],
    ...keep,
  };
}

/** An external policy as the edit form shows it. */
export function valuesFromPolicy(policy: PolicyDetail): CoverageProofValues {
  const unit = policy.primary_insurable;
  return {
    id: policy.id,
    agency_id: policy.agency?.id ?? "",
    account_id: policy.account?.id ?? "",
    community_id: unit?.parent_community?.id ?? "",
    building_id: unit?.parent_building?.id ?? "",
    unit_id: unit?.id ?? "",
    number: policy.number,
    out_of_system_carrier_title: policy.carrier?.title ?? policy.out_of_system_carrier_title ?? "",
    policy_type_id: policy.policy_type_id,
    effective_date: policy.effective_date ?? "",
    expiration_date: policy.expiration_date ?? "",
    status: reviewStatusOf(policy.status),
    cancellation_date: policy.cancellation_date ?? "",
    system_purchased: policy.system_purchased === true,
    files: [],
    coverages: policy.policy_coverages.coverage_limits.length
      ? policy.policy_coverages.coverage_limits.map((c) => ({ id: c.id, designation: c.designation, limit: formatMoney((c.limit ?? 0) / 100), enabled: c.enabled !== false }))
      : [{ designation: DEFAULT_DESIGNATION, limit: "" }],
    users: policy.users.map((u) => ({
      email: u.email,
      first_name: u.profile_attributes.first_name ?? "",
      middle_name: u.profile_attributes.middle_name ?? "",
      last_name: u.profile_attributes.last_name ?? "",
      contact_phone: u.profile_attributes.contact_phone ?? "",
      spouse: u.spouse,
      street_number: u.address_attributes?.street_number ?? "",
      street_name: u.address_attributes?.street_name ?? "",
      street_two: u.address_attributes?.street_two ?? "",
      city: u.address_attributes?.city ?? "",
      state: u.address_attributes?.state ?? "",
      zip_code: u.address_attributes?.zip_code ?? "",
    })),
  };
}

/** Pending updates as the server keeps them: the coverage-proof form data that was submitted (docs/API.md). */
export interface SubmittedProof {
  agency_id?: number;
  account_id?: number;
  number?: string | null;
  policy_type_id?: number;
  out_of_system_carrier_title?: string | null;
  effective_date?: string | null;
  expiration_date?: string | null;
  cancellation_date?: string | null;
  policy_users_attributes?: Array<{
    spouse?: boolean;
    user_attributes: {
      email: string;
      profile_attributes: Partial<Record<"first_name" | "middle_name" | "last_name" | "contact_phone", string | null>>;
      address_attributes: Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null>>;
    };
  }>;
  policy_coverages_attributes?: Array<{ designation: string; limit: number }>;
}

/**
 * The form showing pending updates: the policy's values with the submitted ones over them, the unit placed in its
 * community and building (`location`), limits back in dollars.
 */
export function valuesFromRevision(
  policy: PolicyDetail,
  changes: SubmittedProof,
  location: { community_id: number | null; building_id: number | null; unit_id: number } | null,
): CoverageProofValues {
  const base = valuesFromPolicy(policy);
  const text = (value: string | null | undefined, fallback: string) => value ?? fallback;
  return {
    ...base,
    agency_id: changes.agency_id ?? base.agency_id,
    account_id: changes.account_id ?? base.account_id,
    ...(location ? { community_id: location.community_id ?? "", building_id: location.building_id ?? "", unit_id: location.unit_id } : {}),
    number: text(changes.number, base.number),
    out_of_system_carrier_title: text(changes.out_of_system_carrier_title, base.out_of_system_carrier_title),
    policy_type_id: changes.policy_type_id ?? base.policy_type_id,
    effective_date: text(changes.effective_date, base.effective_date),
    expiration_date: text(changes.expiration_date, base.expiration_date),
    cancellation_date: text(changes.cancellation_date, base.cancellation_date),
    files: [],
    coverages: changes.policy_coverages_attributes?.length
      ? changes.policy_coverages_attributes.map((c) => ({ designation: c.designation, limit: formatMoney(c.limit / 100) }))
      : base.coverages,
    users: changes.policy_users_attributes?.length
      ? changes.policy_users_attributes.map((u) => {
          const p = u.user_attributes.profile_attributes;
          const a = u.user_attributes.address_attributes;
          return emptyInsured({
            email: u.user_attributes.email,
            first_name: p.first_name ?? "",
            middle_name: p.middle_name ?? "",
            last_name: p.last_name ?? "",
            contact_phone: p.contact_phone ?? "",
            spouse: Boolean(u.spouse),
            ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f] ?? ""])),
          });
        })
      : base.users,
  };
}

/** The multipart form of document 2 section 7 (limits × 100, primary = the first user, dates yyyy-MM-dd). */
export function toFormData(values: CoverageProofValues, rejectionReasons?: string[], read: { expected_status?: string; version?: string } = {}): FormData {
  const form = new FormData();
  const put = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== "") form.append(`policy[${key}]`, String(value));
  };
  put("id", values.id);
  put("agency_id", values.agency_id);
  put("account_id", values.account_id);
  put("number", values.number);
  put("policy_type_id", values.policy_type_id);
  put("system_purchased", values.system_purchased ? "true" : "false");
  put("status", values.status);
  put("policy_insurables_attributes][0][insurable_id", values.unit_id);
  put("effective_date", values.effective_date);
  put("expiration_date", values.expiration_date);
  if (values.status === "cancelled") put("cancellation_date", values.cancellation_date);
  put("out_of_system_carrier_title", values.out_of_system_carrier_title);
  values.users.forEach((u, i) => {
    const base = `policy_users_attributes][${i}]`;
    put(`${base}[primary`, i === 0 ? "true" : "false");
    put(`${base}[spouse`, i > 0 && u.spouse ? "true" : "false");
    put(`${base}[user_attributes][email`, u.email.trim());
    for (const f of ["first_name", "middle_name", "last_name", "contact_phone"] as const) put(`${base}[user_attributes][profile_attributes][${f}`, u[f]);
    for (const f of ADDRESS_FIELDS) put(`${base}[user_attributes][address_attributes][${f}`, u[f]);
  });
  values.coverages.forEach((c, i) => {
    put(`policy_coverages_attributes][${i}][designation`, c.designation);
    put(`policy_coverages_attributes][${i}][limit`, Math.round(Number(parseMoney(c.limit)) * 100));
    put(`policy_coverages_attributes][${i}][enabled`, c.enabled === false ? "false" : "true");
    put(`policy_coverages_attributes][${i}][id`, c.id);
  });
  put("expected_status", read.expected_status);
  put("version", read.version);
  for (const reason of rejectionReasons ?? []) form.append("policy[system_data][rejection_reasons][]", reason);
  for (const file of values.files) form.append("policy[documents][]", file.rawFile, file.rawFile.name);
  return form;
}

/** What assisted review read from a PDF (GET …/extract). */
export interface Assistance {
  text_found: boolean;
  fields: {
    number: string | null;
    carrier: string | null;
    effective_date: string | null;
    expiration_date: string | null;
    liability_limit: number | null;
    insureds: Array<{ first_name: string; last_name: string }>;
    /** The largest deductible printed (cents) and the additional interests named (null: none), for the requirement rules. */
    deductible?: number | null;
    interested_parties?: string[] | null;
  } | null;
  suggested_reasons: string[];
  /** DMR: the property the printed location names among the caller's (issue 10); null when none fits. */
  location?: AssistedLocation | null;
}

interface Titled {
  id: number;
  title: string;
}

export interface AssistedLocation {
  agency: Titled | null;
  account: Titled | null;
  community: Titled & { address: Partial<Record<"street_number" | "street_name" | "city" | "state" | "zip_code", string | null>> };
  building: Titled | null;
  unit: Titled | null;
}

/** The location pickers' names assisted review can fill, top down. */
export const LOCATION_FIELDS = ["agency_id", "account_id", "community_id", "building_id", "unit_id"] as const;

/**
 * The pickers filled from the located property, as the reviewer would have picked them: the community's address goes
 * to every insured and the unit's title to the primary's line 2 (document 2 section 5).
 */
function applyLocation(next: CoverageProofValues, location: AssistedLocation, prefilled: Set<string>) {
  const pick = (key: (typeof LOCATION_FIELDS)[number], value: Titled | null) => {
    if (!value) return;
    next[key] = value.id;
    prefilled.add(key);
  };
  pick("agency_id", location.agency);
  pick("account_id", location.account);
  pick("community_id", location.community);
  pick("building_id", location.building);
  pick("unit_id", location.unit);
  const address = location.community.address;
  if ((["street_name", "city", "state", "zip_code"] as const).every((k) => address[k])) {
    next.users = next.users.map((u) => ({ ...u, ...Object.fromEntries(ADDRESS_FIELDS.filter((k) => k !== "street_two").map((k) => [k, address[k] ?? ""])) }));
  }
  if (location.unit && next.users[0]) next.users[0] = { ...next.users[0], street_two: location.unit.title };
}

/** The form pre-filled with what the PDF states, and the names of the fields that were filled. */
export function applyAssistance(values: CoverageProofValues, assistance: Assistance | null): { values: CoverageProofValues; prefilled: Set<string> } {
  const prefilled = new Set<string>();
  const fields = assistance?.fields;
  if (!fields) return { values, prefilled };
  const next = { ...values, coverages: [...values.coverages], users: [...values.users] };
  const fill = <K extends "number" | "out_of_system_carrier_title" | "effective_date" | "expiration_date">(key: K, value: string | null) => {
    if (value) {
      next[key] = value as CoverageProofValues[K];
      prefilled.add(key);
    }
  };
  fill("number", fields.number ? stripNumber(fields.number) : null);
  fill("out_of_system_carrier_title", fields.carrier);
  fill("effective_date", fields.effective_date);
  fill("expiration_date", fields.expiration_date);
  if (fields.liability_limit !== null) {
    next.coverages[0] = { designation: "liability", limit: formatMoney(fields.liability_limit / 100) };
    prefilled.add("coverages.0.limit");
  }
  fields.insureds.forEach((insured, i) => {
    next.users[i] = { ...(next.users[i] ?? emptyInsured()), first_name: insured.first_name, last_name: insured.last_name };
    prefilled.add(`users.${i}.first_name`);
    prefilled.add(`users.${i}.last_name`);
  });
  if (assistance?.location) applyLocation(next, assistance.location, prefilled);
  return { values: next, prefilled };
}
