import { useCallback, useEffect, useMemo, useState } from "react";
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import MergeIcon from "@mui/icons-material/MergeType";
import { Button, Confirm, Loading, useDataProvider, useNotify, useTranslate } from "react-admin";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { AppDataProvider, User, UserMergePreview } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { MERGE_MAX_RECORDS, type MergeField } from "../../domain/userMerge";
import { PageHeader } from "../../layout/PageHeader";
import { setPath } from "../../resources/common";
import { SearchPicker, type Option } from "../../resources/common/SearchPicker";
import { failureText } from "../../resources/common/useRequest";
import { resourcePath } from "../../resources/paths";
import { userName } from "../../resources/users/userName";
import { USER_SEARCH_TYPES } from "../../resources/users/userSearch";

type Picked = Pick<User, "id" | "email" | "profile_attributes">;
const USER_PICKER_SIZE = 10;
const label = (user: Picked) => `${userName(user as User)} — ${user.email} (#${user.id})`;

/** The people chosen and the survivor, kept in the address (`?ids=1,2&survivor=1`) so a reload or a link keeps them. */
function useSelection() {
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => (params.get("ids") ?? "").split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0), [params]);
  const survivor = Number(params.get("survivor")) || undefined;
  const set = useCallback(
    (next: number[], nextSurvivor: number | undefined) => {
      const out = new URLSearchParams();
      if (next.length) out.set("ids", next.join(","));
      if (nextSurvivor && next.includes(nextSurvivor)) out.set("survivor", String(nextSurvivor));
      setParams(out, { replace: true });
    },
    [setParams],
  );
  return { ids, survivor: survivor && ids.includes(survivor) ? survivor : undefined, set };
}

/**
 * Merge Users (/dashboard/merge-users, a super-admin tool of document 3 section 6; issue 13 section 4): pick two or
 * more records of one person with the users search, choose the one that survives, read what would move and settle
 * each field whose values differ, then merge after confirming. The survivor's page opens after 'Success'.
 */
