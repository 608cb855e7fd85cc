import type { GetListParams, Identifier, RaRecord } from "react-admin";
import { HttpError } from "react-admin";
import type { AppDataProvider, AppMethods } from "../dataProvider/types";
import { runBulkCall } from "../dataProvider/bulk";

/**
 * A tiny in-memory AppDataProvider for component tests. Filters follow the console's wire convention
 * (dataProvider.ts): nested objects are paths (a key also matches `<key>_attributes`, arrays in records are
 * searched), `{like}` is a case-insensitive contains, an array is "any of", a scalar is equality as text.
 * Every call is recorded in `calls`.
 */
export interface RecordedCall {
  method: string;
  resource?: string;
  params?: unknown;
}

type Data = Record<string, RaRecord[]>;

function valuesAt(node: unknown, path: string[]): unknown[] {
  if (path.length === 0) return Array.isArray(node) ? node : [node];
  if (Array.isArray(node)) return node.flatMap((item) => valuesAt(item, path));
  if (!node || typeof node !== "object") return [];
  const [head, ...rest] = path;
  const record = node as Record<string, unknown>;
  const next = head in record ? record[head] : record[`${head}_attributes`];
  return valuesAt(next, rest);
}

function matches(record: RaRecord, filter: unknown, path: string[] = []): boolean {
  if (filter === undefined || filter === null || filter === "") return true;
  if (Array.isArray(filter)) {
    if (filter.length === 0) return true;
    const wanted = filter.map(String);
    return valuesAt(record, path).some((value) => wanted.includes(String(value)));
  }
  if (typeof filter === "object") {
    const entries = Object.entries(filter as Record<string, unknown>);
    return entries.every(([key, value]) => {
      if (key === "like") return valuesAt(record, path).some((v) => String(v ?? "").toLowerCase().includes(String(value).toLowerCase()));
      return matches(record, value, [...path, key]);
    });
  }
  return valuesAt(record, path).some((value) => String(value) === String(filter));
}

function sortBy(records: RaRecord[], sort: GetListParams["sort"]): RaRecord[] {
  if (!sort?.field) return records;
  const direction = sort.order === "DESC" ? -1 : 1;
  return [...records].sort((a, b) => {
    const left = String(valuesAt(a, sort.field.split("."))[0] ?? "");
    const right = String(valuesAt(b, sort.field.split("."))[0] ?? "");
    return left < right ? -direction : left > right ? direction : 0;
  });
}

export type MemoryDataProvider = AppDataProvider & { calls: RecordedCall[]; data: Data };

export function createMemoryDataProvider(initial: Data, overrides: Partial<AppMethods> = {}): MemoryDataProvider {
  const data: Data = Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v.map((r) => ({ ...r }))]));
  const calls: RecordedCall[] = [];
  const table = (resource: string) => (data[resource] ??= []);
  const find = (resource: string, id: Identifier) => {
    const record = table(resource).find((r) => String(r.id) === String(id));
    if (!record) throw new HttpError("Not found", 404, { error: "not_found" });
    return record;
  };
  const record = (method: string, resource?: string, params?: unknown) => calls.push({ method, resource, params });
  const notBuilt = (name: string) => () => Promise.reject(new Error(`${name} is not faked`));

  const provider: MemoryDataProvider = {
    data,
    calls,
    async getList(resource, params) {
      record("getList", resource, params);
      const rows = sortBy(table(resource).filter((r) => matches(r, params.filter)), params.sort);
      const { page = 1, perPage = rows.length || 1 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage).map((r) => structuredClone(r)) as never[], total: rows.length };
    },
    async getOne(resource, params) {
      record("getOne", resource, params);
      return { data: structuredClone(find(resource, params.id)) as never };
    },
    async getMany(resource, params) {
      record("getMany", resource, params);
      return { data: table(resource).filter((r) => params.ids.map(String).includes(String(r.id))).map((r) => structuredClone(r)) as never[] };
    },
    async getManyReference(resource, params) {
      record("getManyReference", resource, params);
      const rows = table(resource).filter((r) => matches(r, { ...params.filter, [params.target]: params.id }));
      return { data: rows as never[], total: rows.length };
    },
    async create(resource, params) {
      record("create", resource, params);
      const created = { id: Math.max(0, ...table(resource).map((r) => Number(r.id))) + 1, ...params.data };
      table(resource).push(created);
      return { data: created as never };
    },
    async update(resource, params) {
      record("update", resource, params);
      const existing = find(resource, params.id);
      Object.assign(existing, params.data);
      return { data: { ...existing } as never };
    },
    async updateMany(resource, params) {
      record("updateMany", resource, params);
      return { data: params.ids };
    },
    async delete(resource, params) {
      record("delete", resource, params);
      const existing = find(resource, params.id);
      data[resource] = table(resource).filter((r) => r !== existing);
      return { data: existing as never };
    },
    async deleteMany(resource, params) {
      record("deleteMany", resource, params);
      data[resource] = table(resource).filter((r) => !params.ids.map(String).includes(String(r.id)));
      return { data: params.ids };
    },
    getSubAgencies: notBuilt("getSubAgencies"),
    searchPolicies: notBuilt("searchPolicies"),
    async searchCommunities(params) {
      record("searchCommunities", undefined, params);
      return table("communities")
        .filter((c) => !params.search || String(c.title).toLowerCase().includes(params.search.toLowerCase()))
        .map((c) => ({ id: Number(c.id), title: String(c.title), account_id: (c.account_id as number) ?? null }));
    },
    sessionPersist: notBuilt("sessionPersist"),
    requestPasswordReset: notBuilt("requestPasswordReset"),
    resetPassword: notBuilt("resetPassword"),
    describeInvitation: notBuilt("describeInvitation"),
    acceptInvitation: notBuilt("acceptInvitation"),
    describeUploadLink: notBuilt("describeUploadLink"),
    sendUploadLink: notBuilt("sendUploadLink"),
    updateSelf: notBuilt("updateSelf"),
    async toggleStaffEnabled(id) {
      record("toggleStaffEnabled", "staff", { id });
      const staff = find("staff", id);
      staff.enabled = !staff.enabled;
      return { success: true, enabled: Boolean(staff.enabled) };
    },
    async reInviteStaff(id) {
      record("reInviteStaff", "staff", { id });
      return { success: true };
    },
    checkStaffEmail: notBuilt("checkStaffEmail"),
    getAvailablePermissions: notBuilt("getAvailablePermissions"),
    previewUserMerge: notBuilt("previewUserMerge"),
    mergeUsers: notBuilt("mergeUsers"),
    // A bulk call goes through `request` (a test answers it there), polling a background job as the real one does.
    runBulk(path, body, onProgress) {
      return runBulkCall((to, init) => provider.request(to, init), path, body, onProgress);
    },
    // Custom calls: a test passes `request` in overrides to answer them; unanswered ones are recorded and fail.
    async request(path, init) {
      record("request", undefined, { path, ...init });
      throw new HttpError(`request ${path} is not faked`, 500, {});
    },
    ...overrides,
  };
  return provider;
}
