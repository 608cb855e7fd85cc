import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMAIL_MAX, SHORT_TEXT, TEXT, cents, id, idParams, permissionSet, text } from "../../lib/input";
import { notFoundMessage } from "../../lib/errors";
import { defineBulkAction, runBulk } from "../../lib/bulk";
import { sendList } from "../../lib/list";
import { bulkInput, filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { lookupScope } from "../../lib/scope";
import { staffAuthor } from "../../lib/history";
import { type Actor, requireCaller } from "../../plugins/auth";
import { assertAccess } from "../staffs/staffs.service";
import { accountListQuery, accountListSpec } from "./accounts.list";
import {
  type AccountCaller,
  accountHistories,
  accountInsurables,
  accountPolicies,
  agencyAccounts,
  createAccount,
  listAccounts,
  setAccountEnabled,
  showAccount,
  updateAccount,
} from "./accounts.service";

const nullableText = (max = TEXT) => text(max).nullable().optional();

const addressInput = z
  .object({
    id: id.optional(),
    street_number: nullableText(SHORT_TEXT),
    street_name: nullableText(),
    street_two: nullableText(),
    city: nullableText(),
    state: nullableText(SHORT_TEXT),
    zip_code: nullableText(SHORT_TEXT),
    full: nullableText(1000),
    primary: z.boolean().optional(),
  })
  .strip();

const accountInput = z
  .object({
    title: text(TEXT).optional(),
    agency_id: id.optional(),
    enabled: z.boolean().optional(),
    contact_info: z.object({ contact_phone: nullableText(SHORT_TEXT), contact_email: nullableText(EMAIL_MAX) }).strip().optional(),
    additional_interest: z.boolean().optional(),
    additional_interest_name: nullableText(),
    minimum_liability: cents.nullable().optional(),
    addresses_attributes: z.array(addressInput).max(20).optional(),
    global_permission_attributes: permissionSet.optional(),
  })
  .strip();

const listQuery = listInput(filterTypes(accountListSpec));
const tabQuery = listInput({ title: "text", enabled: "bool", number: "text", status: "text" });

const accountCaller = (caller: Actor): AccountCaller => ({
  role: caller.user.role,
  organizableId: caller.user.organizable_id,
  scope: caller.scope,
  author: staffAuthor(caller.user),
});

/** The grid's bulk Enable/Disable: each account as the single call switches it; rows named by their title. */
const accountBulk = (["enable", "disable"] as const).map(
  (action) =>
    [action, defineBulkAction({ name: `accounts.${action}`, label: sql`a.title`, each: (app, actor, id) => setAccountEnabled(app.db, accountCaller(actor), id, action === "enable") })] as const,
);

const listParams = (query: QueryObject) => ({ sort: query.sort, pagination: query.pagination, filter: query.filter });

/**
 * Accounts (document 3 sections 2 and 7; reference 4.1): the grid (GET /accounts and its POST /accounts_index twin),
 * the account page and its tabs, create, edit, enable and disable, scoped by role.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/accounts", { schema: { querystring: listQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    assertAccess(caller, "accounts", caller.user.role === "staff" ? "show" : "list");
    return sendList(reply, await listAccounts(app.db, caller.scope, listParams(request.query as QueryObject)));
  });

  app.post("/accounts_index", { schema: { body: listQuery.default({}) } }, async (request, reply) => {
    const caller = requireCaller(request);
    // Policy support has no accounts area, but names the account of every proof it reviews (the coverage-proof form).
    if (caller.user.role !== "policy_support") assertAccess(caller, "accounts", caller.user.role === "staff" ? "show" : "list");
    return sendList(reply, await listAccounts(app.db, lookupScope(caller), listParams(request.body as QueryObject)));
  });

  app.get("/accounts/:id", { config: { access: { resource: "accounts", action: "show" } }, schema: { params: idParams } }, async (request) => {
    return showAccount(app.db, requireCaller(request).scope, request.params.id);
  });

  app.post("/accounts", { config: { access: { resource: "accounts", action: "create" } }, schema: { body: z.object({ account: accountInput }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const accountId = await createAccount(app.db, accountCaller(caller), request.body.account);
    return reply.code(201).send(await showAccount(app.db, caller.scope, accountId));
  });

  app.put(
    "/accounts/:id",
    { config: { access: { resource: "accounts", action: "edit" } }, schema: { params: idParams, body: z.object({ account: accountInput }) } },
    async (request) => {
      const caller = requireCaller(request);
      await updateAccount(app.db, accountCaller(caller), request.params.id, request.body.account);
      return showAccount(app.db, caller.scope, request.params.id);
    },
  );

  // The grid's bulk Enable/Disable (issue 17 section 5): picked ids or every account matching the grid's filter, read
  // through the grid's own scoped query (lib/bulk.ts).
  for (const [action, bulk] of accountBulk) {
    app.post(`/accounts/bulk_${action}`, { config: { access: { resource: "accounts", action } }, schema: { body: bulkInput(filterTypes(accountListSpec)) } }, async (request, reply) => {
      const caller = requireCaller(request);
      return runBulk(app, reply, caller, bulk, { query: accountListQuery(caller.scope), spec: accountListSpec, selection: request.body, missing: notFoundMessage("Account") });
    });
  }

  for (const [action, enabled] of [["enable", true], ["disable", false]] as const) {
    app.put(`/accounts/:id/${action}`, { config: { access: { resource: "accounts", action } }, schema: { params: idParams } }, async (request) => {
      const caller = requireCaller(request);
      await setAccountEnabled(app.db, accountCaller(caller), request.params.id, enabled);
      return showAccount(app.db, caller.scope, request.params.id);
    });
  }

  const show = { access: { resource: "accounts", action: "show" } };
  app.get("/accounts/:id/account_policies", { config: show, schema: { params: idParams, querystring: tabQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    return sendList(reply, await accountPolicies(app.db, caller.scope, request.params.id, listParams(request.query as QueryObject)));
  });
  for (const kind of ["communities", "buildings", "units"] as const) {
    app.get(`/accounts/:id/account_${kind}`, { config: show, schema: { params: idParams, querystring: tabQuery } }, async (request, reply) => {
      const caller = requireCaller(request);
      return sendList(reply, await accountInsurables(app.db, caller.scope, request.params.id, kind, listParams(request.query as QueryObject)));
    });
  }
  app.get("/accounts/:id/histories", { config: show, schema: { params: idParams, querystring: listInput({}) } }, async (request, reply) => {
    const caller = requireCaller(request);
    return sendList(reply, await accountHistories(app.db, caller.scope, request.params.id, listParams(request.query as QueryObject)));
  });

  // The account picker of a chosen agency (document 3 section 7), within the caller's scope.
  app.get("/agency-accounts/:id", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return agencyAccounts(app.db, lookupScope(caller), request.params.id);
  });
};
