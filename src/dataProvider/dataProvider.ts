import type { DataProvider, DeleteParams, DeleteResult, GetListResult, GetManyParams, GetManyResult, Identifier, RaRecord } from "react-admin";
import { MAX_PER } from "../domain/constants";
import type { HttpClient, HttpResponse } from "./httpClient";
import { toWireFilter, type QueryInput } from "./query";
import { registry as defaultRegistry, type Registry, type ResourceConfig } from "./registry";
import { INSURABLE_LOOKUP_FIELDS } from "../domain/insurables";
import { createInsurableLookups } from "./insurableLookups";
import { browserStorage, setStoredUser } from "./session";
import type { AppDataProvider, AppMethods, AppRequestInit, StaffUser, UploadLinkDescription, UserMergePreview, UserMergeResult } from "./types";
import { uploadForm } from "./upload";
import { runBulkCall } from "./bulk";

/**
 * react-admin ↔ Coverdesk API (docs/API.md, DESIGN.md section 3). The wire dialect:
 *
 * - List query: `sort[column]`, `sort[direction]` (asc|desc), `pagination[page]` (1-based, react-admin's page as is),
 *   `pagination[per]`, `filter[...]`. GET lists bracket-encode them in the query string; `post_index` / `post_list`
 *   resources send the same object as a JSON body (registry.ts says which).
 * - Filters: react-admin filter values ARE the wire's filter object. Nested objects mirror the bracket nesting
 *   (`{profile: {full_name: {like: "ann"}}}` → `filter[profile][full_name][like]=ann`), an array means "any of"
 *   (`{accounts: {id: [1, 2]}}` → `filter[accounts][id][]=1&filter[accounts][id][]=2`), `{like}` is a case-insensitive
 *   contains, `{start, end}` a range. A dotted key (`"profile.full_name"`) is expanded to the same nesting. Empty
 *   values are dropped. `q` has no meaning: free-text search is always a named filter.
 * - Sort: the react-admin sort field, renamed through the resource's `sorts` map where the record path differs
 *   from the wire column (`profile_attributes.full_name` → `profile.full_name`).
 * - Pages beside the last one read go with the cursor the server answered for them (`next-page-cursor`,
 *   `previous-page-cursor` headers → `pagination[cursor]`): the same page, found by seeking instead of skipping.
 * - Total: the `total-entries` header for bare-array answers, `meta.total` for `{data, meta}` answers. A total the
 *   server counted only up to its cap (`total-capped: true` / `meta.total_capped`) is a lower bound: the list then
 *   pages with react-admin's partial pagination (`pageInfo`, next page known to exist) and `meta.totalAtLeast`.
 * - Records: getOne/create/update answer the bare record or `{data}` (per resource); create/update send
 *   `{[wrapper]: data}` (`{user: …}`, `{staff: …}`).
 * - Errors: the httpClient rejects with react-admin's HttpError (status, body). A 422 body `{message, errors: {field}}`
 *   reaches react-admin forms, which show each text next to its field (nested fields dotted).
 */
export interface DataProviderOptions {
  registry?: Registry;
  storage?: Storage;
  /** The page the password-reset email links to; defaults to this origin + /auth/reset-password. */
  resetPasswordUrl?: () => string;
}

interface WireList {
  sort?: { column: string; direction: "asc" | "desc" };
  pagination: { page: number; per: number; cursor?: string };
  filter: QueryInput;
}

/** Queries whose page cursors are remembered (the most recent ones). */
const CURSOR_QUERIES = 50;

function totalFrom(response: HttpResponse, rows: unknown[], wire: WireList): number {
  const meta = (response.json as { meta?: { total?: unknown } } | null)?.meta;
  if (meta && meta.total !== undefined && meta.total !== null && Number.isFinite(Number(meta.total))) return Number(meta.total);
  const header = response.headers.get("total-entries");
  if (header !== null && header !== "" && Number.isFinite(Number(header))) return Number(header);
  return (wire.pagination.page - 1) * wire.pagination.per + rows.length;
}

