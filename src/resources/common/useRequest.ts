import { useCallback, useEffect, useMemo, useState } from "react";
import { useDataProvider, useNotify } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";

/** The text a failed call carries: `message`, `error`, or the first field error. */
export function failureText(error: unknown): string | undefined {
  const body = (error as { body?: { message?: unknown; error?: unknown; errors?: unknown } } | null)?.body;
  const fieldErrors = body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors) ? Object.values(body.errors as Record<string, string>) : [];
  if (fieldErrors.length && typeof fieldErrors[0] === "string") return fieldErrors[0];
  if (typeof body?.error === "string" && body.error.includes(" ")) return body.error;
  if (typeof body?.message === "string" && body.message) return body.message;
  return undefined;
}

/** A page's custom calls (role-prefixed, docs/API.md) and a notifier: the server's text, else a catalogue key (3 s, document 3 section 9). */
export function useRequest() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const request = useMemo(() => dataProvider.request.bind(dataProvider), [dataProvider]);
  const say = useCallback(
    (type: "success" | "error", key: string, text?: string) => notify(text ?? key, { type, autoHideDuration: SNACK_SHORT, messageArgs: { _: text ?? key } }),
    [notify],
  );
  return { request, say };
}

/** Loads `path` (nothing while it is empty) and reloads it on demand; `rows` stays undefined until the first answer. */
export function useLoaded<T>(path: string, query?: Record<string, unknown>) {
  const { request } = useRequest();
  const [rows, setRows] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    request<T>(path, { query: JSON.parse(key) as Record<string, unknown>, signal: controller.signal })
      .then(({ json }) => {
        setRows(json);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [request, path, key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, failed, reload };
}
