import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX, URL_MAX, email, requiredText, text } from "../../lib/input";
import { MESSAGES } from "../../lib/validators";
import { PERMISSION_CATALOGUE, PERMISSION_KEYS } from "../../../src/domain/permissions";
import { ForbiddenError } from "../../lib/errors";
import { newSecret } from "../../lib/tokens";
import { authenticate, requireCaller } from "../../plugins/auth";
import { PASSWORD_UPDATED, acceptInvitation, authHeaders, describeInvitation, requestPasswordReset, resetPassword, signIn, signOut } from "./auth.service";

/** The session calls of document 1 section 7 (never role-prefixed: readings C-26). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/staff/auth/sign_in",
    { schema: { body: z.object({ email: requiredText(EMAIL_MAX), password: text(PASSWORD_MAX).min(1, MESSAGES.requiredShort) }) } },
    async (request, reply) => {
      const { user, headers } = await signIn(app.db, app.env, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      reply.headers({ ...headers });
      return { data: user };
    },
  );

  app.get("/staff/auth/validate_token", { preHandler: authenticate }, async (request, reply) => {
    const { user, session } = requireCaller(request);
    // The token does not rotate (DESIGN.md section 3); the headers are echoed so the console can store them again.
    reply.headers({
      ...authHeaders(String(request.headers["access-token"]), session.client, session.expiresAt, user.email),
    });
    return { success: true, data: user };
  });

  app.delete("/staff/auth/sign_out", { preHandler: authenticate }, async (request) => {
    await signOut(app.db, requireCaller(request).session);
    return { success: true };
  });

  app.post(
    "/staff/auth/password",
    { schema: { body: z.object({ email, redirect_url: text(URL_MAX).optional() }) } },
    async (request) => {
      await requestPasswordReset(app.db, app.env, app.mailer, { email: request.body.email, ip: request.ip });
      return {
        success: true,
        message: `If ${request.body.email} has an account, an email has been sent with instructions to reset the password.`,
      };
    },
  );

  app.put(
    "/staff/auth/password",
    {
      schema: {
        body: z.object({
          password: text(PASSWORD_MAX),
          password_confirmation: text(PASSWORD_MAX),
          reset_password_token: requiredText(PASSWORD_MAX),
        }),
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { success: true, message: PASSWORD_UPDATED };
    },
  );

  // Invitation accept (readings C-54: PUT /staff/auth/invitation): the invitee sets a password and is signed in.
  app.put(
    "/staff/auth/invitation",
    {
      schema: {
        body: z.object({
          invitation_token: requiredText(PASSWORD_MAX),
          password: text(PASSWORD_MAX),
          password_confirmation: text(PASSWORD_MAX),
        }),
      },
    },
    async (request, reply) => {
      const { user, headers } = await acceptInvitation(app.db, app.env, { ...request.body, userAgent: request.headers["user-agent"] });
      reply.headers({ ...headers });
      return { success: true, data: user };
    },
  );

  app.get(
    "/staff/auth/invitation",
    { schema: { querystring: z.object({ invitation_token: requiredText(PASSWORD_MAX) }) } },
    async (request) => describeInvitation(app.db, request.query.invitation_token),
  );

  // The new-platform banner asks for a one-time token to carry the session across (document 1 section 1).
  app.post("/staff/auth/session_persist", { preHandler: authenticate }, async () => {
    return { secret_token: newSecret() };
  });

  const availablePermissions = async () =>
    PERMISSION_KEYS.map((key) => ({ key, ...PERMISSION_CATALOGUE[key], default_value: true }));
  for (const path of ["/staff_super_admin/global_agency_permissions/available_permissions", "/global_agency_permissions/available_permissions"]) {
    app.get(path, { preHandler: authenticate }, async (request) => {
      if (requireCaller(request).user.role !== "super_admin") throw new ForbiddenError();
      return availablePermissions();
    });
  }
};
