import { useCallback, useState } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Typography,
} from "@mui/material";
import { Confirm, useNotify, useTranslate } from "react-admin";
import { FormProvider, useForm, useWatch } from "react-hook-form";
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
  /** Editing pending updates in Policy Review: the form saves into the revision, the policy stays as it is. */
  revision?: { policyId: number; revisionId: number; onSaved: () => void };
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
  revision,
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
  const [status, unitId, effective, files] = useWatch({
    control,
    name: ["status", "unit_id", "effective_date", "files"],
  });
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
        toFormData(values, reasons),
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
      notify(errors.number ? k("number_taken") : k("failure"), {
        type: "error",
        autoHideDuration: SNACK_LONG,
      });
    },
    [dmr, revision, editing, notify, onSaved, reset, setError, translate],
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
  return (
    <FormProvider {...form}>
      <PrefilledContext.Provider value={prefilled ?? NO_PREFILL}>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={translate(k("title"))}
        >
          <LocationInputs role={role} />
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

          <CoverageLimitsInput />
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
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!formState.isValid || busy || !unitId}
            >
              {translate(k("save"))}
            </Button>
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
}: {
  name: "effective_date" | "expiration_date" | "cancellation_date";
  label: string;
  min?: string;
  rules?: { validate?: (v: string) => string | true };
  inputName?: string;
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
    />
  );
}
