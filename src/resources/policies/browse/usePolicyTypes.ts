import { useEffect, useState } from "react";
import { useDataProvider } from "react-admin";
import type { AppDataProvider } from "../../../dataProvider/types";
import type { PolicyType } from "./types";

let cached: Promise<PolicyType[]> | undefined;

/** GET /policy-types, loaded once per page load (document 2 section 7: cached after the first load). */
export function usePolicyTypes(): PolicyType[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [types, setTypes] = useState<PolicyType[]>([]);
  useEffect(() => {
    let live = true;
    cached ??= dataProvider.request<PolicyType[]>("/policy-types").then((r) => r.json ?? []);
    cached
      .then((list) => live && setTypes(list))
      .catch(() => {
        cached = undefined;
      });
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return types;
}

/** Tests start from an empty cache. */
export function forgetPolicyTypes() {
  cached = undefined;
}