/** The server counted up to its cap and there are more rows (server/lib/list.ts, Counting). */
function totalCapped(response: HttpResponse): boolean {
  const meta = (response.json as { meta?: { total_capped?: unknown } } | null)?.meta;
  return meta?.total_capped === true || response.headers.get("total-capped") === "true";
}

function rowsFrom(response: HttpResponse): RaRecord[] {
  const json = response.json as unknown;
  if (Array.isArray(json)) return json as RaRecord[];
  const data = (json as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as RaRecord[]) : [];
}

export function createDataProvider(httpClient: HttpClient, options: DataProviderOptions = {}) {
  const registry: Registry = options.registry ?? defaultRegistry;
  const storage = options.storage ?? browserStorage();
  const resetPasswordUrl = options.resetPasswordUrl ?? (() => `${globalThis.location?.origin ?? ""}/auth/reset-password`);

  const configOf = (resource: string): ResourceConfig => {
    const config = registry[resource];
    if (!config) throw new Error(`Unknown resource "${resource}" is not in the registry: declare its api in src/resources/<name>/index.ts`);
    return config;
  };

  const call = <T = unknown>(config: ResourceConfig, path: string, init: Parameters<HttpClient>[1] = {}) =>
    httpClient<T>(`/${path}`, { ...init, prefix: config.prefixed !== false });

  const unwrap = <T>(config: ResourceConfig, json: unknown): T =>
    (config.one === "data" ? (json as { data: T } | null)?.data : json) as T;

  const wrap = (config: ResourceConfig, data: unknown) => (config.body ? { [config.body]: data } : data);

  const toWireList = (config: ResourceConfig, params: { sort?: { field: string; order: string }; pagination?: { page: number; perPage: number }; filter?: QueryInput }): WireList => {
    const field = params.sort?.field;
    const per = params.pagination?.perPage;
    const wire: WireList = {
      ...(field ? { sort: { column: config.sorts?.[field] ?? field, direction: params.sort?.order?.toUpperCase() === "DESC" ? "desc" : "asc" } } : {}),
      pagination: { page: params.pagination?.page ?? 1, ...(per ? { per } : {}) } as WireList["pagination"],
      filter: toWireFilter(params.filter),
    };
    return wire;
  };

  // Keyset pages (server/lib/list.ts, Keyset): a list answers signed cursors for the pages beside the one read; moving
  // to one of them sends its cursor with the page number, so the server seeks instead of skipping every earlier row.
  const cursors = new Map<string, { page: number; next: string | null; previous: string | null }>();

  const runList = async (config: ResourceConfig, wire: WireList, signal?: AbortSignal): Promise<GetListResult> => {
    const queryKey = JSON.stringify([config.path, config.list, wire.sort ?? null, wire.pagination.per ?? null, wire.filter]);
    const known = cursors.get(queryKey);
    const cursor = known && (wire.pagination.page === known.page + 1 ? known.next : wire.pagination.page === known.page - 1 ? known.previous : null);
    if (cursor) wire = { ...wire, pagination: { ...wire.pagination, cursor } };
    let response: HttpResponse;
    switch (config.list) {
      case "get":
        response = await call(config, config.path, { query: wire as unknown as QueryInput, signal });
        break;
      case "post_index":
        response = await call(config, `${config.path}_index`, { method: "POST", body: wire, signal });
        break;
      case "post_list":
        response = await call(config, `${config.path}/list`, { method: "POST", body: wire, signal });
        break;
    }
    cursors.delete(queryKey);
    cursors.set(queryKey, { page: wire.pagination.page, next: response.headers.get("next-page-cursor"), previous: response.headers.get("previous-page-cursor") });
    if (cursors.size > CURSOR_QUERIES) cursors.delete(cursors.keys().next().value!);
    const rows = rowsFrom(response);
    const total = totalFrom(response, rows, wire);
    if (totalCapped(response)) {
      return { data: rows, pageInfo: { hasNextPage: true, hasPreviousPage: wire.pagination.page > 1 }, meta: { totalAtLeast: total } };
    }
    return { data: rows, total };
  };

  // Properties asked by id within 300 ms go in one `POST /insurables/list_by_fields` (document 3 section 7), which the
  // server scopes like every lookup; it is sent without a role prefix (document 1 section 6).
  const lookupInsurables = createInsurableLookups(async (ids) =>
    rowsFrom(await httpClient("/insurables/list_by_fields", { method: "POST", body: { insurable_ids: ids, fields: [...INSURABLE_LOOKUP_FIELDS] }, prefix: false })),
  );

  const crud = {
    getList: (resource, params) => {
      const config = configOf(resource);
      return runList(config, toWireList(config, params), params.signal);
    },

    getOne: async (resource, params) => {
      const config = configOf(resource);
      const response = await call(config, `${config.path}/${encodeURIComponent(String(params.id))}`, { signal: params.signal });
      return { data: unwrap(config, response.json) };
    },

    getMany: async <R extends RaRecord = RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> => {
      const config = configOf(resource);
      if (config.path === "insurables") return { data: (await lookupInsurables(params.ids)) as R[] };
      const ids = [...new Set(params.ids)];
      const data: R[] = [];
      for (let start = 0; start < ids.length; start += MAX_PER) {
        const chunk = ids.slice(start, start + MAX_PER);
        const result = await runList(config, { pagination: { page: 1, per: chunk.length }, filter: { id: chunk } }, params.signal);
        data.push(...(result.data as R[]));
      }
      return { data };
    },

    getManyReference: (resource, params) => {
      const config = configOf(resource);
      return runList(config, toWireList(config, { ...params, filter: { ...params.filter, [params.target]: params.id } }), params.signal);
    },

    create: async (resource, params) => {
      const config = configOf(resource);
      const response = await call(config, config.path, { method: "POST", body: wrap(config, params.data) });
      return { data: unwrap(config, response.json) };
    },

    update: async (resource, params) => {
      const config = configOf(resource);
      const response = await call(config, `${config.path}/${encodeURIComponent(String(params.id))}`, {
        method: config.update ?? "PUT",
        body: wrap(config, params.data),
      });
      const record = unwrap<RaRecord | null>(config, response.json);
      return { data: record && typeof record === "object" ? record : { ...params.previousData, ...params.data, id: params.id } };
    },

    updateMany: async (resource, params) => {
      const config = configOf(resource);
      for (const id of params.ids) {
        await call(config, `${config.path}/${encodeURIComponent(String(id))}`, { method: config.update ?? "PUT", body: wrap(config, params.data) });
      }
      return { data: params.ids };
    },

    delete: async <R extends RaRecord = RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> => {
      const config = configOf(resource);
      const response = await call(config, `${config.path}/${encodeURIComponent(String(params.id))}`, { method: "DELETE" });
      const record = unwrap<R | null>(config, response.json);
      return { data: record && typeof record === "object" && "id" in record ? record : (params.previousData ?? ({ id: params.id } as R)) };
    },

    deleteMany: async (resource, params) => {
      const config = configOf(resource);
      for (const id of params.ids) await call(config, `${config.path}/${encodeURIComponent(String(id))}`, { method: "DELETE" });
      return { data: params.ids };
    },
  } satisfies DataProvider;

  const idPath = (id: Identifier) => encodeURIComponent(String(id));

  const methods: AppMethods = {
    async getSubAgencies() {
      return (await httpClient<AppDataProviderJson["subAgencies"]>("/agencies/sub_agencies", { query: { pagination: { per: 1000 } } })).json ?? [];
    },
    async searchPolicies(query) {
      return (await httpClient<AppDataProviderJson["search"]>("/search", { query: { query } })).json ?? [];
    },
    async searchCommunities({ search, account_id, agency_id }) {
      return (await httpClient<AppDataProviderJson["communities"]>("/communities", { query: { search, account_id, agency_id } })).json ?? [];
    },
    async sessionPersist() {
      const response = await httpClient<{ secret_token: string }>("/staff/auth/session_persist", { method: "POST", prefix: false });
      return response.json.secret_token;
    },
    async requestPasswordReset(email) {
      const response = await httpClient<{ success: boolean; message?: string }>("/staff/auth/password", {
        method: "POST",
        prefix: false,
        body: { email, redirect_url: resetPasswordUrl() },
      });
      return response.json;
    },
    async resetPassword(input) {
      const response = await httpClient<{ success: boolean; message?: string }>("/staff/auth/password", { method: "PUT", prefix: false, body: input });
      return response.json;
    },
    async describeInvitation(token) {
      const response = await httpClient<{ email: string; full_name: string | null }>("/staff/auth/invitation", {
        prefix: false,
        query: { invitation_token: token },
      });
      return response.json;
    },
    async acceptInvitation(input) {
      const response = await httpClient<{ success: boolean; data: StaffUser }>("/staff/auth/invitation", { method: "PUT", prefix: false, body: input });
      return response.json;
    },
    async updateSelf(id, staff) {
      const response = await httpClient<StaffUser>(`/staffs/${idPath(id)}/update_self`, { method: "PUT", body: { staff } });
      // Profile update replaces the stored user (document 1 section 4).
      setStoredUser(storage, response.json);
      return response.json;
    },
    async toggleStaffEnabled(id) {
      return (await httpClient<{ success: boolean; enabled: boolean }>(`/staffs/${idPath(id)}/toggle_enabled`, { method: "PUT" })).json;
    },
    async reInviteStaff(id) {
      return (await httpClient<{ success: boolean }>(`/staffs/${idPath(id)}/re_invite`, { method: "PUT" })).json;
    },
    async checkStaffEmail(email, id) {
      const response = await httpClient<{ email_available_to_use: boolean }>("/staffs/check_email", {
        method: "POST",
        body: id === undefined || id === null ? { email } : { email, id },
      });
      return response.json.email_available_to_use;
    },
    runBulk(path, body, onProgress) {
      return runBulkCall(httpClient, path, body, onProgress);
    },
    async request<T = unknown>(path: string, init: AppRequestInit = {}) {
      const response = await httpClient<T>(path.startsWith("/") ? path : `/${path}`, {
        method: init.method,
        body: init.body,
        query: init.query as QueryInput | undefined,
        signal: init.signal,
      });
      return { json: response.json, headers: response.headers };
    },
    async describeUploadLink(token) {
      return (await httpClient<UploadLinkDescription>(`/upload_links/${encodeURIComponent(token)}`, { prefix: false })).json;
    },
    sendUploadLink(token, form, onProgress) {
      return uploadForm(`/upload_links/${encodeURIComponent(token)}`, form, { onProgress, storage });
    },
    async previewUserMerge(survivorId, mergeIds) {
      const body = { users_to_merge_ids: mergeIds };
      return (await httpClient<{ data: UserMergePreview }>(`/users/${idPath(survivorId)}/merge/preview`, { method: "POST", body })).json.data;
    },
    async mergeUsers(survivorId, mergeIds, choices) {
      const body = { users_to_merge_ids: mergeIds, choices };
      return (await httpClient<{ data: UserMergeResult }>(`/users/${idPath(survivorId)}/merge`, { method: "POST", body })).json.data;
    },
    async getAvailablePermissions() {
      return (await httpClient<AppDataProviderJson["permissions"]>("/global_agency_permissions/available_permissions")).json ?? [];
    },
  };

  return { ...crud, ...methods } satisfies AppDataProvider;
}

type AppDataProviderJson = {
  subAgencies: Awaited<ReturnType<AppMethods["getSubAgencies"]>>;
  search: Awaited<ReturnType<AppMethods["searchPolicies"]>>;
  communities: Awaited<ReturnType<AppMethods["searchCommunities"]>>;
  permissions: Awaited<ReturnType<AppMethods["getAvailablePermissions"]>>;
};
