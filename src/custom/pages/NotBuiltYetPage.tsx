import ConstructionIcon from "@mui/icons-material/Construction";
import { Alert, Card, CardContent } from "@mui/material";
import { useTranslate } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import type { NotBuiltRoute } from "./notBuiltRoutes";

/** A screen whose route, title, breadcrumbs and guards are real, and whose content a later issue builds. */
export function NotBuiltYetPage({ titleKey, crumbs = [] }: Pick<NotBuiltRoute, "titleKey" | "crumbs">) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey={titleKey} crumbs={crumbs.map((crumb) => ({ label: translate(crumb.titleKey), to: crumb.to }))} />
      <Card>
        <CardContent>
          <Alert severity="info" icon={<ConstructionIcon />}>
            <strong>{translate("app.shell.not_built")}</strong> {translate("app.shell.not_built_detail")}
          </Alert>
        </CardContent>
      </Card>
    </>
  );
}
