import { useCallback, useEffect, useState } from "react";
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Typography,
} from "@mui/material";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { Controller, FormProvider, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { DeclineDialog } from "../../../custom/review/DeclineDialog";
import { uploadForm } from "../../../dataProvider/upload";
import { SNACK_LONG, SNACK_SHORT } from "../../../domain/constants";
import type { Role } from "../../../domain/roles";
import { usePolicyTypes } from "../browse/usePolicyTypes";
import type { PolicyDetail, PolicyDocument } from "../show/types";
import { serverMessage, usePolicyApi } from "../show/useApi";
import {
  CoverageLimitsInput,
  FormText,
  InsuredsInput,
  PrefilledContext,
} from "./ArrayInputs";
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TYPES,
  type CoverageProofValues,
  REVIEW_STATUSES,
  newUploadValues,
  oneYearAfter,
  selectablePolicyTypes,
  stripNumber,
  toFormData,
} from "./coverageProofRules";
import { LocationInputs } from "./LocationInputs";
import { type RequirementFacts, RequirementChecks } from "./RequirementChecks";

const f = (key: string) => `app.coverage_proof.fields.${key}`;
const k = (key: string) => `app.coverage_proof.${key}`;
const REVIEWERS: Role[] = ["super_admin", "policy_support"];
const today = () => new Date().toLocaleDateString("en-CA");
const NO_PREFILL = new Set<string>();

