import { z } from "zod";
import { INTEGRATION_PROVIDERS } from "../../db/schema";
import { PASSWORD_MAX, SHORT_TEXT, TEXT, URL_MAX, flag, id, requiredText, text, trimmed } from "../../lib/input";

/** The endpoint: the provider's https address, or `sandbox://<portfolio>` (server/integrations/sandbox.ts). */
const endpoint = trimmed(URL_MAX).refine((v) => v === "" || /^(https?:\/\/[^\s]+|sandbox:\/\/[a-z0-9-]{1,40}(\?[\w=&]*)?)$/i.test(v), "must be a valid URL (https://… or sandbox://…)");

const credentials = z
  .object({
    url: endpoint,
    username: trimmed(SHORT_TEXT),
    password: text(PASSWORD_MAX),
    database: trimmed(SHORT_TEXT),
    // Yardi's interface login (server/integrations/yardi): the database server, platform and the licence Yardi issued.
    server_name: trimmed(SHORT_TEXT),
    platform: trimmed(SHORT_TEXT),
    interface_entity: trimmed(SHORT_TEXT),
    interface_license: text(TEXT),
  })
  .partial()
  .strict();

const nullableText = text(TEXT).nullable();

/** Create/update an account's integration (reference section 4.13: renters insurance, billing and payments, sync). */
export const integrationBody = z
  .object({
    account_id: id.optional(),
    enabled: flag.optional(),
    credentials: credentials.optional(),
    renters_insurance: z.object({ enabled: flag }).partial().strict().optional(),
    billing_and_payments: z.object({ enabled: flag, master_policy_charge_code: nullableText, master_policy_gla: nullableText }).partial().strict().optional(),
    sync: z
      .object({
        pull_policies: flag,
        push_policies: flag,
        push_master_policy_invoices: flag,
        master_policy_charge_description: nullableText,
        syncable_communities: z.record(z.string().regex(/^\d{1,9}$/), z.object({ enabled: flag }).strict()),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

export const accountParams = z.object({ accountId: id });
export const toggleBody = z.object({ property_id: id, enable: flag }).strict();
export const resyncParams = z.object({ id, type: z.enum(INTEGRATION_PROVIDERS), propertyId: id });

/**
 * Entrata onboarding of a client (document 3 section 7; readings C-32): the client's subdomain on entrata.com and the
 * API user Entrata issued; the endpoint only when it is not the subdomain's (a sandbox, an Entrata test host).
 */
export const onboardClientBody = z
  .object({
    account_id: id.optional(),
    subdomain: requiredText(63).refine((v) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(v), "must be the client's Entrata subdomain (letters, digits and hyphens)"),
    username: requiredText(SHORT_TEXT),
    password: text(PASSWORD_MAX).refine((v) => v.length > 0, "This field is required"),
    url: endpoint.optional(),
  })
  .strict();
/** The account an Entrata call is about (a super admin names it; staff mean their own). */
/** status and ar_codes: `refresh: true` asks the provider now instead of answering what the last refresh kept. */
export const connectionBody = z.object({ account_id: id.optional(), refresh: flag.optional() }).strict();
export const entrataAccountQuery = z.object({ account_id: id.optional() }).strict();
export const syncableCommunitiesBody = z
  .object({ account_id: id.optional(), syncable_communities: z.record(z.string().regex(/^\d{1,9}$/), z.object({ enabled: flag }).strict()) })
  .strict();
