import { describe, expect, it } from "vitest";
import { createFakeFetch, decodeUrl } from "../test/fakeFetch";
import { staffUser } from "../test/fixtures";
import { createMemoryStorage } from "../test/memoryStorage";
import { setSelectedAgencyId } from "./agencySelection";
import { createDataProvider } from "./dataProvider";
import { createHttpClient } from "./httpClient";
import { ApiError } from "./httpErrors";
import { prefixPath } from "./prefix";
import { encodeQuery, toWireFilter } from "./query";
import { onDataChanged } from "./queryClient";
import type { Role } from "../domain/roles";

const SIGNED_IN_HEADERS = { accessToken: "tok-1", tokenType: "Bearer", client: "cli-1", expiry: "1999999999", uid: "agent@coverdesk.test" };

function setup(role: Role | null = "agent", route?: Parameters<typeof createFakeFetch>[0]) {
  const storage = createMemoryStorage(role ? { ...SIGNED_IN_HEADERS, user: JSON.stringify(staffUser(role)) } : {});
  const fake = createFakeFetch(route);
  const httpClient = createHttpClient({ storage, fetchImpl: fake.fetchImpl });
  const dataProvider = createDataProvider(httpClient, { storage, resetPasswordUrl: () => "https://console.test/auth/reset-password" });
  return { storage, fake, httpClient, dataProvider };
}

describe("prefixPath (document 1 section 6, readings C-03, C-26)", () => {
  it("puts each role under its prefix", () => {
    expect(prefixPath("/users", "staff")).toBe("/staff_account/users");
    expect(prefixPath("/users", "agent")).toBe("/staff_agency/users");
    expect(prefixPath("/users", "super_admin")).toBe("/staff_super_admin/users");
    expect(prefixPath("/policies_dashboard_index", "policy_support")).toBe("/policy-support/policies_dashboard_index");
    expect(prefixPath("users", "agent")).toBe("/staff_agency/users");
  });

  it("leaves exempt paths alone", () => {
    expect(prefixPath("/staff_super_admin/integrations_index", "agent")).toBe("/staff_super_admin/integrations_index");
    expect(prefixPath("/policy-support/policies_dashboard_index", "super_admin")).toBe("/policy-support/policies_dashboard_index");
    expect(prefixPath("/insurables/list_by_fields", "staff")).toBe("/insurables/list_by_fields");
    expect(prefixPath("/public/policies/import_legacy_policies", "staff")).toBe("/public/policies/import_legacy_policies");
    expect(prefixPath("/policies/import_legacy_policies", "agent")).toBe("/policies/import_legacy_policies");
    expect(prefixPath("/staff/auth/validate_token", "agent")).toBe("/staff/auth/validate_token");
  });

  it("does not prefix without a role, nor mistake a look-alike for a prefix", () => {
    expect(prefixPath("/users", null)).toBe("/users");
    expect(prefixPath("/staff_agency_reports", "staff")).toBe("/staff_account/staff_agency_reports");
  });
});

describe("query encoding", () => {
  it("bracket-encodes nested objects and arrays and drops empty values", () => {
    const query = encodeQuery({
      sort: { column: "profile.full_name", direction: "asc" },
      filter: { profile: { full_name: { like: "Ann Lee" } }, accounts: { id: [1, 2] }, enabled: true, empty: "", none: null },
    });
    expect(decodeURIComponent(query)).toBe(
      "sort[column]=profile.full_name&sort[direction]=asc&filter[profile][full_name][like]=Ann Lee&filter[accounts][id][]=1&filter[accounts][id][]=2&filter[enabled]=true",
    );
    expect(query).toContain("Ann%20Lee");
  });

  it("expands dotted filter keys into the same nesting as nested objects", () => {
    expect(toWireFilter({ "profile.full_name": { like: "x" }, profile: { contact_email: { like: "y" } }, t_code: "", ids: [] })).toEqual({
      profile: { full_name: { like: "x" }, contact_email: { like: "y" } },
    });
  });
});

