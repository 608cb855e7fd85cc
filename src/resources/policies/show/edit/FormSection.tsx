import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslate } from "react-admin";

/** A titled group of an editor's inputs (document 2 section 5's sections), three columns on wide screens. */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
};