export const MergeUsersPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { ids, survivor, set } = useSelection();
  const [searchType, setSearchType] = useState(USER_SEARCH_TYPES[0].value);
  const [people, setPeople] = useState<Record<number, Picked>>({});
  const [preview, setPreview] = useState<UserMergePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Partial<Record<MergeField, number>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  // Records named in the address (a link from a user's page) are loaded for their names.
  const idsKey = ids.join(",");
  useEffect(() => {
    const missing = idsKey ? idsKey.split(",").map(Number).filter((id) => !people[id]) : [];
    if (!missing.length) return;
    void dataProvider.getMany<User>("users", { ids: missing }).then(({ data }) => setPeople((known) => ({ ...known, ...Object.fromEntries(data.map((u) => [u.id, u])) })));
  }, [idsKey, dataProvider, people]);

  const others = survivor ? ids.filter((id) => id !== survivor) : [];
  const othersKey = others.join(",");
  useEffect(() => {
    setPreview(null);
    setPreviewError(null);
    setChoices({});
    if (!survivor || !othersKey) return undefined;
    let live = true;
    dataProvider
      .previewUserMerge(survivor, othersKey.split(",").map(Number))
      .then((answer) => live && setPreview(answer))
      .catch((error: unknown) => live && setPreviewError(failureText(error) ?? translate("resources.users.merge.failure")));
    return () => {
      live = false;
    };
  }, [survivor, othersKey, dataProvider, translate]);

  const type = USER_SEARCH_TYPES.find((t) => t.value === searchType) ?? USER_SEARCH_TYPES[0];
  const search = useCallback(
    async (text: string): Promise<Option[]> => {
      if (!text) return [];
      const { data } = await dataProvider.getList<User>("users", {
        filter: setPath({}, type.path, { like: text }),
        pagination: { page: 1, perPage: USER_PICKER_SIZE },
        sort: { field: "profile_attributes.full_name", order: "ASC" },
      });
      setPeople((known) => ({ ...known, ...Object.fromEntries(data.map((u) => [u.id, u])) }));
      return data.filter((u) => !ids.includes(u.id)).map((u) => ({ id: u.id, title: label(u) }));
    },
    [dataProvider, type.path, ids],
  );

  const conflicts = preview?.fields.filter((f) => f.kept_user_id === null) ?? [];
  const unsettled = conflicts.filter((f) => choices[f.field] === undefined);
  const survivorRecord = survivor ? people[survivor] : undefined;

  const merge = async () => {
    if (!survivor) return;
    setBusy(true);
    try {
      const result = await dataProvider.mergeUsers(survivor, others, choices);
      notify("resources.users.merge.success", { type: "success", autoHideDuration: SNACK_SHORT });
      navigate(resourcePath.view("users", result.id));
    } catch (error) {
      notify(failureText(error) ?? "resources.users.merge.failure", { type: "error", autoHideDuration: SNACK_SHORT });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <PageHeader titleKey="app.shell.titles.merge_users" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate("resources.users.merge.pick.title")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate("resources.users.merge.pick.hint")}
          </Typography>
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
            <FormControl sx={{ width: 200 }}>
              <InputLabel id="merge-search-type">{translate("resources.users.merge.pick.search_type")}</InputLabel>
              <Select labelId="merge-search-type" label={translate("resources.users.merge.pick.search_type")} value={searchType} onChange={(e) => setSearchType(e.target.value)}>
                {USER_SEARCH_TYPES.map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {translate(t.label)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Box sx={{ flex: "1 1 360px" }}>
              <SearchPicker
                // A new picker after each pick: the search starts empty again instead of showing the last choice.
                key={idsKey}
                label={translate("resources.users.merge.pick.search")}
                value={null}
                disabled={ids.length >= MERGE_MAX_RECORDS}
                noOptionsKey="resources.users.merge.pick.no_results"
                search={search}
                onChange={(option) => option && set([...ids, option.id], survivor ?? ids[0] ?? option.id)}
              />
            </Box>
          </Box>
          {ids.length ? (
            <Table size="small" sx={{ mt: 2 }} aria-label={translate("resources.users.merge.pick.chosen")}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("resources.users.merge.pick.survivor")}</TableCell>
                  <TableCell>{translate("resources.users.fields.profile_attributes.full_name")}</TableCell>
                  <TableCell>{translate("resources.users.fields.email")}</TableCell>
                  <TableCell>{translate("resources.users.fields.id")}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {ids.map((id) => {
                  const person = people[id];
                  const name = person ? userName(person as User) : `#${id}`;
                  return (
                    <TableRow key={id} data-user-id={id}>
                      <TableCell padding="checkbox">
                        <Radio
                          checked={survivor === id}
                          onChange={() => set(ids, id)}
                          inputProps={{ "aria-label": translate("resources.users.merge.pick.keep", { name }) }}
                        />
                      </TableCell>
                      <TableCell>{name}</TableCell>
                      <TableCell>{person?.email ?? ""}</TableCell>
                      <TableCell>{id}</TableCell>
                      <TableCell align="right">
                        <IconButton
                          aria-label={translate("resources.users.merge.pick.remove", { name })}
                          onClick={() => {
                            const next = ids.filter((x) => x !== id);
                            set(next, survivor === id ? next[0] : survivor);
                          }}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          ) : null}
          {ids.length === 1 ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate("resources.users.merge.pick.one_more")}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {previewError ? <Alert severity="error">{previewError}</Alert> : null}
      {survivor && others.length && !preview && !previewError ? <Loading /> : null}
      {preview ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate("resources.users.merge.preview.title", { name: survivorRecord ? userName(survivorRecord as User) : `#${survivor}` })}
            </Typography>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate("resources.users.merge.preview.moves")}
            </Typography>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }} role="list" aria-label={translate("resources.users.merge.preview.moves")}>
              {Object.entries(preview.moves).map(([key, count]) => (
                <Chip role="listitem" key={key} data-move={key} label={`${translate(`resources.users.merge.moves.${key}`)}: ${count}`} variant={count ? "filled" : "outlined"} />
              ))}
            </Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate("resources.users.merge.preview.conflicts")}
            </Typography>
            {conflicts.length === 0 ? <Typography color="text.secondary">{translate("resources.users.merge.preview.no_conflicts")}</Typography> : null}
            {conflicts.map((field) => (
              <FormControl key={field.field} component="fieldset" sx={{ display: "block", mb: 2 }}>
                <FormLabel component="legend">{translate(`resources.users.merge.fields.${field.field}`)}</FormLabel>
                <RadioGroup
                  row
                  name={`choice-${field.field}`}
                  value={choices[field.field] === undefined ? "" : String(choices[field.field])}
                  onChange={(e) => setChoices((c) => ({ ...c, [field.field]: Number(e.target.value) }))}
                >
                  {field.values.map((v) => (
                    <FormControlLabel key={v.user_id} value={String(v.user_id)} control={<Radio />} label={`${v.value} (#${v.user_id})`} />
                  ))}
                </RadioGroup>
              </FormControl>
            ))}
            <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
              <Button variant="contained" label="resources.users.merge.merge" startIcon={<MergeIcon />} disabled={busy || unsettled.length > 0} onClick={() => setConfirming(true)} />
              {unsettled.length ? <Typography color="text.secondary">{translate("resources.users.merge.preview.choose_all")}</Typography> : null}
            </Box>
          </CardContent>
        </Card>
      ) : null}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="resources.users.merge.confirm.title"
        content="resources.users.merge.confirm.content"
        translateOptions={{ count: others.length, name: survivorRecord ? userName(survivorRecord as User) : `#${survivor}` }}
        onConfirm={merge}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
