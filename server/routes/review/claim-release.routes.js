import { z } from "zod";
import { releaseClaim, verifyRelease } from "../../lib/claims";
import { ValidationError } from "../../lib/errors";
import { requiredText } from "../../lib/input";
const token = requiredText(400);
/**
 * `POST /v2/review_claims/release`: what a closing tab sends (navigator.sendBeacon: a text/plain body, no session
 * headers). The signed token the claim answered with is the only authority, and it releases only that reviewer's claim
 * on that item; a claim someone else took since is left alone. 204 whether or not there was still a claim to release.
 */
export const claimReleaseRoutes = async (app) => {
    app.post("/review_claims/release", { schema: { body: z.union([token, z.object({ token })]) } }, async (request, reply) => {
        const target = verifyRelease(typeof request.body === "string" ? request.body : request.body.token, app.env.FILES_SECRET);
        if (!target)
            throw new ValidationError({ token: "is not a valid release token" }, "The release token is not valid");
        await releaseClaim(app.db, target.type, target.id, target.staffId);
        reply.code(204);
        return null;
    });
};
