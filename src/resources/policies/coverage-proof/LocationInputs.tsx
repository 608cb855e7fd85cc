import { useContext, useEffect, useRef, useState } from "react";
import { Autocomplete, Box, MenuItem, TextField } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import type { AppDataProvider } from "../../../dataProvider/types";
import type { Role } from "../../../domain/roles";
import { PrefilledContext } from "./ArrayInputs";
import { ADDRESS_FIELDS, type CoverageProofValues } from "./coverageProofRules";

interface Titled {
  id: number;
  title: string;
}

export interface CommunityTree extends Titled {
  address: Record<string, string | null> | null;
  buildings: Array<Titled & { units: Titled[] }>;
  units: Titled[];
}

const f = (key: string) => `app.coverage_proof.fields.${key}`;
const h = (key: string) => `app.coverage_proof.hints.${key}`;
const REQUIRED = "app.errors.validation.required_short";

/** Searches as the user types (250 ms, 2 characters), like every picker of the console (document 2 section 5). */
function useSearch<T>(load: (text: string) => Promise<T[]>, deps: unknown[]) {
  const [text, setText] = useState("");
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      load(text.trim().length >= 2 ? text.trim() : "")
        .then((rows) => live && setOptions(rows))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, ...deps]);
  return { options, loading, setText };
}

/**
 * Agency (super admin) → account (hidden for staff, disabled until an agency is chosen) → community → building → unit
 * (document 1 section 5, document 2 section 5). Changing a level clears the ones below. Choosing a community copies
 * its address into every insured; the unit's title goes into the primary's address line 2.
 */
