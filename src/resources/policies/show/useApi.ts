import { useCallback, useMemo } from "react";
import { useDataProvider, useNotify } from "react-admin";
import type { AppDataProvider } from "../../../dataProvider/types";
import { SNACK_SHORT } from "../../../domain/constants";

/** The text a failed call carries (`message`, else the first of `errors`), for the spec's "server error or fallback". */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as { body?: { message?: unknown; errors?: unknown; error?: unknown } } | null)?.body;
  if (typeof body?.message === "string" && body.message) return body.message;
  if (Array.isArray(body?.errors) && typeof body.errors[0] === "string") return body.errors[0];
  return undefined;
}

/** The dataProvider's custom-call door and a notifier for "server text, else this catalogue key". */
export function usePolicyApi() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyResult = useCallback(
    (type: "success" | "error", fallbackKey: string, serverText?: string, autoHideDuration = SNACK_SHORT) =>
      notify(serverText ?? fallbackKey, { type, autoHideDuration, messageArgs: { _: serverText ?? fallbackKey } }),
    [notify],
  );
  // Stable across renders: hooks list it in their effect dependencies.
  const request = useMemo(() => dataProvider.request.bind(dataProvider), [dataProvider]);
  return { request, notifyResult };
}
