import { useCallback, useState } from "react";
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from "@mui/material";
import { CreateBase, Form, SaveButton, SelectInput, TextInput, Toolbar, required, useDataProvider, useTranslate, type Identifier } from "react-admin";
import type { Account, AppDataProvider } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { PICKER_PAGE_SIZE, useRelativePath } from "../common";
import { failureText, useRequest } from "../common/useRequest";
import { resourcePath } from "../paths";
import { AddressInputs } from "./AddressInputs";
import { UploadPropertiesForm } from "./UploadPropertiesForm";
import { SearchPicker, type Option } from "../common/SearchPicker";
import type { Insurable } from "./types";

const t = (key: string) => `resources.insurable.create.${key}`;

/** One community with its address; staff create in their own account, others pick one of theirs. */
const CommunityForm = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const ownAccount = user?.role === "staff" ? user.organizable_id : null;
  const [account, setAccount] = useState<Option | null>(null);
  const searchAccounts = useCallback(
    async (text: string) =>
      (
        await dataProvider.getList<Account>("accounts", { filter: text ? { title: { like: text } } : {}, pagination: { page: 1, perPage: PICKER_PAGE_SIZE.accounts }, sort: { field: "title", order: "ASC" } })
      ).data.map((a) => ({ id: Number(a.id), title: a.title })),
    [dataProvider],
  );
  return (
    <CreateBase
      resource="insurable"
      transform={(data: Record<string, unknown>) => ({ ...data, account_id: ownAccount ?? account?.id ?? null, addresses_attributes: [data.address_input] })}
      redirect={(_r?: string, id?: Identifier) => relative(resourcePath.view("insurable", id ?? ""))}
    >
      <Form defaultValues={{ insurable_type_id: 1 }}>
        <Typography variant="h6">{translate(t("community"))}</Typography>
        <Box sx={{ display: "grid", gap: 1, maxWidth: 720, mt: 1 }}>
          {!ownAccount && <SearchPicker label={translate("resources.insurable.fields.account_title")} value={account} onChange={setAccount} search={searchAccounts} />}
          <TextInput source="title" validate={required()} />
          <SelectInput
            source="insurable_type_id"
            choices={[1, 2, 3].map((id) => ({ id, name: translate(`resources.insurable.types.${id}`) }))}
            validate={required()}
          />
          <AddressInputs prefix="address_input" mandatory />
        </Box>
        <Toolbar>
          <SaveButton label={translate(t("save_community"))} />
        </Toolbar>
      </Form>
    </CreateBase>
  );
};

interface BulkResult {
  created: Array<{ id: number; title: string }>;
  already_created: string[];
  errors: Array<{ title: string; errors: string[] }>;
}

/** Buildings or units in bulk from ranges ("1..20", "A..F"): existing titles are skipped and listed. */
const RangesForm = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { request, say } = useRequest();
  const [community, setCommunity] = useState<Option | null>(null);
  const [building, setBuilding] = useState<Option | null>(null);
  const [kind, setKind] = useState<"buildings" | "units">("units");
  const [ranges, setRanges] = useState("");
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const searchCommunities = useCallback(
    async (text: string) => (await dataProvider.searchCommunities({ search: text || undefined })).map((c) => ({ id: c.id, title: c.title })),
    [dataProvider],
  );
  const searchBuildings = useCallback(
    async (text: string) =>
      (
        await dataProvider.getList<Insurable>("insurable", {
          filter: { insurable_id: community?.id, insurable_type_id: [7], ...(text ? { title: { like: text } } : {}) },
          pagination: { page: 1, perPage: 100 },
          sort: { field: "title", order: "ASC" },
        })
      ).data.map((b) => ({ id: b.id, title: b.title })),
    [dataProvider, community],
  );
  const submit = async () => {
    setError(null);
    setResult(null);
    const parent = kind === "units" && building ? building : community;
    try {
      const { json } = await request<BulkResult>("/insurables/bulk_create", {
        method: "POST",
        body: {
          insurables: {
            common_attributes: { insurable_type_id: kind === "buildings" ? 7 : 4, insurable_id: parent?.id },
            ranges: ranges.split(",").map((r) => r.trim()).filter(Boolean),
          },
        },
      });
      setResult(json);
      say("success", translate(t("bulk_done"), { created: json.created.length, skipped: json.already_created.length }));
    } catch (e) {
      setError(failureText(e) ?? translate("resources.insurable.failure"));
    }
  };
  return (
    <Box>
      <Typography variant="h6">{translate(t("bulk"))}</Typography>
      <Box sx={{ display: "grid", gap: 2, maxWidth: 720, mt: 1 }}>
        <SearchPicker
          label={translate(t("community_picker"))}
          value={community}
          onChange={(v) => {
            setCommunity(v);
            setBuilding(null);
          }}
          search={searchCommunities}
          noOptionsKey={t("no_results")}
        />
        <TextField select label={translate(t("kind"))} value={kind} onChange={(e) => setKind(e.target.value as "buildings" | "units")}>
          <MenuItem value="buildings">{translate("app.shell.titles.buildings")}</MenuItem>
          <MenuItem value="units">{translate("app.shell.titles.units")}</MenuItem>
        </TextField>
        {kind === "units" && (
          <Box>
            <SearchPicker label={translate(t("building_picker"))} value={building} onChange={setBuilding} search={searchBuildings} disabled={!community} noOptionsKey={t("no_buildings")} />
            <Typography variant="caption" color="text.secondary">
              {translate(t("skip_building"))}
            </Typography>
          </Box>
        )}
        <TextField label={translate(t("ranges"))} helperText={translate(t("ranges_hint"))} value={ranges} onChange={(e) => setRanges(e.target.value)} />
        <Box>
          <Button variant="contained" disabled={!community || !ranges.trim()} onClick={submit}>
            {translate(t("create_ranges"))}
          </Button>
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {result && (
          <Alert severity={result.errors.length ? "warning" : "success"}>
            <div>{translate(t("created"), { count: result.created.length })}</div>
            {result.already_created.length > 0 && <div>{translate(t("already_created"), { titles: result.already_created.join(", ") })}</div>}
            {result.errors.map((e) => (
              <div key={e.title}>
                {e.title}: {e.errors.join(", ")}
              </div>
            ))}
          </Alert>
        )}
      </Box>
    </Box>
  );
};

/** insurable/create, "Add a Property" (document 3): one community with its address, buildings and units by ranges, or a file. */
export const InsurableCreate = () => (
  <>
    <PageHeader titleKey="app.shell.titles.add_property" />
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <CommunityForm />
      </CardContent>
    </Card>
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <RangesForm />
      </CardContent>
    </Card>
    <Card>
      <CardContent>
        <UploadPropertiesForm />
      </CardContent>
    </Card>
  </>
);
