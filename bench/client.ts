import { DEMO_PASSWORD } from "../server/db/demo-logins";

/** A small API client for the benchmark: loopback HTTP with Node's fetch, devise_token_auth headers. */
export type AuthHeaders = Record<"access-token" | "client" | "uid" | "token-type" | "expiry", string>;

const AUTH_HEADERS = ["access-token", "client", "uid", "token-type", "expiry"] as const;

export class ApiClient {
  constructor(private readonly base: string) {}

  async signIn(email: string): Promise<AuthHeaders> {
    const res = await fetch(`${this.base}/v2/staff/auth/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`sign in as ${email} answered ${res.status}: ${body}`);
    return Object.fromEntries(AUTH_HEADERS.map((h) => [h, res.headers.get(h) ?? ""])) as AuthHeaders;
  }

  /** GETs `path`, reads the whole body (a list is not done until its JSON is), and answers the response headers. */
  async get(path: string, auth: AuthHeaders): Promise<Headers> {
    const res = await fetch(`${this.base}${path}`, { headers: auth });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 200)}`);
    return res.headers;
  }

  async signOut(auth: AuthHeaders): Promise<void> {
    const res = await fetch(`${this.base}/v2/staff/auth/sign_out`, { method: "DELETE", headers: auth });
    await res.text();
  }
}
