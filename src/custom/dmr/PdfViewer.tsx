import { useState } from "react";
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import { Box, Button, CircularProgress, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { Document, Page, pdfjs } from "react-pdf";
import { useTranslate } from "react-admin";
import "react-pdf/dist/Page/AnnotationLayer.css";
import "react-pdf/dist/Page/TextLayer.css";

// The worker is bundled by vite from pdfjs-dist (stack.md: react-pdf 10.5.0).
pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
// The Content-Security-Policy allows no eval: pdf.js must not even probe for it (server/plugins/security-headers.ts).
const PDF_OPTIONS = { isEvalSupported: false };

/**
 * The review dialog's PDF viewer (document 1 section 2.4): every page, a download and a close button, a spinner
 * while loading and 'Unable to load document' with Try Again when it fails. Loaded lazily (pdfjs is large and
 * cannot load under jsdom).
 */
export default function PdfViewer({ url, filename, onClose }: { url: string; filename: string; onClose: () => void }) {
  const translate = useTranslate();
  const [pages, setPages] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [width, setWidth] = useState(600);

  return (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }}>
          {filename}
        </Typography>
        <Tooltip title={translate("app.dmr.viewer.download")}>
          <IconButton component="a" href={url} download={filename} aria-label={translate("app.dmr.viewer.download")} size="small">
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate("app.dmr.viewer.close")}>
          <IconButton onClick={onClose} aria-label={translate("app.dmr.viewer.close")} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{ flex: 1, overflow: "auto", bgcolor: "grey.200", p: 1 }}
        ref={(node: HTMLDivElement | null) => {
          if (node && Math.abs(node.clientWidth - 24 - width) > 40) setWidth(Math.max(300, node.clientWidth - 24));
        }}
      >
        {failed ? (
          <Stack alignItems="center" spacing={2} sx={{ mt: 8 }} role="alert">
            <Typography>{translate("app.dmr.viewer.unable")}</Typography>
            <Button
              variant="outlined"
              onClick={() => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }}
            >
              {translate("app.dmr.viewer.try_again")}
            </Button>
          </Stack>
        ) : (
          <Document
            key={attempt}
            file={url}
            options={PDF_OPTIONS}
            onLoadSuccess={({ numPages }) => setPages(numPages)}
            onLoadError={() => setFailed(true)}
            loading={
              <Stack alignItems="center" sx={{ mt: 8 }}>
                <CircularProgress aria-label={translate("app.dmr.viewer.loading")} />
              </Stack>
            }
            error={<span />}
          >
            {Array.from({ length: pages }, (_, i) => (
              <Box key={i} sx={{ mb: 1, display: "flex", justifyContent: "center" }} data-testid="pdf-page">
                <Page pageNumber={i + 1} width={width} />
              </Box>
            ))}
          </Document>
        )}
      </Box>
    </Stack>
  );
}
