import polyglotI18nProvider from "ra-i18n-polyglot";
import type { I18nProvider } from "react-admin";
import { en } from "./en";

const LOCALES = [{ locale: "en", name: "English" }];

/**
 * The console's i18nProvider: English only for now (other locales will be merged over `en`). A key with no entry
 * and no `_` default shows as itself, so a server's text passed as a message (a 422 field error) still reads right.
 */
export const i18nProvider: I18nProvider = polyglotI18nProvider(() => en, "en", LOCALES, { allowMissing: true });

/**
 * For tests: the same catalogue, recording every key that had neither an entry nor a `_` default, so a test can
 * assert that what it rendered is all in the catalogue.
 */
export function createTestI18nProvider(): I18nProvider & { missingKeys: Set<string> } {
  const missingKeys = new Set<string>();
  const provider = polyglotI18nProvider(() => en, "en", LOCALES, {
    onMissingKey: (key: string) => {
      missingKeys.add(key);
      return key;
    },
  });
  return Object.assign(provider, { missingKeys });
}

export { en };
