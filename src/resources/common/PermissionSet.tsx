import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { BooleanInput, useTranslate } from "react-admin";
import { ACCOUNT_PERMISSION_KEYS, PERMISSION_CATALOGUE, PERMISSION_KEYS, type PermissionEntry, type PermissionKey } from "../../domain/permissions";
import { FormGroup } from "./FormGroup";
import { YesNo } from "./YesNo";

/**
 * An organisation's permission set (reference section 3.2), the same for agencies and accounts: the Permissions tab's
 * table and the edit form's switches. Texts come from `resources.<resource>` (tabs.permissions, tab_columns.key and
 * .value, sections.permissions, permissions_hint, permission_locked).
 */
type PermissionResource = "agencies" | "accounts";

/** An account's set holds only the keys that apply to its staff (the server refuses the agency-only ones). */
const keysOf = (resource: PermissionResource): readonly PermissionKey[] => (resource === "accounts" ? ACCOUNT_PERMISSION_KEYS : PERMISSION_KEYS);

export const PermissionSetTable = ({ resource, permissions }: { resource: PermissionResource; permissions: PermissionEntry[] | undefined }) => {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate(`resources.${resource}.tabs.permissions`)}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(`resources.${resource}.tab_columns.key`)}</TableCell>
          <TableCell>{translate(`resources.${resource}.tab_columns.value`)}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(permissions ?? []).filter((p) => keysOf(resource).includes(p.key as PermissionKey)).map((p) => (
          <TableRow key={p.key}>
            <TableCell>{PERMISSION_CATALOGUE[p.key as PermissionKey]?.title ?? p.key}</TableCell>
            <TableCell>
              <YesNo value={p.value} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Form values hold the permission set as key → on (dots in keys would be paths: they become `__`). */
const formKey = (key: string) => key.replace(/\./g, "__");

export const permissionFormValues = (permissions: PermissionEntry[] | undefined) => Object.fromEntries((permissions ?? []).map((p) => [formKey(p.key), p.value]));

/** The whole set as the API takes it (`global_permission_attributes`): every key, on unless switched off. */
export const permissionSetPayload = (values: Record<string, boolean> | undefined, resource: PermissionResource) => ({
  permissions: keysOf(resource).map((key) => ({ key, value: values?.[formKey(key)] !== false })),
});

/**
 * One switch per key under `permissions.*`. A key the level above lacks (`above`: an account's agency) cannot be
 * switched on (the server refuses it too) and says why.
 */
export const PermissionSetInputs = ({ resource, above }: { resource: PermissionResource; above?: PermissionEntry[] }) => {
  const translate = useTranslate();
  const locked = new Set((above ?? []).filter((p) => p.value === false).map((p) => p.key));
  return (
    <FormGroup title={`resources.${resource}.sections.permissions`}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: "1 1 100% !important" }}>
        {translate(`resources.${resource}.permissions_hint`)}
      </Typography>
      {keysOf(resource).map((key) => (
        <BooleanInput
          key={key}
          source={`permissions.${formKey(key)}`}
          label={PERMISSION_CATALOGUE[key].title}
          readOnly={locked.has(key)}
          helperText={locked.has(key) ? `resources.${resource}.permission_locked` : false}
        />
      ))}
    </FormGroup>
  );
};
