import { describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../dataProvider/httpClient";
import { ApiError, type NotificationSpec } from "../dataProvider/httpErrors";
import { setSelectedAgencyId } from "../dataProvider/agencySelection";
import { createFakeFetch, type FakeAnswer } from "../test/fakeFetch";
import { staffUser } from "../test/fixtures";
import { createMemoryStorage, storageContents } from "../test/memoryStorage";
import type { Role } from "../domain/roles";
import { createAuthProvider } from "./authProvider";

const SIGN_IN_HEADERS = { "access-token": "tok-1", "token-type": "Bearer", client: "cli-1", expiry: "1999999999", uid: "agent@coverdesk.test" };
const STORED = { accessToken: "tok-1", tokenType: "Bearer", client: "cli-1", expiry: "1999999999", uid: "agent@coverdesk.test" };

function setup({ role, at = "/dashboard/users/browse?page=2", notifyAnswer = true }: { role?: Role; at?: string; notifyAnswer?: boolean } = {}) {
  const storage = createMemoryStorage(role ? { ...STORED, user: JSON.stringify(staffUser(role)) } : {});
  // validate_token confirms the stored user unless a test queues another answer.
  const fake = createFakeFetch((request) => (role && request.url.endsWith("/validate_token") ? { body: { success: true, data: staffUser(role) } } : undefined));
  const [pathname, search = ""] = at.split("?");
  const location = { pathname, search: search ? `?${search}` : "" };
  const notified: NotificationSpec[] = [];
  const notify = vi.fn((spec: NotificationSpec) => {
    notified.push(spec);
    return notifyAnswer;
  });
  const authProvider = createAuthProvider({
    httpClient: createHttpClient({ storage, fetchImpl: fake.fetchImpl }),
    storage,
    location: () => location,
    notify,
  });
  return { storage, fake, authProvider, location, notified, notify };
}

const signInAnswer = (role: Role, headers: Record<string, string> = SIGN_IN_HEADERS): FakeAnswer => ({ body: { data: staffUser(role) }, headers });

describe("login", () => {
  it("stores the auth headers and the user, and goes to return_url or /dashboard", async () => {
    const { fake, authProvider, storage, location } = setup({ at: "/auth/login?return_url=%2Fdashboard%2Fstaff%2Fbrowse" });
    fake.answer(signInAnswer("agent"));
    await expect(authProvider.login({ email: "agent@coverdesk.test", password: "coverdesk" })).resolves.toEqual({ redirectTo: "/dashboard/staff/browse" });
    expect(fake.last()).toMatchObject({ method: "POST", url: "/v2/staff/auth/sign_in", body: { email: "agent@coverdesk.test", password: "coverdesk" } });
    expect(storageContents(storage)).toMatchObject(STORED);
    expect(JSON.parse(storage.getItem("user") as string)).toMatchObject({ role: "agent", email: "agent@coverdesk.test" });
    expect(authProvider.getCurrentUser()?.role).toBe("agent");

    location.search = "?return_url=https%3A%2F%2Fevil.test";
    fake.answer(signInAnswer("agent"));
    await expect(authProvider.login({ email: "agent@coverdesk.test", password: "coverdesk" })).resolves.toEqual({ redirectTo: "/dashboard" });
  });

  it("treats a 200 without the access-token header as a refused sign-in", async () => {
    const { fake, authProvider, storage } = setup();
    const { "access-token": _dropped, ...withoutToken } = SIGN_IN_HEADERS;
    fake.answer(signInAnswer("agent", withoutToken));
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toThrow("Invalid login credentials. Please try again.");
    expect(storage.getItem("user")).toBeNull();
    expect(storage.getItem("client")).toBeNull();
  });

  it("shows the server's reason, the throttle message, or the spec's text", async () => {
    const { fake, authProvider } = setup();
    fake.answer(
      { status: 401, body: { errors: ["Your account is deactivated"] } },
      { status: 429, body: { error: "too_many_requests", message: "Too many sign-in attempts. Try again in 15 minutes." } },
      { status: 401, body: {} },
      { networkError: true },
    );
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toThrow("Your account is deactivated");
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toThrow("Too many sign-in attempts. Try again in 15 minutes.");
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toThrow("Invalid login credentials. Please try again.");
    await expect(authProvider.login({ email: "a@b.c", password: "x" })).rejects.toThrow("Invalid login credentials. Please try again.");
  });
});

describe("checkAuth", () => {
  it("without a token, sends to login with the current path and search as return_url, without a call", async () => {
    const { fake, authProvider } = setup();
    await expect(authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: "/auth/login?return_url=%2Fdashboard%2Fusers%2Fbrowse%3Fpage%3D2",
      message: false,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("validates the stored token once per start and stores the user it answers", async () => {
    const { fake, authProvider, storage } = setup({ role: "staff" });
    fake.answer({ body: { success: true, data: { ...staffUser("staff"), email: "fresh@coverdesk.test" } }, headers: SIGN_IN_HEADERS });
    await authProvider.checkAuth({});
    await authProvider.checkAuth({});
    await authProvider.checkAuth({});
    expect(fake.requests.map((r) => r.url)).toEqual(["/v2/staff/auth/validate_token"]);
    expect(fake.requests[0].headers["access-token"]).toBe("tok-1");
    expect(JSON.parse(storage.getItem("user") as string).email).toBe("fresh@coverdesk.test");
  });

  it("menus, guards and the dropdown read the user validate_token answered, even when they ask before it answered", async () => {
    const stale = staffUser("agent", [{ key: "property_management.users", value: true }]);
    const storage = createMemoryStorage({ ...STORED, user: JSON.stringify(stale) });
    const fresh = { ...staffUser("agent", [{ key: "property_management.users", value: false }]), profile_attributes: { first_name: "Pat", last_name: "Renamed", full_name: "Pat Renamed" } };
    let answer: (value: Response) => void = () => undefined;
    const fetchImpl = (() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    const authProvider = createAuthProvider({ httpClient: createHttpClient({ storage, fetchImpl }), storage, location: () => ({ pathname: "/dashboard/users/browse", search: "" }), notify: () => true });
    // React-admin asks for permissions, identity and access while checkAuth is still waiting for validate_token.
    const permissions = authProvider.getPermissions({});
    const identity = authProvider.getIdentity();
    const canListUsers = authProvider.canAccess({ resource: "users", action: "list" });
    const check = authProvider.checkAuth({});
    answer(new Response(JSON.stringify({ success: true, data: fresh }), { status: 200, headers: { "content-type": "application/json" } }));
    await check;
    expect(await permissions).toMatchObject({ staff_permission: { permissions: [{ key: "property_management.users", value: false }] } });
    expect(await identity).toMatchObject({ fullName: "Pat Renamed" });
    expect(await canListUsers).toBe(false);
  });

  it("an expired token logs out and says so once, 5 s with Close", async () => {
    const { fake, authProvider, storage, notified } = setup({ role: "agent" });
    setSelectedAgencyId(3, storage);
    fake.answer({ status: 401, body: { errors: ["You need to sign in or sign up before continuing."] } });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: "/auth/login?return_url=%2Fdashboard%2Fusers%2Fbrowse%3Fpage%3D2", message: false });
    expect(notified).toEqual([expect.objectContaining({ message: "app.auth.token_expired", autoHideDuration: 5000, closeLabel: "app.auth.close" })]);
    expect(storageContents(storage)).toEqual({});
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: false });
    expect(notified).toHaveLength(1);
  });

  it("falls back to react-admin's notification when nothing can show the message", async () => {
    const { fake, authProvider } = setup({ role: "agent", notifyAnswer: false });
    fake.answer({ status: 401, body: {} });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: "app.auth.token_expired" });
  });

  it("never loads the session on the terms page", async () => {
    const { fake, authProvider } = setup({ at: "/terms-of-service" });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });
});