describe("httpClient", () => {
  it("sends the five stored auth headers and JSON", async () => {
    const { fake, httpClient } = setup("agent");
    await httpClient("/users", { method: "POST", body: { a: 1 } });
    const request = fake.last();
    expect(request.headers).toMatchObject({
      "access-token": "tok-1",
      "token-type": "Bearer",
      client: "cli-1",
      expiry: "1999999999",
      uid: "agent@coverdesk.test",
      "Content-Type": "application/json",
    });
    expect(request.body).toEqual({ a: 1 });
    expect(request.url).toBe("/v2/staff_agency/users");
  });

  it("stores again every auth header a response carries", async () => {
    const { fake, httpClient, storage } = setup("agent");
    fake.answer({ body: [], headers: { "access-token": "tok-2", expiry: "2000000000" } });
    await httpClient("/users");
    expect(storage.getItem("accessToken")).toBe("tok-2");
    expect(storage.getItem("expiry")).toBe("2000000000");
    expect(storage.getItem("client")).toBe("cli-1");
  });

  it("appends agency_id when an agency is selected, except on session calls", async () => {
    const { fake, httpClient, storage } = setup("agent");
    setSelectedAgencyId(7, storage);
    await httpClient("/users", { query: { pagination: { page: 1 } } });
    expect(decodeUrl(fake.last().url).query).toBe("pagination[page]=1&agency_id=7");
    await httpClient("/search?query=abc");
    expect(fake.last().url).toBe("/v2/staff_agency/search?query=abc&agency_id=7");
    await httpClient("/staff/auth/validate_token", { prefix: false });
    expect(fake.last().url).toBe("/v2/staff/auth/validate_token");
    setSelectedAgencyId(null, storage);
    await httpClient("/users");
    expect(fake.last().url).toBe("/v2/staff_agency/users");
  });

  it("rejects a non-2xx with react-admin's HttpError, message from errors[0], message, or the status mapping", async () => {
    const { fake, httpClient } = setup("agent");
    fake.answer(
      { status: 401, statusText: "Unauthorized", body: { errors: ["You need to sign in or sign up before continuing."] } },
      { status: 422, body: { message: "Validation failed", errors: { email: "has already been taken" } } },
      { status: 404, statusText: "Not Found", body: {} },
      { status: 403, body: { error: "forbidden", message: "agency_id is not one of your agencies" } },
      { status: 500, body: "" },
    );
    const first = await httpClient("/users").catch((e) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 401, message: "You need to sign in or sign up before continuing.", statusText: "Unauthorized" });
    expect(first.url).toBe("/v2/staff_agency/users");
    const second = await httpClient("/users/1", { method: "PUT", body: {} }).catch((e) => e);
    expect(second).toMatchObject({ status: 422, message: "has already been taken", body: { errors: { email: "has already been taken" } } });
    await expect(httpClient("/users/2")).rejects.toMatchObject({ status: 404, message: "Not found" });
    await expect(httpClient("/users/4")).rejects.toMatchObject({ status: 403, message: "agency_id is not one of your agencies" });
    await expect(httpClient("/users/3")).rejects.toMatchObject({ status: 500, message: "Server error" });
  });

  it("turns a network failure into status 0 with the network text", async () => {
    const { fake, httpClient } = setup("agent");
    fake.answer({ networkError: true });
    await expect(httpClient("/users")).rejects.toMatchObject({ status: 0, message: "Something is wrong with network" });
  });
});

