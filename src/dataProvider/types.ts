import type { BulkJob } from "../domain/bulk";
import type { BulkOutcome } from "./bulk";
import type { MergeField } from "../domain/userMerge";
import type { DataProvider, Identifier } from "react-admin";
import type { PermissionEntry } from "../domain/permissions";
import type { Role } from "../domain/roles";

/** Wire shapes of docs/API.md that the console reads. */

export interface ProfileAttributes {
  id?: number | null;
  first_name: string | null;
  last_name: string | null;
  middle_name?: string | null;
  full_name: string | null;
  job_title?: string | null;
  contact_email?: string | null;
  contact_phone?: string | null;
  birth_date?: string | null;
}

export interface Organizable {
  id: number;
  title: string;
  organizable_type?: string;
  agency_id?: number | null;
}

/** The signed-in staff member (sign_in, validate_token, update_self). */
export interface StaffUser {
  id: number;
  email: string;
  role: Role;
  enabled?: boolean;
  owner?: boolean;
  organizable_id: number | null;
  organizable_type: "Account" | "Agency" | null;
  organizable?: Organizable | null;
  agency_id?: number | null;
  profile_attributes?: ProfileAttributes | null;
  staff_permission?: { permissions?: PermissionEntry[] | null } | null;
  invitation_accepted_at?: string | null;
  /** Invited, not accepted yet (no password): shown as pending, can be re-invited. */
  invitation_pending?: boolean;
  created_at?: string;
  updated_at?: string;
}

/** A row of the staff list (same serializer as StaffUser). */
export type Staff = StaffUser;

export interface Address {
  id?: number | null;
  street_number: string | null;
  street_name: string | null;
  street_two?: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  full?: string | null;
}

/** A customer (resource `users`). */
export interface User {
  id: number;
  email: string;
  enabled?: boolean;
  t_code: string | null;
  has_current_leases: boolean;
  has_existing_policies: boolean;
  has_leases?: boolean;
  profile_attributes: ProfileAttributes;
  accounts: Array<{ id: number; title: string }>;
  created_at: string;
  updated_at: string;
  address_attributes?: Address | null;
  policies?: Array<{ id: number; number: string; status: string; policy_type_id: number; policy_in_system: boolean }>;
  leases?: Array<{ id: number; reference: string | null; status: string | null; start_date: string | null; end_date: string | null; insurable_title: string | null }>;
}

/** Merge Users (docs/API.md, Users): what a merge would move and the fields whose values differ. */
export interface UserMergePreview {
  survivor: Pick<User, "id" | "email" | "profile_attributes">;
  merged: Array<Pick<User, "id" | "email" | "profile_attributes">>;
  moves: Record<string, number>;
  fields: Array<{ field: MergeField; values: Array<{ user_id: number; value: string }>; kept_user_id: number | null }>;
}

export interface UserMergeResult {
  id: number;
  merged: Array<{ id: number; email: string }>;
  moved: Record<string, number>;
}

export interface Account {
  id: number;
  title: string;
  enabled: boolean;
  agency_id: number;
  agency?: { id: number; title: string } | null;
  contact_info?: { contact_phone?: string | null; contact_email?: string | null } | null;
  primary_address?: { full?: string | null } | null;
  additional_interest?: boolean;
  additional_interest_name?: string | null;
  /** Cents. */
  minimum_liability?: number | null;
  addresses?: Array<Address & { full?: string | null; primary?: boolean }>;
  owner?: { id: number; email: string; full_name: string | null; enabled: boolean } | null;
  /** What the account holds: its own set narrowed by its agency's (reference 3.2). */
  global_permission?: { permissions: PermissionEntry[] };
  /** Its agency's set: a key off there cannot be switched on for the account. */
  agency_permission?: { permissions: PermissionEntry[] };
  created_at?: string;
  updated_at?: string;
}

/** An agency or sub-agency (document 3 section 3; reference 4.1 show). */
export interface Agency {
  id: number;
  title: string;
  enabled: boolean;
  agency_id: number | null;
  parent?: { id: number; title: string } | null;
  agencies?: Array<{ id: number; title: string; enabled: boolean }>;
  producer_code?: string | null;
  contact_info?: { contact_phone?: string | null; contact_email?: string | null } | null;
  accounts_count?: number;
  addresses?: Array<Address & { full?: string | null }>;
  owner?: { id: number; email: string; full_name: string | null; enabled: boolean } | null;
  global_permission?: { permissions: PermissionEntry[] };
  /** A sub-agency's parent's set: a key off there cannot be switched on here (reference 3.2). Null at the top level. */
  parent_permission?: { permissions: PermissionEntry[] } | null;
  /** The agency's branding profile (reference 3.1: one, made with the agency). */
  branding_profiles?: Array<{ id: number; url: string | null }>;
  created_at?: string;
}

