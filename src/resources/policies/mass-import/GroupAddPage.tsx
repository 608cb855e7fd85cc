import { useState } from "react";
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { getStoredUser, browserStorage, readAuthHeaders } from "../../../dataProvider/session";
import { prefixPath } from "../../../dataProvider/prefix";
import { uploadForm } from "../../../dataProvider/upload";
import { PageHeader } from "../../../layout/PageHeader";
import { GroupForm, groupFormData } from "./GroupForm";
import { massImportCrumbs } from "./GroupList";
import { failureLines, t } from "./massImportRules";
import type { GroupDetail, GroupFailure } from "./types";

/** GET /policy-application-groups/sample saved as rent-guarantee-sample.xlsx ("Download a sample"). */
async function downloadSample() {
  const storage = browserStorage();
  const headers = new Headers(Object.entries(readAuthHeaders(storage)).filter(([, v]) => v) as Array<[string, string]>);
  const response = await fetch(`/v2${prefixPath("/policy-application-groups/sample", getStoredUser(storage)?.role)}`, { headers });
  if (!response.ok) throw new Error(`sample: ${response.status}`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = "rent-guarantee-sample.xlsx";
  link.click();
  URL.revokeObjectURL(link.href);
}

/** policies/import/add: 'Import a Policy Application Group' (document 2 sections 2, 5, 7 and 8). */
export const GroupAddPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  return (
    <>
      <PageHeader titleKey={t("add.title")} crumbs={[...massImportCrumbs(translate), { label: translate(t("title")), to: "/dashboard/policies/import" }]} />
      <Card>
        <CardContent>
          <Box sx={{ mb: 2 }}>
            <Button variant="text" onClick={() => void downloadSample()}>
              {translate(t("add.download_sample"))}
            </Button>
          </Box>
          <GroupForm
            fileRequired
            busy={sending !== null}
            submitLabel={translate(t("add.start"))}
            onSubmit={async (values) => {
              setFailure(null);
              setSending(0);
              const { status, json } = await uploadForm<GroupDetail & GroupFailure>("/policy-application-groups", groupFormData(values), { onProgress: setSending });
              setSending(null);
              if (status >= 200 && status < 300 && json?.id) navigate(`/dashboard/policies/import/view/${json.id}`);
              else setFailure(failureLines(json).length ? failureLines(json) : [translate(t("failure"))]);
            }}
          />
          {sending !== null && <LinearProgress sx={{ mt: 2 }} variant="determinate" value={sending} />}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              <AlertTitle>{translate(t("add.error_title"))}</AlertTitle>
              {failure.map((line, i) => (
                <Typography key={i} variant="body2">
                  {line}
                </Typography>
              ))}
            </Alert>
          )}
        </CardContent>
      </Card>
    </>
  );
};
