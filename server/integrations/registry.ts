import type { IntegrationProvider } from "../db/schema";
import { type PropertyManagementProvider, type ProviderCredentials, ProviderError } from "./provider";
import { parseSandboxUrl, sandboxProvider } from "./sandbox";

const NAMES: Record<IntegrationProvider, string> = { yardi: "Yardi", entrata: "Entrata" };

/**
 * The adapter for an integration: the sandbox for a `sandbox://` endpoint; a provider's own endpoint needs its
 * network adapter, which this installation cannot reach (only the sandbox runs here), so it reports that as a problem.
 */
export function providerFor(provider: IntegrationProvider, credentials: ProviderCredentials): PropertyManagementProvider {
  if (parseSandboxUrl(credentials.url)) return sandboxProvider(credentials);
  const unreachable = async (): Promise<never> => {
    throw new ProviderError(`${NAMES[provider]} cannot be reached at ${credentials.url}`);
  };
  return { checkCredentials: unreachable, listProperties: unreachable, chargeCodes: unreachable, fetchProperty: unreachable };
}
