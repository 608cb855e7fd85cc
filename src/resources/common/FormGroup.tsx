import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslate } from "react-admin";

/** A titled group of form fields laid out in a wrapping row (the forms' field groups). */
export const FormGroup = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: "100%", mb: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate(title)}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, "& > *": { flex: "1 1 240px" } }}>{children}</Box>
    </Box>
  );
};