/** The file checks of document 1 section 5 for pdf-or-image, with the spec's messages. */
function checkFile(file: File): string | null {
  if (!/^application\/pdf$|^image\//.test(file.type))
    return "Not Allowed File extension";
  if (file.size > CERTIFICATE_MAX_BYTES) return "Max file size is 30 MB";
  return null;
}

export interface CoverageProofFormProps {
  role?: Role;
  /** The external policy being edited; a new upload without it. */
  policy?: PolicyDetail;
  initial: CoverageProofValues;
  onSaved?: (policyId: number) => void;
  /**
   * The DMR review (document 1 sections 3, 5, 8): the form posts to the file's submit call, every insured needs an
   * address, and success hands over to the dialog instead of resetting.
   */
  dmr?: { fileId: number; onSubmitted: () => void };
  /** Field names assisted review filled from the PDF. */
  prefilled?: Set<string>;
  /** The account assisted review located, so its picker shows its title before its options load. */
  knownAccount?: { id: number; title: string } | null;
  /** Editing pending updates in Policy Review: the form saves into the revision, the policy stays as it is. */
  revision?: { policyId: number; revisionId: number; version?: string; onSaved: () => void };
  /** Told whenever the form gains or loses unsaved edits (Policy Review asks before moving away from them). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shows the form without letting anyone save it (someone else holds the item). */
  readOnly?: boolean;
  /** The review's rule panel (issue 17): the chosen unit's requirement profile judged against the form. */
  requirements?: RequirementFacts;
}

/**
 * The coverage-proof form (document 2 sections 2, 4, 5, 7, 8): upload (`policies/upload-coverage-proof`) and the Edit
 * tab of an external policy. Files go up as one multipart form with progress; the server checks everything again.
 */
export const CoverageProofForm = ({
  role,
  policy,
  initial,
  onSaved,
  dmr,
  prefilled,
  knownAccount,
  revision,
  onDirtyChange,
  readOnly = false,
  requirements,
}: CoverageProofFormProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { request } = usePolicyApi();
  const types = selectablePolicyTypes(usePolicyTypes());
  const editing = Boolean(policy);
  const form = useForm<CoverageProofValues>({
    defaultValues: initial,
    mode: "onChange",
  });
  const {
    control,
    setValue,
    getValues,
    handleSubmit,
    reset,
    setError,
    formState,
  } = form;
  const [status, unitId, effective, files, agencyId, accountId, communityId] = useWatch({
    control,
    name: ["status", "unit_id", "effective_date", "files", "agency_id", "account_id", "community_id"],
  });
  // Why Save waits: each required picker still empty, in the words of document 1 section 5 (readings C-18).
  const missingPickers = [
    role === "super_admin" && !agencyId ? "agency" : null,
    role !== "staff" && !accountId ? "account" : null,
    !communityId ? "community" : null,
    !unitId ? "unit" : null,
  ].filter((name): name is string => Boolean(name));
  const [progress, setProgress] = useState<number | null>(null);
  const [declining, setDeclining] = useState<CoverageProofValues | null>(null);
  const [duplicate, setDuplicate] = useState<{
    id: number | null;
    status: string | null;
  } | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [documents, setDocuments] = useState<PolicyDocument[]>(
    policy?.documents ?? [],
  );
  const [deleting, setDeleting] = useState<PolicyDocument | null>(null);

  const send = useCallback(
    async (values: CoverageProofValues, reasons?: string[]) => {
      setProgress(0);
      const result = await uploadForm<{
        message?: string;
        errors?: Record<string, string>;
        policy?: { id: number };
      }>(
        revision
          ? `/policies/${revision.policyId}/policy_revisions/${revision.revisionId}`
          : dmr
            ? `/dmr/checked_files/${dmr.fileId}/submit`
            : editing
              ? "/policies/external/update"
              : "/policies/external/upload",
        // A save is made on what the reviewer read (issue 10): the policy's status, or the updates' version.
        toFormData(values, reasons, {
          expected_status: editing && !revision && !dmr ? policy?.status : undefined,
          version: revision?.version,
        }),
        { onProgress: setProgress, method: revision ? "PATCH" : "POST" },
      );
      setProgress(null);
      if (result.status >= 200 && result.status < 300) {
        const fallback = translate(dmr ? "app.dmr.submitted" : k("success"));
        notify(result.json?.message ?? fallback, {
          type: "success",
          autoHideDuration: SNACK_LONG,
          messageArgs: { _: result.json?.message ?? fallback },
        });
        if (revision) revision.onSaved();
        else if (dmr) dmr.onSubmitted();
        else if (editing) onSaved?.(result.json?.policy?.id ?? values.id!);
        // A new upload resets the form, keeping agency, account and policy type (document 2 section 2).
        else
          reset(
            newUploadValues({
              agency_id: values.agency_id,
              account_id: values.account_id,
              policy_type_id: values.policy_type_id,
            }),
          );
        return;
      }
      const errors = result.json?.errors ?? {};
      for (const [key, message] of Object.entries(errors)) {
        const name =
          key === "unit"
            ? "unit_id"
            : key.replace(/^users\.(\d+)\./, "users.$1.");
        setError(name as never, { type: "server", message });
      }
      // A conflict (someone else decided, changed or holds the item) says what happened in the server's words.
      const conflict = result.status === 409 && result.json?.message ? result.json.message : null;
      notify(errors.number ? k("number_taken") : (conflict ?? k("failure")), {
        type: "error",
        autoHideDuration: SNACK_LONG,
        ...(conflict ? { messageArgs: { _: conflict } } : {}),
      });
    },
    [dmr, revision, editing, policy?.status, notify, onSaved, reset, setError, translate],
  );

  const submit = handleSubmit(async (values) => {
    // Saving as rejected asks for the reasons first; cancelling that dialog aborts the save.
    if (values.status === "rejected") {
      setDeclining(values);
      return;
    }
    await send(values);
  });

  const checkDuplicate = async () => {
    const number = getValues("number");
    if (editing || dmr || !number) return;
    try {
      const { json } = await request<{
        policy?: { id: number | null; status: string | null };
      }>("/policies/external/check", {
        method: "POST",
        body: { policy: { number } },
      });
      if (json?.policy) setDuplicate(json.policy);
    } catch {
      // The server checks the number again on save.
    }
  };

  const addFiles = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problems = chosen
      .map((file) => checkFile(file))
      .filter((e): e is string => Boolean(e));
    setFileErrors(problems);
    const good = chosen.filter((file) => !checkFile(file));
    setValue("files", [
      ...getValues("files"),
      ...good.map((rawFile) => ({ rawFile, title: rawFile.name })),
    ]);
  };

  const deleteDocument = async (doc: PolicyDocument) => {
    try {
      await request(`/policies/${policy!.id}/delete_policy_document`, {
        method: "DELETE",
        body: { document_id: doc.id },
      });
      setDocuments((docs) => docs.filter((d) => d.id !== doc.id));
      notify(k("file_deleted"), {
        type: "success",
        autoHideDuration: SNACK_SHORT,
      });
    } catch (error) {
      const text = serverMessage(error);
      notify(text ?? k("failure"), {
        type: "error",
        autoHideDuration: SNACK_SHORT,
        messageArgs: { _: text ?? translate(k("failure")) },
      });
    } finally {
      setDeleting(null);
    }
  };

  const busy = formState.isSubmitting || progress !== null;
  const dirty = formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  return (
    <FormProvider {...form}>
      <PrefilledContext.Provider value={prefilled ?? NO_PREFILL}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={translate(k("title"))}
        >
          <Box component="fieldset" disabled={readOnly} inert={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0, ...(readOnly ? { opacity: 0.7 } : {}) }}>
          <LocationInputs role={role} knownAccount={knownAccount} />
          <Box
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" },
              gap: 2,
              mb: 2,
            }}
          >
            <Box onBlur={checkDuplicate}>
              <FormText
                name="number"
                label={f("number")}
                required
                parse={stripNumber}
              />
            </Box>
            <FormText
              name="out_of_system_carrier_title"
              label={f("carrier")}
              required
            />
            <FormText
              name="policy_type_id"
              label={f("policy_type")}
              required
              select
            >
              {types.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.title}
                </MenuItem>
              ))}
            </FormText>
            <Box
              onChange={(e) => {
                const value = (e.target as HTMLInputElement).value;
                if (
                  (e.target as HTMLInputElement).name === "effective" &&
                  /^\d{4}-\d{2}-\d{2}$/.test(value)
                )
                  setValue("expiration_date", oneYearAfter(value), {
                    shouldValidate: true,
                  });
              }}
            >
              <DateText
                name="effective_date"
                inputName="effective"
                label={f("effective_date")}
              />
            </Box>
            <DateText
              name="expiration_date"
              label={f("expiration_date")}
              min={effective}
              disabled={!effective}
              helper={effective ? undefined : "app.coverage_proof.hints.expiration_needs_effective"}
              rules={{
                validate: (v) =>
                  !effective || !v || v >= effective
                    ? true
                    : "cannot be before the effective date",
              }}
            />
            {role && REVIEWERS.includes(role) && (
              <FormText
                name="status"
                label={f("status")}
                required
                select
                parse={(v) => {
                  setValue(
                    "cancellation_date",
                    v === "cancelled" ? today() : "",
                    { shouldValidate: true },
                  );
                  return v;
                }}
              >
                {REVIEW_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(`app.coverage_proof.statuses.${s}`)}
                  </MenuItem>
                ))}
              </FormText>
            )}
            {status === "cancelled" && role === "super_admin" && (
              <DateText
                name="cancellation_date"
                label={f("cancellation_date")}
                rules={{
                  validate: (v) =>
                    v ? true : "app.errors.validation.required_short",
                }}
              />
            )}
          </Box>

          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate(f("documents"))}
            </Typography>
            {documents.length > 0 && (
              <List dense aria-label={translate(k("existing_documents"))}>
                {documents.map((doc) => (
                  <ListItem
                    key={doc.id}
                    secondaryAction={
                      <Button color="error" onClick={() => setDeleting(doc)}>
                        {translate(k("delete_document"))}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={<Link href={doc.url}>{doc.filename}</Link>}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Button component="label" variant="outlined">
              {translate(f("documents"))}
              <input
                hidden
                type="file"
                multiple
                accept={CERTIFICATE_TYPES}
                data-testid="certificate-input"
                onChange={(e) => addFiles(e.target.files)}
              />
            </Button>
            {(files ?? []).map((file, i) => (
              <Typography key={`${file.rawFile.name}-${i}`} variant="body2">
                {file.rawFile.name}
              </Typography>
            ))}
            {fileErrors.map((message, i) => (
              <Typography key={i} variant="body2" color="error">
                {message}
              </Typography>
            ))}
          </Box>

          {/* The DMR form edits system_purchased and each coverage's enabled flag (document 1 section 3). */}
          {dmr && (
            <Controller
              name="system_purchased"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  sx={{ mb: 1 }}
                  control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={translate(f("system_purchased"))}
                />
              )}
            />
          )}
          <CoverageLimitsInput editEnabled={Boolean(dmr)} />
          {requirements && <RequirementChecks {...requirements} />}
          <InsuredsInput
            requireAddress={dmr ? "all" : editing ? "primary" : "none"}
          />

          {progress !== null && (
            <Box sx={{ mb: 1 }}>
              <LinearProgress variant="determinate" value={progress} />
              <Typography variant="caption">
                {translate(k("uploading"), { percent: progress })}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 2 }}>
            {!readOnly && missingPickers.length > 0 && (
              <Box role="status" aria-label={translate(k("save_waits"))}>
                {missingPickers.map((name) => (
                  <Typography key={name} variant="caption" color="error" component="p">
                    {translate("app.errors.validation.required", { attribute: translate(`app.coverage_proof.attributes.${name}`) })}
                  </Typography>
                ))}
              </Box>
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={readOnly || !formState.isValid || busy || !unitId}
            >
              {translate(k("save"))}
            </Button>
          </Box>
          </Box>
        </Box>
      </PrefilledContext.Provider>

      {declining && (
        <DeclineDialog
          title={translate(k("decline.title_policy"))}
          onCancel={() => setDeclining(null)}
          onDecline={(reasons) => {
            const values = declining;
            setDeclining(null);
            void send(values, reasons);
          }}
        />
      )}
      {duplicate && (
        <Dialog
          open
          onClose={() => setDuplicate(null)}
          aria-labelledby="duplicate-title"
        >
          <DialogTitle id="duplicate-title">
            {translate(k("duplicate.title"))}
          </DialogTitle>
          <DialogContent>{translate(k("duplicate.text"))}</DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setValue("number", "", { shouldValidate: true });
                setDuplicate(null);
              }}
            >
              {translate(k("duplicate.no"))}
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                const found = duplicate;
                setDuplicate(null);
                // Yes keeps the number, and opens the existing policy's edit page unless it is verified.
                if (found.id && found.status !== "EXTERNAL_VERIFIED")
                  navigate(`/dashboard/policies/view/${found.id}/edit`);
              }}
            >
              {translate(k("duplicate.yes"))}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        title={k("delete_document_confirm")}
        content={deleting?.filename ?? ""}
        confirm={k("confirm.yes")}
        onConfirm={() => deleting && deleteDocument(deleting)}
        onClose={() => setDeleting(null)}
      />
    </FormProvider>
  );
};

/** A yyyy-MM-dd date input bound to the form. */
function DateText({
  name,
  label,
  min,
  rules,
  inputName,
  disabled,
  helper,
}: {
  name: "effective_date" | "expiration_date" | "cancellation_date";
  label: string;
  min?: string;
  rules?: { validate?: (v: string) => string | true };
  inputName?: string;
  disabled?: boolean;
  helper?: string;
}) {
  return (
    <FormText
      name={name}
      label={label}
      required
      rules={rules}
      type="date"
      min={min}
      inputName={inputName}
      disabled={disabled}
      helper={helper}
    />
  );
}