export const LocationInputs = ({ role, onTree, knownAccount }: { role?: Role; onTree?: (tree: CommunityTree | null) => void; knownAccount?: Titled | null }) => {
  const translate = useTranslate();
  // Pickers assisted review filled from the PDF say so, like its other fields, until the reviewer changes them.
  const prefilled = useContext(PrefilledContext);
  const assisted = (name: string, dirty: boolean) => prefilled.has(name) && !dirty;
  const assistedHint = (name: string, dirty: boolean) => (assisted(name, dirty) ? translate("app.coverage_proof.prefilled") : undefined);
  const dataProvider = useDataProvider<AppDataProvider>();
  const { control, setValue, getValues } = useFormContext<CoverageProofValues>();
  const [agencyId, accountId, communityId, buildingId] = useWatch({ control, name: ["agency_id", "account_id", "community_id", "building_id"] });
  const [tree, setTree] = useState<CommunityTree | null>(null);
  // Text typed into a picker without choosing from its list: the field says to pick one (document 1 section 5).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const typing = (name: string) => (_e: unknown, text: string, reason: string) => {
    if (reason === "input" || reason === "clear" || reason === "reset") setTyped((t) => ({ ...t, [name]: reason === "input" ? text : "" }));
  };
  const pickHint = (name: "agency" | "account" | "community", value: unknown) =>
    !value && typed[name]?.trim() ? translate("app.errors.validation.pick_from_list", { attribute: translate(`app.coverage_proof.attributes.${name}`) }) : undefined;
  const [agencyTitles, setAgencyTitles] = useState<Titled[]>([]);

  useEffect(() => {
    if (role !== "super_admin") return;
    dataProvider
      .getSubAgencies()
      .then((roots) => setAgencyTitles(roots.flatMap((a) => [{ id: a.id, title: a.title }, ...a.agencies])))
      .catch(() => setAgencyTitles([]));
  }, [dataProvider, role]);

  const accounts = useSearch<Titled>(
    async (search) => {
      if (role === "super_admin" && !agencyId) return [];
      const filter: Record<string, unknown> = { ...(agencyId ? { agency_id: agencyId } : {}), ...(search ? { title: { like: search } } : {}) };
      const { json } = await dataProvider.request<Titled[]>("/accounts_index", { method: "POST", body: { filter, pagination: { page: 1, per: 50 }, sort: { column: "title", direction: "asc" } } });
      return json ?? [];
    },
    [agencyId],
  );
  const communities = useSearch<Titled>(
    async (search) => (accountId ? await dataProvider.searchCommunities({ search: search || undefined, account_id: accountId }) : []),
    [accountId],
  );

  useEffect(() => {
    if (!communityId) {
      setTree(null);
      onTree?.(null);
      return;
    }
    let live = true;
    dataProvider
      .request<CommunityTree>(`/lookups/communities/${communityId}/tree`)
      .then(({ json }) => {
        if (!live) return;
        setTree(json);
        onTree?.(json);
      })
      .catch(() => live && setTree(null));
    return () => {
      live = false;
    };
  }, [communityId, dataProvider, onTree]);

  // Only a community the user picks copies its address (loading a saved policy must not overwrite its insureds).
  const picked = useRef(false);
  const units = tree ? (buildingId ? (tree.buildings.find((b) => b.id === buildingId)?.units ?? []) : tree.units) : [];
  const chooseCommunity = (community: Titled | null) => {
    picked.current = Boolean(community);
    setValue("community_id", community?.id ?? "", { shouldValidate: true });
    setValue("building_id", "");
    setValue("unit_id", "", { shouldValidate: true });
  };
  // A complete community address goes to every insured (document 2 section 5).
  useEffect(() => {
    const address = tree?.address;
    if (!picked.current) return;
    picked.current = false;
    if (!address || !["street_name", "city", "state", "zip_code"].every((k) => address[k])) return;
    getValues("users").forEach((_u, i) => {
      for (const field of ADDRESS_FIELDS) if (field !== "street_two") setValue(`users.${i}.${field}`, address[field] ?? "", { shouldValidate: true });
    });
  }, [tree, getValues, setValue]);

  const hint = !tree ? undefined : tree.buildings.length === 0 ? translate(h("no_buildings")) : buildingId ? undefined : translate(h("skip_building"));

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 2, mb: 2 }}>
      {role === "super_admin" && (
        <Controller
          name="agency_id"
          control={control}
          rules={{ required: REQUIRED }}
          render={({ field, fieldState }) => (
            <Autocomplete
              options={agencyTitles}
              getOptionLabel={(o) => o.title}
              value={agencyTitles.find((a) => a.id === field.value) ?? null}
              onInputChange={typing("agency")}
              onChange={(_e, agency) => {
                field.onChange(agency?.id ?? "");
                setValue("account_id", "");
                chooseCommunity(null);
              }}
              noOptionsText={translate(h("no_results"))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={translate(f("agency"))}
                  color={assisted("agency_id", fieldState.isDirty) ? "info" : undefined}
                  error={Boolean(fieldState.error) || Boolean(pickHint("agency", field.value))}
                  helperText={fieldState.error ? translate(fieldState.error.message ?? REQUIRED) : (pickHint("agency", field.value) ?? assistedHint("agency_id", fieldState.isDirty) ?? translate("app.shell.agency_picker.hint"))}
                />
              )}
            />
          )}
        />
      )}
      {role !== "staff" && (
        <Controller
          name="account_id"
          control={control}
          rules={{ required: REQUIRED }}
          render={({ field, fieldState }) => (
            <Autocomplete
              options={accounts.options}
              loading={accounts.loading}
              disabled={role === "super_admin" && !agencyId}
              getOptionLabel={(o) => o.title}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={
                accounts.options.find((a) => a.id === field.value) ??
                (field.value ? (knownAccount?.id === field.value ? knownAccount : { id: Number(field.value), title: String(field.value) }) : null)
              }
              onInputChange={(e, text, reason) => {
                typing("account")(e, text, reason);
                if (reason === "input") accounts.setText(text);
              }}
              onChange={(_e, account) => {
                field.onChange(account?.id ?? "");
                chooseCommunity(null);
              }}
              loadingText={translate(h("loading"))}
              noOptionsText={translate(h("no_results"))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={translate(f("account"))}
                  color={assisted("account_id", fieldState.isDirty) ? "info" : undefined}
                  error={Boolean(fieldState.error) || Boolean(pickHint("account", field.value))}
                  helperText={fieldState.error ? translate(fieldState.error.message ?? REQUIRED) : (pickHint("account", field.value) ?? assistedHint("account_id", fieldState.isDirty))}
                />
              )}
            />
          )}
        />
      )}
      <Controller
        name="community_id"
        control={control}
        rules={{ required: REQUIRED }}
        render={({ field, fieldState }) => (
          <Autocomplete
            options={communities.options}
            loading={communities.loading}
            disabled={!accountId}
            getOptionLabel={(o) => o.title}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={tree && tree.id === communityId ? { id: tree.id, title: tree.title } : (communities.options.find((c) => c.id === communityId) ?? null)}
            onInputChange={(e, text, reason) => {
              typing("community")(e, text, reason);
              if (reason === "input") communities.setText(text);
            }}
            onChange={(_e, community) => chooseCommunity(community)}
            loadingText={translate(h("loading"))}
            noOptionsText={translate(h("no_results"))}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={translate(f("community"))}
                color={assisted("community_id", fieldState.isDirty) ? "info" : undefined}
                error={Boolean(fieldState.error) || Boolean(pickHint("community", field.value))}
                helperText={fieldState.error ? translate(fieldState.error.message ?? REQUIRED) : (pickHint("community", field.value) ?? assistedHint("community_id", fieldState.isDirty))}
              />
            )}
          />
        )}
      />
      <Controller
        name="building_id"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={translate(f("building"))}
            color={assisted("building_id", fieldState.isDirty) ? "info" : undefined}
            disabled={!tree || tree.buildings.length === 0}
            value={field.value === "" ? "" : String(field.value)}
            onChange={(e) => {
              field.onChange(e.target.value === "" ? "" : Number(e.target.value));
              setValue("unit_id", "", { shouldValidate: true });
            }}
            helperText={assistedHint("building_id", fieldState.isDirty) ?? hint}
          >
            <MenuItem value="">—</MenuItem>
            {(tree?.buildings ?? []).map((b) => (
              <MenuItem key={b.id} value={String(b.id)}>
                {b.title}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="unit_id"
        control={control}
        rules={{ required: REQUIRED }}
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label={translate(f("unit"))}
            disabled={units.length === 0}
            value={field.value === "" ? "" : String(field.value)}
            onChange={(e) => {
              const id = Number(e.target.value);
              field.onChange(id);
              // The unit's title goes into the primary insured's address line 2.
              setValue("users.0.street_two", units.find((u) => u.id === id)?.title ?? "");
            }}
            color={assisted("unit_id", fieldState.isDirty) ? "info" : undefined}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error
                ? translate(fieldState.error.message ?? REQUIRED)
                : tree && units.length === 0
                  ? translate(h("building_or_unit"))
                  : assistedHint("unit_id", fieldState.isDirty)
            }
          >
            {units.map((u) => (
              <MenuItem key={u.id} value={String(u.id)}>
                {u.title}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
};
