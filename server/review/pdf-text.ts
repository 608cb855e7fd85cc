import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js for Node (the legacy build), loaded once; its worker runs in this process. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs").then((lib) => {
    const require = createRequire(import.meta.url);
    lib.GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs")).href;
    return lib;
  });
  return pdfjs;
}

/**
 * The text layer of a PDF as lines, top to bottom, each line's pieces left to right (items are grouped by their
 * baseline). A scanned PDF without text gives no lines. At most `maxPages` pages are read: proofs are short.
 */
export async function pdfLines(data: Uint8Array, maxPages = 3): Promise<string[]> {
  const lib = await loadPdfJs();
  const doc = await lib.getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const rows = new Map<number, Array<{ x: number; text: string }>>();
      for (const item of content.items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const y = Math.round(item.transform[5]);
        const row = rows.get(y) ?? [];
        row.push({ x: item.transform[4], text: item.str });
        rows.set(y, row);
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        lines.push(rows.get(y)!.sort((a, b) => a.x - b.x).map((p) => p.text.trim()).join("  "));
      }
    }
    return lines;
  } finally {
    await doc.destroy();
  }
}