/** An entry of the "Browse as" selector: an agency and its sub-agencies. */
export interface AgencyTreeEntry {
  id: number;
  title: string;
  agency_id: number | null;
  enabled: boolean;
  agencies: Array<{ id: number; title: string }>;
}

export interface Community {
  id: number;
  title: string;
  account_id: number | null;
  insurable_type_id?: number;
}

export interface SearchResult {
  type: "policy";
  id: number;
  number: string;
  status: string;
  label: string;
}

export interface AvailablePermission {
  key: string;
  title: string;
  category: string;
  category_title: string;
  default_value: boolean;
}

export interface PasswordReset {
  password: string;
  password_confirmation: string;
  reset_password_token: string;
}

export interface UpdateSelfInput {
  email?: string;
  password?: string;
  password_confirmation?: string;
  current_password?: string;
  profile_attributes?: Partial<Omit<ProfileAttributes, "id" | "full_name">>;
}

export interface CommunitySearch {
  search?: string;
  account_id?: Identifier;
  agency_id?: Identifier;
}

export interface InvitationAcceptance {
  invitation_token: string;
  password: string;
  password_confirmation: string;
}

/** What a resident's upload page shows (issue 17 section 2): no more of the resident than their name. */
export interface UploadLinkDescription {
  resident: { name: string | null };
  unit: { title: string; community: string | null };
  account: { title: string };
  /** Cents. */
  minimum_liability: number | null;
  expires_at: string;
  branding: {
    agency_title: string | null;
    primary_color: string;
    logo_url: string | null;
    contact_email: string | null;
    contact_phone: string | null;
    footer_text: string | null;
  } | null;
}

/** The non-CRUD calls, reached with `useDataProvider<AppDataProvider>()`. */
export interface AppMethods {
  getSubAgencies(): Promise<AgencyTreeEntry[]>;
  searchPolicies(query: string): Promise<SearchResult[]>;
  searchCommunities(params: CommunitySearch): Promise<Community[]>;
  sessionPersist(): Promise<string>;
  requestPasswordReset(email: string): Promise<{ success: boolean; message?: string }>;
  resetPassword(input: PasswordReset): Promise<{ success: boolean; message?: string }>;
  /** Whom an invitation link invites (GET /staff/auth/invitation); rejects with 422 for a used or expired link. */
  describeInvitation(token: string): Promise<{ email: string; full_name: string | null }>;
  /** Sets the invitee's password (PUT /staff/auth/invitation); the invitee then signs in with it. */
  acceptInvitation(input: InvitationAcceptance): Promise<{ success: boolean; data: StaffUser }>;
  /** Whom a resident's upload link is for (GET /upload_links/{token}, public); rejects 404 / 410 for a refused link. */
  describeUploadLink(token: string): Promise<UploadLinkDescription>;
  /** Sends the resident's proof (POST /upload_links/{token}, multipart); resolves with the status and body whatever they are. */
  sendUploadLink(token: string, form: FormData, onProgress?: (percent: number) => void): Promise<{ status: number; json: unknown }>;
  updateSelf(id: Identifier, staff: UpdateSelfInput): Promise<StaffUser>;
  toggleStaffEnabled(id: Identifier): Promise<{ success: boolean; enabled: boolean }>;
  reInviteStaff(id: Identifier): Promise<{ success: boolean }>;
  checkStaffEmail(email: string, id?: Identifier): Promise<boolean>;
  getAvailablePermissions(): Promise<AvailablePermission[]>;
  /** POST /users/{survivor}/merge/preview: writes nothing. */
  previewUserMerge(survivorId: Identifier, mergeIds: Identifier[]): Promise<UserMergePreview>;
  /** POST /users/{survivor}/merge with one choice (the record whose value is kept) per conflicting field. */
  mergeUsers(survivorId: Identifier, mergeIds: Identifier[], choices: Partial<Record<MergeField, number>>): Promise<UserMergeResult>;
  /**
   * A grid's bulk call (POST, src/domain/bulk.ts): its result at once for a small selection, else the background job
   * polled until it ends, each state of it handed to `onProgress`.
   */
  runBulk(path: string, body: object, onProgress?: (job: BulkJob) => void): Promise<BulkOutcome>;
  /**
   * Any other call of docs/API.md (custom actions: history, charge_multiple, change-request approve…), role-prefixed
   * like every call; answers the parsed JSON body and the response headers (e.g. `total-entries`).
   */
  request<T = unknown>(path: string, init?: AppRequestInit): Promise<{ json: T; headers: Headers }>;
}

export interface AppRequestInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Bracket-encoded into the query string (`{pagination: {per: 100}}` → `pagination[per]=100`). */
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

export type AppDataProvider = DataProvider & AppMethods;
