import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { accounts } from "../../db/schema";
import { ProviderNotConfiguredError } from "../../billing/card-connect";
import { ValidationError } from "../../lib/errors";
import { recordHistory, staffAuthor } from "../../lib/history";
import { id, text } from "../../lib/input";
import { publicOrigin } from "../../lib/public-url";
import { type Caller, requireCaller } from "../../plugins/auth";
import { assertAccountInScope } from "../accounts/accounts.service";

const access = { access: { resource: "accounts", action: "edit" } };
const sign = (accountId: number, secret: string) =>
  createHmac("sha256", secret)
    .update(`card-connect.${accountId}`)
    .digest("base64url");

/** Which account a call is about: staff their own; others name it (account_id, or the signed state coming back). */
function accountOf(caller: Caller, named: number | undefined): number {
  const accountId =
    named ??
    (caller.scope.kind === "account" ? caller.scope.accountId : undefined);
  if (!accountId)
    throw new ValidationError({ account_id: "The account field is required." });
  return accountId;
}

function stateAccount(state: string, secret: string): number {
  const [idText, signature = ""] = state.split(".");
  const accountId = Number(idText);
  const expected = Buffer.from(
    Number.isInteger(accountId) && accountId > 0 ? sign(accountId, secret) : "",
  );
  const given = Buffer.from(signature);
  if (
    !expected.length ||
    expected.length !== given.length ||
    !timingSafeEqual(expected, given)
  )
    throw new ValidationError({
      state:
        "The connection link is not valid: start again from the account page",
    });
  return accountId;
}

/**
 * The card-payment provider link of an account (document 3 section 7; issue 13 section 1): the button's link to the
 * provider's authorisation page, and the return with its one-time code. Both go through the provider interface
 * (server/billing/card-connect.ts); the account is checked against the caller's scope first (404 outside it), then a
 * provider without credentials answers 503 'The card payment provider is not configured'.
 */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = publicOrigin(app.env);

  app.get(
    "/stripe/button_link",
    {
      config: access,
      schema: { querystring: z.object({ account_id: id.optional() }).strip() },
    },
    async (request) => {
      const caller = requireCaller(request);
      const accountId = accountOf(caller, request.query.account_id);
      await assertAccountInScope(app.db, caller.scope, accountId);
      if (!app.cardConnect.configured) throw new ProviderNotConfiguredError();
      const [row] = await app.db
        .select({ stripe_account_id: accounts.stripe_account_id })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      const state = `${accountId}.${sign(accountId, app.env.FILES_SECRET)}`;
      return {
        provider: app.cardConnect.name,
        connected: Boolean(row?.stripe_account_id),
        link: app.cardConnect.authorizeUrl(
          state,
          `${origin}/dashboard/accounts/view/${accountId}`,
        ),
      };
    },
  );

  // The spec writes the call with its trailing slash (GET /stripe/connect/?code=); both spellings answer.
  const connectPaths = ["/stripe/connect", "/stripe/connect/"];
  for (const path of connectPaths)
    app.get(
      path,
      {
        config: access,
        schema: {
          querystring: z
            .object({
              code: text(500).optional(),
              state: text(200).optional(),
              account_id: id.optional(),
            })
            .strip(),
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        const { code, state } = request.query;
        const accountId = state
          ? stateAccount(state, app.env.FILES_SECRET)
          : accountOf(caller, request.query.account_id);
        if (request.query.account_id && request.query.account_id !== accountId)
          throw new ValidationError({
            state: "The connection link is for another account",
          });
        await assertAccountInScope(app.db, caller.scope, accountId);
        if (!app.cardConnect.configured) throw new ProviderNotConfiguredError();
        // The code is checked after the account: another tenant's account is a 404 whatever else is sent.
        if (!code?.trim())
          throw new ValidationError({ code: "This field is required" });
        const { accountId: providerAccount } =
          await app.cardConnect.exchangeCode(code.trim());
        const [before] = await app.db
          .select({ stripe_account_id: accounts.stripe_account_id })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        await app.db.transaction(async (tx) => {
          await tx
            .update(accounts)
            .set({ stripe_account_id: providerAccount, updated_at: new Date() })
            .where(eq(accounts.id, accountId));
          await recordHistory(tx as never, {
            type: "Account",
            id: accountId,
            action: "update",
            author: staffAuthor(caller.user),
            process: "console",
            changes: {
              stripe_account_id: {
                previous_value: before?.stripe_account_id ?? null,
                new_value: providerAccount,
              },
            },
          });
        });
        return {
          message: "Card payment provider connected",
          account_id: accountId,
          connected: true,
        };
      },
    );
};
