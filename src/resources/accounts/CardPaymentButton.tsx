import { useEffect, useRef, useState } from "react";
import CreditCardIcon from "@mui/icons-material/CreditCard";
import { Button, Tooltip } from "@mui/material";
import { useCanAccess, useDataProvider, useNotify, useTranslate } from "react-admin";
import { useLocation, useNavigate } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";

type LinkState = { kind: "loading" } | { kind: "ready"; link: string; connected: boolean } | { kind: "unavailable"; message: string };

const k = (key: string) => `resources.accounts.card_payments.${key}`;
const messageOf = (error: unknown) => (error as { body?: { message?: string } }).body?.message ?? (error as Error).message;

/**
 * The account's card-payment provider link (document 3 section 7: GET /stripe/button_link, GET /stripe/connect/?code=).
 * The button opens the provider's page; the provider sends the user back here with ?code=&state=, which is handed to
 * /stripe/connect once. Without a configured provider the button is disabled and says so, in the server's words.
 */
export const CardPaymentButton = ({ accountId }: { accountId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: "accounts", action: "edit" });
  const [state, setState] = useState<LinkState>({ kind: "loading" });
  const returned = useRef(false);

  useEffect(() => {
    if (!canAccess) return;
    const params = new URLSearchParams(location.search);
    const code = params.get("code");
    const load = () =>
      dataProvider
        .request<{ link: string; connected: boolean }>("/stripe/button_link", { query: { account_id: accountId } })
        .then(({ json }) => setState({ kind: "ready", link: json.link, connected: json.connected }))
        .catch((error) => setState({ kind: "unavailable", message: messageOf(error) }));
    if (code && !returned.current) {
      returned.current = true;
      dataProvider
        .request<{ message: string }>("/stripe/connect/", { query: { code, state: params.get("state") ?? "", account_id: accountId } })
        .then(({ json }) => notify(json.message, { type: "success" }))
        .catch((error) => notify(messageOf(error), { type: "error" }))
        .finally(() => {
          navigate(location.pathname, { replace: true });
          void load();
        });
      return;
    }
    void load();
  }, [accountId, canAccess, dataProvider, location.pathname, location.search, navigate, notify]);

  if (!canAccess) return null;
  if (state.kind === "unavailable") {
    return (
      <Tooltip title={state.message}>
        <span>
          <Button disabled startIcon={<CreditCardIcon />}>
            {translate(k("not_configured"))}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button startIcon={<CreditCardIcon />} disabled={state.kind === "loading"} href={state.kind === "ready" ? state.link : undefined}>
      {translate(k(state.kind === "ready" && state.connected ? "reconnect" : "connect"))}
    </Button>
  );
};