describe("logout", () => {
  it("signs out and clears every stored key, even when the call fails", async () => {
    const { fake, authProvider, storage } = setup({ role: "agent" });
    setSelectedAgencyId(3, storage);
    fake.answer({ status: 500, body: { error: "internal_error", message: "Server error" } });
    await expect(authProvider.logout({})).resolves.toBe("/auth/login");
    expect(fake.last()).toMatchObject({ method: "DELETE", url: "/v2/staff/auth/sign_out" });
    expect(storageContents(storage)).toEqual({});
    expect(authProvider.getCurrentUser()).toBeNull();
  });

  it("sends a visitor without a session to login with return_url (react-admin's guard logs them out)", async () => {
    const { fake, authProvider } = setup();
    await expect(authProvider.logout({})).resolves.toBe("/auth/login?return_url=%2Fdashboard%2Fusers%2Fbrowse%3Fpage%3D2");
    expect(fake.requests).toHaveLength(0);
  });

  it("swallows a network failure too", async () => {
    const { fake, authProvider, storage } = setup({ role: "staff" });
    fake.answer({ networkError: true });
    await expect(authProvider.logout({})).resolves.toBe("/auth/login");
    expect(storage.getItem("accessToken")).toBeNull();
  });
});

describe("checkError (readings C-19)", () => {
  it("401 permission_not_enabled: 'Permission Not Enabled' 3 s, then the profile page, without logging out", async () => {
    const { authProvider, notified } = setup({ role: "agent" });
    const error = new ApiError("x", 401, { error: "permission_not_enabled", message: null, payload: null }, { url: "/v2/staff_agency/users" });
    await expect(authProvider.checkError(error)).rejects.toEqual({ logoutUser: false, redirectTo: "/dashboard/profile", message: false });
    expect(notified[0]).toMatchObject({ message: "app.errors.permission_not_enabled", autoHideDuration: 3000 });
  });

  it("any other 401: session expired and logout to login with return_url", async () => {
    const { authProvider, notified } = setup({ role: "agent" });
    const error = new ApiError("x", 401, { errors: ["You need to sign in or sign up before continuing."] }, { url: "/v2/staff_agency/staffs" });
    await expect(authProvider.checkError(error)).rejects.toEqual({ redirectTo: "/auth/login?return_url=%2Fdashboard%2Fusers%2Fbrowse%3Fpage%3D2", message: false });
    expect(notified[0]).toMatchObject({ message: "app.errors.session_expired", autoHideDuration: 3000 });
  });

  it("leaves sign-in and validate_token 401s and every other status to the screens", async () => {
    const { authProvider, notified } = setup({ role: "agent" });
    await expect(authProvider.checkError(new ApiError("x", 401, {}, { url: "/v2/staff/auth/sign_in" }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new ApiError("x", 401, {}, { url: "/v2/staff/auth/validate_token" }))).resolves.toBeUndefined();
    for (const status of [0, 403, 404, 422, 500]) await expect(authProvider.checkError(new ApiError("x", status, {}))).resolves.toBeUndefined();
    expect(notified).toHaveLength(0);
  });
});

describe("identity and access", () => {
  it("getIdentity names the signed-in staff", async () => {
    const { authProvider } = setup({ role: "agent" });
    await expect(authProvider.getIdentity()).resolves.toMatchObject({ id: 12, fullName: "Pat agent", role: "agent", email: "agent@coverdesk.test" });
    expect(await authProvider.getPermissions({})).toMatchObject({ role: "agent" });
  });

  it("canAccess follows the domain table per role", async () => {
    const can = async (role: Role, resource: string, action: string) => setup({ role }).authProvider.canAccess({ resource, action });
    expect(await can("staff", "users", "list")).toBe(true);
    expect(await can("staff", "accounts", "list")).toBe(false);
    expect(await can("agent", "accounts", "list")).toBe(true);
    expect(await can("policy_support", "users", "list")).toBe(false);
    expect(await can("super_admin", "carriers", "delete")).toBe(true);
    expect(await setup().authProvider.canAccess({ resource: "users", action: "list" })).toBe(false);
  });

  it("canAccess honours permission keys: a key missing from a list is off", async () => {
    const user = staffUser("agent", [{ key: "property_management.users", value: true }]);
    const storage = createMemoryStorage({ ...STORED, user: JSON.stringify(user) });
    const fake = createFakeFetch(() => ({ body: { success: true, data: user } }));
    const authProvider = createAuthProvider({ httpClient: createHttpClient({ storage, fetchImpl: fake.fetchImpl }), storage, location: () => ({ pathname: "/dashboard", search: "" }), notify: () => true });
    expect(await authProvider.canAccess({ resource: "users", action: "list" })).toBe(true);
    expect(await authProvider.canAccess({ resource: "users", action: "edit" })).toBe(false);
  });
});
