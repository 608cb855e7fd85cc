import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Link, Stack, TextField, Typography } from "@mui/material";
import { ThemeProvider, type Theme } from "@mui/material/styles";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import { HttpError, useDataProvider, useTranslate } from "react-admin";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import type { AppDataProvider, UploadLinkDescription } from "../../dataProvider";
import { PRODUCT_NAME } from "../../domain/constants";
import { formatCents, toCents } from "../../domain/money";
import { hideSplash } from "../../layout/splash";
import { usePageTitle } from "../../layout/usePageTitle";

const t = (key: string) => `app.resident_upload.${key}`;
/** The server's limit for coverage-proof files (DESIGN.md section 3: 30 MB). */
const MAX_MB = 30;
const ACCEPT = "application/pdf,image/jpeg,image/png,image/gif,image/webp";
const FIELDS = ["carrier", "policy_number", "effective_date", "expiration_date", "liability_limit"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | "file", string>>;

/** Why the page cannot offer the form: the server's code for a refused link, or a throttled or failed call. */
const REFUSED = { invalid_link: "invalid", expired_link: "expired", used_link: "used", revoked_link: "revoked", lease_ended: "lease_ended" } as const;
type Refusal = keyof typeof REFUSED | "throttled" | "failed";

function refusalOf(status: number, body: unknown): Refusal {
  const code = (body as { error?: unknown } | null)?.error;
  if (typeof code === "string" && Object.hasOwn(REFUSED, code)) return code as keyof typeof REFUSED;
  if (status === 429) return "throttled";
  if (status === 404) return "invalid_link";
  return "failed";
}

/** The agency's colour on buttons and the header when its branding profile is enabled; the console's theme otherwise. */
function brandTheme(color: string | undefined) {
  return (outer: Theme): Theme => {
    if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return outer;
    return { ...outer, palette: { ...outer.palette, primary: outer.palette.augmentColor({ color: { main: color } }) } };
  };
}

/**
 * /upload/:token: a resident's upload page (issue 17 section 2), outside the console and without a session. The mailed
 * link names one resident and unit; the page greets them, asks for the facts the Policy Review form needs (carrier,
 * number, dates, liability limit) and the declarations page, and sends them as a pending proof. A refused link (not a
 * link, expired, used) gets its own page. Field errors show under the fields and nothing typed is lost.
 */
export function ResidentUploadPage() {
  const translate = useTranslate();
  const { token = "" } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [link, setLink] = useState<UploadLinkDescription | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [values, setValues] = useState<Values>({ carrier: "", policy_number: "", effective_date: "", expiration_date: "", liability_limit: "" });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<Refusal | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  usePageTitle(translate(t("page_title")));
  useEffect(() => hideSplash(), []);

  useEffect(() => {
    let live = true;
    dataProvider.describeUploadLink(token).then(
      (answer) => live && setLink(answer),
      (e: unknown) => live && setRefusal(e instanceof HttpError ? refusalOf(e.status, e.body) : "failed"),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, token]);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const checkLocally = (): Errors => {
    const found: Errors = {};
    for (const field of FIELDS) if (!values[field].trim()) found[field] = translate(t("required"));
    const cents = toCents(values.liability_limit);
    if (values.liability_limit.trim() && (cents === null || cents <= 0)) found.liability_limit = translate(t("amount"));
    if (!file) found.file = translate(t("required"));
    else if (file.size > MAX_MB * 1024 * 1024) found.file = translate(t("file_too_large"), { mb: MAX_MB });
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = checkLocally();
    setErrors(local);
    setNotice(null);
    if (Object.keys(local).length || !file) return;
    const form = new FormData();
    for (const field of FIELDS) form.append(field, field === "liability_limit" ? String(toCents(values.liability_limit)) : values[field].trim());
    form.append("file", file, file.name);
    setProgress(0);
    const answer = await dataProvider.sendUploadLink(token, form, setProgress);
    setProgress(null);
    if (answer.status === 201) return setDone(true);
    const fieldErrors = (answer.json as { errors?: unknown } | null)?.errors;
    if (answer.status === 422 && fieldErrors && typeof fieldErrors === "object") return setErrors(fieldErrors as Errors);
    const refused = refusalOf(answer.status, answer.json);
    // A throttled or failed send keeps the form and what was typed: the resident tries again.
    if (refused === "throttled" || refused === "failed") setNotice(refused);
    else setRefusal(refused);
  };

  const branding = link?.branding ?? null;
  const frame = (children: ReactNode) => (
    <ThemeProvider theme={brandTheme(branding?.primary_color)}>
      <Box component="main" sx={{ minHeight: "100vh", bgcolor: "background.default", display: "flex", flexDirection: "column", alignItems: "center", px: { xs: 1.5, sm: 2 }, py: { xs: 2, sm: 5 } }}>
        <Box sx={{ width: "100%", maxWidth: 560, display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
          {branding?.logo_url ? (
            <Box component="img" src={branding.logo_url} alt={branding.agency_title ?? ""} sx={{ maxHeight: 48, maxWidth: 200, objectFit: "contain" }} />
          ) : (
            <img src="/logo.svg" alt={translate("app.shell.logo_alt")} width={144} height={32} />
          )}
          {branding?.agency_title && (
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, color: "primary.main" }}>
              {branding.agency_title}
            </Typography>
          )}
        </Box>
        <Card sx={{ width: "100%", maxWidth: 560, borderTop: 4, borderColor: "primary.main" }}>
          <CardContent sx={{ p: { xs: 2, sm: 4 } }}>{children}</CardContent>
        </Card>
        <Box component="footer" sx={{ width: "100%", maxWidth: 560, mt: 2, textAlign: "center", color: "text.secondary" }}>
          {branding?.footer_text && <Typography variant="body2">{branding.footer_text}</Typography>}
          {(branding?.contact_email || branding?.contact_phone) && (
            <Typography variant="body2">
              {translate(t("contact"))}{" "}
              {branding.contact_email && <Link href={`mailto:${branding.contact_email}`}>{branding.contact_email}</Link>}
              {branding.contact_email && branding.contact_phone && " · "}
              {branding.contact_phone}
            </Typography>
          )}
          <Typography variant="caption">{translate(t("powered_by"), { product: PRODUCT_NAME })}</Typography>
        </Box>
      </Box>
    </ThemeProvider>
  );

  if (refusal) {
    const titled = refusal !== "throttled" && refusal !== "failed";
    const key = titled ? REFUSED[refusal] : refusal;
    return frame(
      <Stack spacing={2} role="alert">
        <Typography variant="h5" component="h1">
          {translate(titled ? t(`${key}_title`) : t("page_title"))}
        </Typography>
        <Typography>{translate(t(key))}</Typography>
      </Stack>,
    );
  }
  if (!link) {
    return frame(
      <Stack direction="row" spacing={2} alignItems="center">
        <CircularProgress size={24} />
        <Typography>{translate(t("loading"))}</Typography>
      </Stack>,
    );
  }
  const unit = [link.unit.community, link.unit.title].filter(Boolean).join(", ");
  if (done) {
    return frame(
      <Stack spacing={2} alignItems="flex-start" role="status">
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1">
          {translate(t("done_title"))}
        </Typography>
        <Typography>{translate(t("done"), { account: link.account.title })}</Typography>
      </Stack>,
    );
  }

  const field = (name: Field, extra: { type?: string; inputMode?: "decimal"; autoComplete?: string } = {}) => (
    <TextField
      key={name}
      id={`upload-${name}`}
      name={name}
      label={translate(t(`fields.${name}`))}
      value={values[name]}
      onChange={change(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? " "}
      type={extra.type ?? "text"}
      autoComplete={extra.autoComplete ?? "off"}
      slotProps={{ inputLabel: extra.type === "date" ? { shrink: true } : undefined, htmlInput: { inputMode: extra.inputMode, maxLength: name === "carrier" ? 255 : 100 } }}
      required
      fullWidth
    />
  );
  const anyError = Object.values(errors).some(Boolean);

  return frame(
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(t("page_title"))}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{link.resident.name ? translate(t("hello"), { name: link.resident.name }) : translate(t("hello_anonymous"))}</Typography>
      <Typography sx={{ mb: 1 }}>{translate(t("intro"), { account: link.account.title, unit })}</Typography>
      {link.minimum_liability ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(t("minimum_liability"), { amount: formatCents(link.minimum_liability) })}
        </Typography>
      ) : null}
      {anyError && (
        <Alert severity="error" sx={{ my: 2 }}>
          {translate(t("fix_fields"))}
        </Alert>
      )}
      {notice && (
        <Alert severity="warning" sx={{ my: 2 }} onClose={() => setNotice(null)}>
          {translate(t(notice))}
        </Alert>
      )}
      <Stack spacing={0.5} sx={{ mt: 2 }}>
        {field("carrier", { autoComplete: "organization" })}
        {field("policy_number")}
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
          {field("effective_date", { type: "date" })}
          {field("expiration_date", { type: "date" })}
        </Box>
        {field("liability_limit", { inputMode: "decimal" })}
        <Box>
          <Typography component="label" htmlFor="upload-file" variant="body2" sx={{ display: "block", mb: 0.5, color: errors.file ? "error.main" : "text.secondary" }}>
            {translate(t("fields.file"))} *
          </Typography>
          <input
            ref={fileInput}
            id="upload-file"
            name="file"
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors(({ file: _cleared, ...rest }) => rest);
            }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ xs: "stretch", sm: "center" }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()}>
              {translate(file ? t("change_file") : t("choose_file"))}
            </Button>
            <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
              {file ? file.name : translate(t("no_file"))}
            </Typography>
          </Stack>
          <Typography variant="caption" sx={{ display: "block", mt: 0.5, color: errors.file ? "error.main" : "text.secondary" }} role={errors.file ? "alert" : undefined}>
            {errors.file ?? translate(t("file_hint"), { mb: MAX_MB })}
          </Typography>
        </Box>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={progress} />
          <Typography variant="caption">{translate(t("sending"), { percent: progress })}</Typography>
        </Box>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={progress !== null}>
        {translate(t("submit"))}
      </Button>
    </Box>,
  );
}
