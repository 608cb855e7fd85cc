import type { IntegrationProvider } from "../db/schema";
import { entrataProvider } from "./entrata";
import { type ProviderNetwork, providerNetwork } from "./http";
import type { PropertyManagementProvider, ProviderCredentials } from "./provider";
import { parseSandboxUrl, sandboxProvider } from "./sandbox";
import { yardiProvider } from "./yardi";

const ADAPTERS: Record<IntegrationProvider, (credentials: ProviderCredentials, network: ProviderNetwork) => PropertyManagementProvider> = {
  yardi: yardiProvider,
  entrata: entrataProvider,
};

/**
 * The adapter for an integration: the sandbox for a `sandbox://` endpoint (tests, the demo), otherwise the provider's
 * own adapter (server/integrations/<provider>/), reaching the endpoint under the network rules of http.ts.
 */
export function providerFor(provider: IntegrationProvider, credentials: ProviderCredentials, network: ProviderNetwork = providerNetwork()): PropertyManagementProvider {
  if (parseSandboxUrl(credentials.url)) return sandboxProvider(credentials);
  return ADAPTERS[provider](credentials, network);
}
