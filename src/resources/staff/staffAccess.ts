import type { Staff } from "../../dataProvider/types";

/** Agents (organizable Agency) are guarded as `agents`, property managers as `staff` (domain/access.ts). */
export const staffAccessResource = (record: Pick<Staff, "organizable_type"> | undefined) =>
  record?.organizable_type === "Agency" ? "agents" : "staff";

export const staffName = (record: Pick<Staff, "email" | "profile_attributes">) => record.profile_attributes?.full_name || record.email;

/** An invitation can be sent again until it is accepted (the server refuses an activated staff). */
export const canBeReInvited = (record: Pick<Staff, "invitation_pending">) => Boolean(record.invitation_pending);
