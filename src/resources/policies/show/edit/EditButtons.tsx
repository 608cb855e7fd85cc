import { Box, Button } from "@mui/material";
import { useTranslate } from "react-admin";
import { useFormState } from "react-hook-form";
import { useNavigate } from "react-router-dom";

/** CANCEL goes back; SAVE is disabled while the form is invalid or saving (document 2 section 5). */
export const EditButtons = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { isValid, isSubmitting } = useFormState();
  return (
    <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", mt: 2 }}>
      <Button onClick={() => navigate(-1)}>{translate("app.policy_detail.edit.cancel")}</Button>
      <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
        {translate("app.policy_detail.edit.save")}
      </Button>
    </Box>
  );
};
