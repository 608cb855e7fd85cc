import { Chip } from "@mui/material";
import { useTranslate } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { YesNo } from "../common";

/** Yes/No, and whether the invitation still waits to be accepted (such a staff member cannot sign in yet). */
export const StaffEnabled = ({ record }: { record: Staff }) => {
  const translate = useTranslate();
  return (
    <>
      <YesNo value={record.enabled} />
      {record.invitation_pending && <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate("resources.staff.invitation_pending")} />}
    </>
  );
};