describe("dataProvider lists", () => {
  it("GET list: prefix, 1-based pagination, sort mapped to the wire column, nested filters, total from total-entries", async () => {
    const { fake, dataProvider } = setup("staff");
    fake.answer({ body: [{ id: 1 }, { id: 2 }], headers: { "total-entries": "42" } });
    const result = await dataProvider.getList("users", {
      pagination: { page: 2, perPage: 20 },
      sort: { field: "profile_attributes.full_name", order: "DESC" },
      filter: { profile: { full_name: { like: "ann" } }, accounts: { id: [3, 4] }, has_current_leases: "true" },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    const { path, query } = decodeUrl(fake.last().url);
    expect(path).toBe("/v2/staff_account/users");
    expect(query).toBe(
      "sort[column]=profile.full_name&sort[direction]=desc&pagination[page]=2&pagination[per]=20&filter[profile][full_name][like]=ann&filter[accounts][id][]=3&filter[accounts][id][]=4&filter[has_current_leases]=true",
    );
    expect(fake.last().method).toBe("GET");
  });

  it("staff lists GET /staffs", async () => {
    const { fake, dataProvider } = setup("agent");
    fake.answer({ body: [], headers: { "total-entries": "0" } });
    await dataProvider.getList("staff", { pagination: { page: 1, perPage: 10 }, sort: { field: "created_at", order: "ASC" }, filter: { organizable_type: "Account" } });
    expect(decodeUrl(fake.last().url)).toEqual({
      path: "/v2/staff_agency/staffs",
      query: "sort[column]=created_at&sort[direction]=asc&pagination[page]=1&pagination[per]=10&filter[organizable_type]=Account",
    });
  });

  it("post_index: POST {path}_index with the list as a JSON body, total from the header", async () => {
    const { fake, dataProvider } = setup("super_admin");
    fake.answer({ body: [{ id: 9, title: "Sunrise" }], headers: { "total-entries": "31" } });
    const result = await dataProvider.getList("accounts", {
      pagination: { page: 3, perPage: 10 },
      sort: { field: "title", order: "ASC" },
      filter: { title: { like: "sun" }, agency_id: [1, 2] },
    });
    expect(result.total).toBe(31);
    expect(fake.last()).toMatchObject({
      url: "/v2/staff_super_admin/accounts_index",
      method: "POST",
      body: { sort: { column: "title", direction: "asc" }, pagination: { page: 3, per: 10 }, filter: { title: { like: "sun" }, agency_id: [1, 2] } },
    });
  });

  it("post_list: POST {path}/list, answer {data, meta.total}", async () => {
    const storage = createMemoryStorage({ ...SIGNED_IN_HEADERS, user: JSON.stringify(staffUser("staff")) });
    const fake = createFakeFetch();
    const dataProvider = createDataProvider(createHttpClient({ storage, fetchImpl: fake.fetchImpl }), {
      storage,
      registry: { leads: { path: "leads", list: "post_list", one: "bare" } },
    });
    fake.answer({ body: { data: [{ id: 1 }], meta: { total: 77, page: 1, per: 20 } } });
    const result = await dataProvider.getList("leads", { pagination: { page: 1, perPage: 20 }, sort: { field: "id", order: "ASC" }, filter: {} });
    expect(result).toEqual({ data: [{ id: 1 }], total: 77 });
    expect(fake.last()).toMatchObject({ url: "/v2/staff_account/leads/list", method: "POST" });
  });

  it("a total counted only up to the server's cap pages partially: next page known, the total as a lower bound", async () => {
    const { fake, dataProvider } = setup("super_admin");
    fake.answer({ body: { data: [{ id: 1 }], meta: { total: 10000, total_capped: true, page: 2, per: 50 } } });
    expect(await dataProvider.getList("policies", { pagination: { page: 2, perPage: 50 }, sort: { field: "id", order: "ASC" }, filter: {} })).toEqual({
      data: [{ id: 1 }],
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
      meta: { totalAtLeast: 10000 },
    });
    fake.answer({ body: [{ id: 2 }], headers: { "total-entries": "10000", "total-capped": "true" } });
    expect(await dataProvider.getList("users", { pagination: { page: 1, perPage: 20 }, sort: { field: "id", order: "ASC" }, filter: {} })).toEqual({
      data: [{ id: 2 }],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
      meta: { totalAtLeast: 10000 },
    });
  });

  it("moving to the page beside the last one read sends the cursor the server gave for it, and only for that query", async () => {
    const { fake, dataProvider } = setup("super_admin");
    const list = (page: number, filter: object = {}) => dataProvider.getList("policies", { pagination: { page, perPage: 50 }, sort: { field: "updated_at", order: "DESC" }, filter });
    const cursorSent = () => (fake.last().body as { pagination: { cursor?: string } }).pagination.cursor;
    const answer = (page: number) => fake.answer({ body: { data: [{ id: page }], meta: { total: 500, page, per: 50 } }, headers: { "next-page-cursor": `after-${page}`, "previous-page-cursor": `before-${page}` } });
    answer(1);
    await list(1);
    expect(cursorSent()).toBeUndefined();
    answer(2);
    await list(2);
    expect(cursorSent()).toBe("after-1");
    answer(1);
    await list(1);
    expect(cursorSent()).toBe("before-2");
    // A jump, or another filter, pages by number alone.
    answer(5);
    await list(5);
    expect(cursorSent()).toBeUndefined();
    answer(6);
    await list(6, { status: ["BOUND"] });
    expect(cursorSent()).toBeUndefined();
    expect(fake.last().body).toMatchObject({ pagination: { page: 6, per: 50 } });
  });

  it("tells the query cache a change happened after a call that writes, never after a read (GET, POST …/list, …_index)", async () => {
    const { fake, dataProvider } = setup("super_admin");
    let changes = 0;
    const stop = onDataChanged(() => changes++);
    try {
      fake.answer({ body: { data: [], meta: { total: 0 } } });
      await dataProvider.getList("policies", { pagination: { page: 1, perPage: 50 }, sort: { field: "id", order: "ASC" }, filter: {} });
      fake.answer({ body: [], headers: { "total-entries": "0" } });
      await dataProvider.getList("accounts", { pagination: { page: 1, perPage: 50 }, sort: { field: "id", order: "ASC" }, filter: {} });
      fake.answer({ body: { data: [] } });
      await dataProvider.request("/review_queue/list", { method: "POST", body: {} });
      // Reports and checks sent as POST only read: the Reporting screen's two calls marked everything changed, so its
      // own queries went stale and asked again without end.
      for (const path of ["/compound_coverage_snapshots/time_series", "/compound_coverage_snapshots/data_span", "/dashboards/leads/stats", "/integrations/integration_health", "/users/4/merge/preview", "/staffs/check_email", "/policies/external/check", "/policies/calculate_cost", "/requirement_checks", "/review_queue/states"]) {
        fake.answer({ body: {} });
        await dataProvider.request(path, { method: "POST", body: {} });
      }
      expect(changes).toBe(0);
      fake.answer({ body: { id: 3 } });
      await dataProvider.update("staff", { id: 3, data: { email: "x@y.z" }, previousData: { id: 3 } });
      expect(changes).toBe(1);
      fake.answer({ body: { success: true } });
      await dataProvider.request("/review_queue/claims", { method: "POST", body: { id: 3 } });
      expect(changes).toBe(2);
      fake.answer({ body: { success: true } });
      await dataProvider.request("/users/4/merge", { method: "POST", body: {} });
      expect(changes).toBe(3);
    } finally {
      stop();
    }
  });

  it("getMany asks the list for the ids", async () => {
    const { fake, dataProvider } = setup("agent");
    fake.answer({ body: [{ id: 1, title: "A" }, { id: 2, title: "B" }], headers: { "total-entries": "2" } });
    const { data } = await dataProvider.getMany("accounts", { ids: [1, 2] });
    expect(data.map((r) => r.id)).toEqual([1, 2]);
    expect(fake.last().body).toEqual({ pagination: { page: 1, per: 2 }, filter: { id: [1, 2] } });
  });

  it("refuses a resource the registry does not know", async () => {
    const { dataProvider } = setup("agent");
    await expect(dataProvider.getOne("unknown", { id: 1 })).rejects.toThrow(/registry/);
  });
});

describe("dataProvider records", () => {
  it("users: getOne reads {data}; update PUTs {user}", async () => {
    const { fake, dataProvider } = setup("agent");
    fake.answer({ body: { data: { id: 5, email: "a@b.c" } } });
    expect((await dataProvider.getOne("users", { id: 5 })).data).toEqual({ id: 5, email: "a@b.c" });
    expect(fake.last().url).toBe("/v2/staff_agency/users/5");

    fake.answer({ body: { data: { id: 5, email: "new@b.c" } } });
    const updated = await dataProvider.update("users", { id: 5, data: { email: "new@b.c" }, previousData: { id: 5 } });
    expect(updated.data).toEqual({ id: 5, email: "new@b.c" });
    expect(fake.last()).toMatchObject({ method: "PUT", url: "/v2/staff_agency/users/5", body: { user: { email: "new@b.c" } } });
  });

  it("staff: bare record and {staff} body", async () => {
    const { fake, dataProvider } = setup("super_admin");
    fake.answer({ body: { id: 8, email: "m@x.y" } });
    expect((await dataProvider.getOne("staff", { id: 8 })).data).toEqual({ id: 8, email: "m@x.y" });
    expect(fake.last().url).toBe("/v2/staff_super_admin/staffs/8");
    fake.answer({ status: 201, body: { id: 9, email: "n@x.y" } });
    await dataProvider.create("staff", { data: { email: "n@x.y" } });
    expect(fake.last()).toMatchObject({ method: "POST", url: "/v2/staff_super_admin/staffs", body: { staff: { email: "n@x.y" } } });
  });
});

describe("typed methods", () => {
  it("shell lookups go under the prefix", async () => {
    const { fake, dataProvider } = setup("agent");
    fake.answer({ body: [{ id: 1, title: "Acme", agency_id: null, enabled: true, agencies: [] }] });
    expect(await dataProvider.getSubAgencies()).toHaveLength(1);
    expect(decodeUrl(fake.last().url)).toEqual({ path: "/v2/staff_agency/agencies/sub_agencies", query: "pagination[per]=1000" });
    fake.answer({ body: [] });
    await dataProvider.searchPolicies("PN 1");
    expect(fake.last().url).toBe("/v2/staff_agency/search?query=PN%201");
    fake.answer({ body: [] });
    await dataProvider.searchCommunities({ search: "oak", account_id: 3 });
    expect(fake.last().url).toBe("/v2/staff_agency/communities?search=oak&account_id=3");
  });

  it("session calls are never prefixed", async () => {
    const { fake, dataProvider } = setup("agent");
    fake.answer({ body: { secret_token: "s3cr3t" } });
    expect(await dataProvider.sessionPersist()).toBe("s3cr3t");
    expect(fake.last()).toMatchObject({ method: "POST", url: "/v2/staff/auth/session_persist" });

    fake.answer({ body: { success: true } });
    await dataProvider.requestPasswordReset("a@b.c");
    expect(fake.last()).toMatchObject({
      method: "POST",
      url: "/v2/staff/auth/password",
      body: { email: "a@b.c", redirect_url: "https://console.test/auth/reset-password" },
    });

    fake.answer({ body: { success: true } });
    await dataProvider.resetPassword({ password: "p4ssword!", password_confirmation: "p4ssword!", reset_password_token: "t" });
    expect(fake.last()).toMatchObject({ method: "PUT", url: "/v2/staff/auth/password", body: { reset_password_token: "t" } });
  });

  it("updateSelf replaces the stored user", async () => {
    const { fake, dataProvider, storage } = setup("agent");
    const updated = { ...staffUser("agent"), email: "renamed@coverdesk.test" };
    fake.answer({ body: updated });
    await dataProvider.updateSelf(12, { profile_attributes: { first_name: "Renamed" } });
    expect(fake.last()).toMatchObject({ method: "PUT", url: "/v2/staff_agency/staffs/12/update_self", body: { staff: { profile_attributes: { first_name: "Renamed" } } } });
    expect(JSON.parse(storage.getItem("user") as string).email).toBe("renamed@coverdesk.test");
  });

  it("staff actions", async () => {
    const { fake, dataProvider } = setup("staff");
    fake.answer({ body: { success: true, enabled: false } });
    expect(await dataProvider.toggleStaffEnabled(4)).toEqual({ success: true, enabled: false });
    expect(fake.last()).toMatchObject({ method: "PUT", url: "/v2/staff_account/staffs/4/toggle_enabled" });
    fake.answer({ body: { success: true } });
    await dataProvider.reInviteStaff(4);
    expect(fake.last()).toMatchObject({ method: "PUT", url: "/v2/staff_account/staffs/4/re_invite" });
    fake.answer({ body: { email_available_to_use: false } });
    expect(await dataProvider.checkStaffEmail("m@x.y", 4)).toBe(false);
    expect(fake.last()).toMatchObject({ method: "POST", url: "/v2/staff_account/staffs/check_email", body: { email: "m@x.y", id: 4 } });
  });
});
